// HTTP calls to an SMS provider over node:http and node:https with keep-alive agents, not fetch.
// A join into a short queue sends its customer a turn-near SMS, so a busy shop posts to the
// provider about as often as customers join: fetch (undici's WHATWG Request, Headers, Response
// and body streams around each call) was 9 % of the server's busy CPU in the joins bench, for a
// small JSON or form body out and a small JSON answer back (issue 29).
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

/** A provider that has not answered in this long is unreachable (the outbox tries again). */
export const PROVIDER_TIMEOUT_MS = 10_000;
/** An answer is read up to this size: a provider's answers are a few hundred bytes. */
const MAX_ANSWER_BYTES = 1 << 20;

// One connection pool per scheme for the process, as fetch's global dispatcher was.
const agents = {
  'http:': new HttpAgent({ keepAlive: true, maxSockets: 32 }),
  'https:': new HttpsAgent({ keepAlive: true, maxSockets: 32 }),
};

export interface ProviderAnswer {
  status: number;
  ok: boolean;
  /** The answer's body as JSON; rejects when it is not JSON. */
  json(): Promise<unknown>;
}

export interface ProviderRequest {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  /** PROVIDER_TIMEOUT_MS unless given (tests). */
  timeoutMs?: number;
}

/** Sends one request and reads its whole answer; rejects on a network error or the timeout. */
export function providerCall(url: string, init: ProviderRequest): Promise<ProviderAnswer> {
  return new Promise((resolve, reject) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      reject(new Error(`not a URL: ${url}`));
      return;
    }
    const protocol = target.protocol;
    if (protocol !== 'http:' && protocol !== 'https:') {
      reject(new Error(`unsupported protocol ${protocol}`));
      return;
    }
    const headers =
      init.body === undefined
        ? init.headers
        : { ...init.headers, 'content-length': String(Buffer.byteLength(init.body)) };
    const send = protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(
      target,
      {
        method: init.method,
        headers,
        agent: agents[protocol],
        signal: AbortSignal.timeout(init.timeoutMs ?? PROVIDER_TIMEOUT_MS),
      },
      (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= MAX_ANSWER_BYTES) chunks.push(chunk);
        });
        res.on('error', reject);
        // A connection cut (or the timeout) before the answer's end: no answer.
        res.on('close', () => {
          if (!res.complete) reject(new Error('the answer was cut off'));
        });
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status,
            ok: status >= 200 && status < 300,
            json: () => Promise.resolve().then(() => JSON.parse(text) as unknown),
          });
        });
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}
