// Server-Sent Events read through fetch, so the stream can carry the bearer token (EventSource
// cannot send headers). Yields the data of each message; the caller parses it.
export function parseSseChunk(buffer: string): {
  messages: string[];
  rest: string;
  /** The last `id:` among the complete messages, if any had one. */
  lastId?: string;
} {
  const messages: string[] = [];
  let lastId: string | undefined;
  const blocks = buffer.replace(/\r\n/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    const lines = block.split('\n');
    const id = lines.find((line) => line.startsWith('id:'));
    if (id !== undefined) lastId = id.slice(3).replace(/^ /, '');
    const data = lines
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).replace(/^ /, ''));
    if (data.length > 0) messages.push(data.join('\n'));
  }
  return { messages, rest, ...(lastId === undefined ? {} : { lastId }) };
}

/**
 * Reads one stream until it ends. `lastEventId`: the id of the last message received on an
 * earlier stream, so the server does not send an unchanged state again; `onId` hears each new one.
 */
export async function readSse(
  url: string,
  token: string,
  signal: AbortSignal,
  onMessage: (data: string) => void,
  onOpen: () => void,
  resume: { lastEventId: string; onId: (id: string) => void } = { lastEventId: '', onId: () => {} },
): Promise<void> {
  const response = await fetch(url, {
    headers: {
      Accept: 'text/event-stream',
      Authorization: `Bearer ${token}`,
      ...(resume.lastEventId ? { 'Last-Event-ID': resume.lastEventId } : {}),
    },
    signal,
    cache: 'no-store',
  });
  if (!response.ok || !response.body) throw new Error(`SSE ${response.status}`);
  onOpen();
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    const parsed = parseSseChunk(buffer + value);
    buffer = parsed.rest;
    if (parsed.lastId !== undefined) resume.onId(parsed.lastId);
    parsed.messages.forEach(onMessage);
  }
}
