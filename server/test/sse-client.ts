// A small SSE reader for tests: collects `data:` messages and waits for one that matches.
export interface SseClient {
  next<T>(match?: (msg: T) => boolean, timeoutMs?: number): Promise<T>;
  comments: string[];
  /** The `id:` of every data message, in order. */
  ids: string[];
  close(): void;
  status: number;
  contentType: string | null;
}

export async function openSse(
  url: string,
  headers: Record<string, string> = {},
): Promise<SseClient> {
  const abort = new AbortController();
  const res = await fetch(url, { headers, signal: abort.signal });
  const messages: unknown[] = [];
  const comments: string[] = [];
  const ids: string[] = [];
  const waiters = new Set<() => void>();
  let buffer = '';
  let ended = false;
  void (async () => {
    if (!res.body) return;
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const data = block
            .split('\n')
            .filter((l) => l.startsWith('data: '))
            .map((l) => l.slice(6))
            .join('\n');
          if (data) {
            messages.push(JSON.parse(data));
            const id = block.split('\n').find((l) => l.startsWith('id: '));
            ids.push(id ? id.slice(4) : '');
          }
          for (const l of block.split('\n')) if (l.startsWith(':')) comments.push(l);
          for (const w of waiters) w();
        }
      }
    } catch {
      // aborted
    } finally {
      ended = true;
      for (const w of waiters) w();
    }
  })();

  let read = 0;
  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    comments,
    ids,
    close: () => abort.abort(),
    next<T>(match: (msg: T) => boolean = () => true, timeoutMs = 5000): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        const check = () => {
          while (read < messages.length) {
            const msg = messages[read++] as T;
            if (match(msg)) {
              waiters.delete(check);
              clearTimeout(timer);
              resolve(msg);
              return;
            }
          }
          if (ended) {
            waiters.delete(check);
            clearTimeout(timer);
            reject(new Error('stream ended'));
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error('no matching SSE message in time'));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
}
