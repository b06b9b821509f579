// Server-Sent Events: one JSON message now and one after every change, a heartbeat comment,
// and clean-up of the subscription when the client goes away.
import type { FastifyReply, FastifyRequest } from 'fastify';

export const HEARTBEAT_MS = 20_000;

export interface SseSource {
  /** The message to send (computed once per change). */
  produce(): Promise<unknown>;
  /** Calls `onChange` on every change; answers the unsubscribe. */
  subscribe(onChange: () => void): () => void;
}

/**
 * Streams `source` to the client. `authorisedForMs`: how long the token the stream was opened
 * with stays valid; the stream ends then, and the client reconnects with a fresh token (so a
 * stream is never authorised longer than any other call with the same token).
 */
export function streamEvents(
  request: FastifyRequest,
  reply: FastifyReply,
  source: SseSource,
  authorisedForMs?: number,
) {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  raw.write('retry: 5000\n\n');

  let closed = false;
  let sending = false;
  let again = false;
  const send = async () => {
    if (closed) return;
    if (sending) {
      again = true;
      return;
    }
    sending = true;
    try {
      do {
        again = false;
        const message = await source.produce();
        if (closed) return;
        raw.write(`data: ${JSON.stringify(message)}\n\n`);
      } while (again && !closed);
    } catch (err) {
      request.log.warn({ err }, 'SSE message failed');
    } finally {
      sending = false;
    }
  };

  const unsubscribe = source.subscribe(() => void send());
  const heartbeat = setInterval(() => {
    if (!closed) raw.write(': heartbeat\n\n');
  }, HEARTBEAT_MS);
  heartbeat.unref();
  const expiry =
    authorisedForMs === undefined
      ? undefined
      : setTimeout(() => raw.end(), Math.max(0, authorisedForMs));
  expiry?.unref();
  raw.on('close', () => {
    closed = true;
    clearInterval(heartbeat);
    clearTimeout(expiry);
    unsubscribe();
  });
  void send();
}
