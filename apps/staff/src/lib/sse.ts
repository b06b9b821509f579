// Server-Sent Events read through fetch, so the stream can carry the bearer token (EventSource
// cannot send headers). Yields the data of each message; the caller parses it.
export function parseSseChunk(buffer: string): { messages: string[]; rest: string } {
  const messages: string[] = [];
  const blocks = buffer.replace(/\r\n/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    const data = block
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).replace(/^ /, ''));
    if (data.length > 0) messages.push(data.join('\n'));
  }
  return { messages, rest };
}

export async function readSse(
  url: string,
  token: string,
  signal: AbortSignal,
  onMessage: (data: string) => void,
  onOpen: () => void,
): Promise<void> {
  const response = await fetch(url, {
    headers: { Accept: 'text/event-stream', Authorization: `Bearer ${token}` },
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
    parsed.messages.forEach(onMessage);
  }
}
