// Whether a request comes from this machine itself: the development outbox and the backup
// endpoint answer only such requests.
import type { FastifyRequest } from 'fastify';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/** The socket's peer is loopback and no proxy header says it forwards someone else. */
export function fromThisMachine(request: FastifyRequest): boolean {
  const h = request.headers;
  if (
    h['x-forwarded-for'] !== undefined ||
    h.forwarded !== undefined ||
    h['x-real-ip'] !== undefined
  )
    return false;
  return LOOPBACK.test(request.socket.remoteAddress ?? '');
}
