// Requests sent to the app's own request handler over a loopback socket before the server
// listens (server.ts rehearses the hot paths so that a restart's first customers do not wait for
// their compilation). Over a real socket, the handler sees node:http's own IncomingMessage and
// ServerResponse, as every later request: `app.inject` would feed node's HTTP code its own
// request and response classes, and the inline caches of that code stay polymorphic for the
// life of the process (measured: 0.7 µs more per ready read, about 4 % of it, issue 29).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

export interface LoopbackRequest {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  /** A JSON body (POST). */
  json?: unknown;
}

/** The status of each request, sent one after another through `server`'s request handlers. */
export async function loopbackRequests(
  server: Server,
  requests: readonly LoopbackRequest[],
  /** The longest a request may go without a byte of its answer: then all of them fail. */
  timeoutMs = ANSWER_TIMEOUT_MS,
): Promise<number[]> {
  const handlers = server.listeners('request') as ((
    req: IncomingMessage,
    res: ServerResponse,
  ) => void)[];
  const loopback = createServer((req, res) => {
    for (const handler of handlers) handler(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    loopback.once('error', reject);
    loopback.listen(0, '127.0.0.1', resolve);
  });
  const { port } = loopback.address() as AddressInfo;
  const socket = connect(port, '127.0.0.1');
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    // A request without an answer ends the connection (and the rehearsal) instead of hanging.
    socket.setTimeout(timeoutMs, () => socket.destroy());
    const statuses: number[] = [];
    for (const request of requests) statuses.push(await send(socket, request));
    return statuses;
  } finally {
    socket.destroy();
    loopback.closeAllConnections();
    await new Promise<void>((resolve) => loopback.close(() => resolve()));
  }
}

const HEAD_END = '\r\n\r\n';
/** The longest a rehearsed request may go without a byte of its answer. */
const ANSWER_TIMEOUT_MS = 10_000;

/**
 * One request on the kept-alive connection, as a client's browser sends them (the same code
 * paths in node:http as later requests): its status, once its whole answer has come.
 */
function send(socket: Socket, request: LoopbackRequest): Promise<number> {
  const body = request.json === undefined ? '' : JSON.stringify(request.json);
  const head = [
    `${request.method} ${request.url} HTTP/1.1`,
    'host: 127.0.0.1',
    ...Object.entries(request.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
    ...(body
      ? ['content-type: application/json', `content-length: ${Buffer.byteLength(body)}`]
      : []),
  ];
  return new Promise((resolve, reject) => {
    let received = Buffer.alloc(0);
    const done = (err: Error | null, status?: number) => {
      socket.off('data', onData);
      socket.off('close', onClose);
      if (err) reject(err);
      else resolve(status ?? 0);
    };
    const onData = (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const text = received.toString('latin1');
      const end = text.indexOf(HEAD_END);
      if (end < 0) return;
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text);
      const length = /\r\ncontent-length: *(\d+)/i.exec(text.slice(0, end));
      if (!status || !length) {
        done(new Error(`an answer without status or length to ${request.method} ${request.url}`));
        return;
      }
      if (received.length >= end + HEAD_END.length + Number(length[1])) {
        done(null, Number(status[1]));
      }
    };
    const onClose = () => done(new Error(`no answer to ${request.method} ${request.url}`));
    socket.on('data', onData);
    socket.once('close', onClose);
    socket.write(`${head.join('\r\n')}${HEAD_END}${body}`);
  });
}
