// HTTP as separate clients would send it: node:http with a loopback source address of our
// choosing (127.0.0.0/8 is all this machine), so that nginx sees each simulated customer as
// its own address; and an EventSource-like reader that reconnects with Last-Event-ID.
import { request as httpRequest, type IncomingMessage } from 'node:http';

export interface Answer<T = unknown> {
  status: number;
  json: T;
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  token?: string;
  /** Source address (127.x.y.z). */
  from?: string;
  headers?: Record<string, string>;
}

/** One request on a fresh connection; a connection failure answers status 0. */
export function call<T = unknown>(url: string, opts: RequestOptions = {}): Promise<Answer<T>> {
  const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  return new Promise((resolve) => {
    const req = httpRequest(
      url,
      {
        method: opts.method ?? 'GET',
        agent: false,
        localAddress: opts.from,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
          ...opts.headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          let json: unknown;
          try {
            json = text ? JSON.parse(text) : null;
          } catch {
            json = text;
          }
          resolve({ status: res.statusCode ?? 0, json: json as T });
        });
        res.on('error', () => resolve({ status: 0, json: null as T }));
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: 0, json: null as T }));
    req.end(body);
  });
}

/** The n-th simulated client's address: 127.0.x.y, never 127.0.0.1. */
export const address = (n: number) => `127.0.${(n >> 8) & 255}.${(n & 255) + 1}`;

export interface LiveStream {
  /** Connections made so far (1 + reconnects). */
  readonly connects: number;
  /** Whether a connection is open now. */
  readonly open: boolean;
  /** The newest message. */
  latest<T>(): T | undefined;
  /** Waits for a message (from now on, or the newest if it matches) that matches. */
  next<T>(match: (msg: T) => boolean, timeoutMs?: number): Promise<T>;
  close(): void;
}

/**
 * Reads a Server-Sent Events stream and reconnects when it ends or fails, as EventSource does
 * (sending Last-Event-ID when the server gave ids), after a short jittered pause.
 */
export function liveStream(url: string, opts: { token?: string; from?: string } = {}): LiveStream {
  const messages: unknown[] = [];
  const waiters = new Set<() => void>();
  let connects = 0;
  let open = false;
  let closed = false;
  let lastEventId: string | undefined;
  let current: ReturnType<typeof httpRequest> | undefined;

  function connect() {
    if (closed) return;
    connects += 1;
    // Each connection ends once, however it ends (answer, reset, refused): then the next one.
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      open = false;
      if (!closed) setTimeout(connect, 100 + Math.random() * 200);
    };
    current = httpRequest(url, {
      agent: false,
      localAddress: opts.from,
      headers: {
        accept: 'text/event-stream',
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
      },
    });
    current.on('error', end);
    current.on('response', (res: IncomingMessage) => {
      res.on('end', end);
      res.on('close', end);
      res.on('error', end);
      if (res.statusCode !== 200) {
        res.resume();
        return;
      }
      open = true;
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
            else if (line.startsWith('id:')) lastEventId = line.slice(3).trim();
          }
          if (data.length > 0) {
            messages.push(JSON.parse(data.join('\n')));
            for (const w of waiters) w();
          }
        }
      });
    });
    current.end();
  }
  connect();

  return {
    get connects() {
      return connects;
    },
    get open() {
      return open;
    },
    latest: <T>() => messages[messages.length - 1] as T | undefined,
    next<T>(match: (msg: T) => boolean, timeoutMs = 20_000): Promise<T> {
      let read = Math.max(0, messages.length - 1);
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
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching message from ${url} in time`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close() {
      closed = true;
      current?.destroy();
    },
  };
}
