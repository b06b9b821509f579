// Liveness and readiness, kept apart, and the node's part of a graceful shutdown.
//
// - GET /healthz (liveness): the process answers. It checks nothing else, so a database outage
//   never makes a supervisor restart every node at once.
// - GET /readyz (readiness): this node should get traffic: it is not draining and every market's
//   database answers `select 1` within READY_TIMEOUT_MS. 503 with the reason otherwise.
//
// Draining (SIGTERM, see server.ts, or app.close()): /readyz answers 503 at once, and every answer
// from then on carries `Connection: close`, so the balancer's keep-alive connections to this node
// end with the request in flight on them instead of lingering for the keep-alive timeout.
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';

export const READY_TIMEOUT_MS = 2_000;

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: {
      /** Set when the node starts shutting down: not ready, connections close after each answer. */
      draining: boolean;
    };
  }
}

export default fp(
  async (app) => {
    const lifecycle = { draining: false };
    app.decorate('lifecycle', lifecycle);
    app.addHook('preClose', async () => {
      lifecycle.draining = true;
    });
    app.addHook('onSend', async (_request, reply) => {
      if (lifecycle.draining) reply.header('connection', 'close');
    });

    app.get('/healthz', { schema: { hide: true } }, async () => ({
      status: 'ok',
      markets: [...app.markets.keys()],
    }));

    app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      if (lifecycle.draining) return reply.code(503).send({ status: 'draining' });
      const failing: string[] = [];
      await Promise.all(
        [...app.markets.values()].map(async (ctx) => {
          let timer: NodeJS.Timeout | undefined;
          const timeout = new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error('timeout')), READY_TIMEOUT_MS);
          });
          try {
            await Promise.race([ctx.db.execute(sql`select 1`), timeout]);
          } catch {
            failing.push(ctx.market);
          } finally {
            clearTimeout(timer);
          }
        }),
      );
      if (failing.length > 0) {
        return reply.code(503).send({ status: 'database_unavailable', markets: failing.sort() });
      }
      return { status: 'ready' };
    });
  },
  { name: 'jono-health' },
);
