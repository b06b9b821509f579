// GET /metrics: the process's Prometheus metrics (lib/metrics.ts), never public. It answers only
// with `Authorization: Bearer $METRICS_TOKEN` (compared in constant time); without the variable
// it does not exist (404). Also counts what happens at the edge: joins and their refusals by
// reason and latency, and rate-limit refusals, from the route and the answer, so the routes and
// services need no metric code of their own.
import { createHash, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../lib/http-error';
import {
  estimateAccuracy,
  joinAnswered,
  rateLimitRefused,
  registry,
  watchPools,
  type JoinSource,
} from '../lib/metrics';
import { shopAccuracy } from '../services/estimate-accuracy';

/** The routes that join a queue, by their kind. */
export const JOIN_ROUTES: Record<string, JoinSource> = {
  'POST /api/:market/customers/:id/orders/': 'app',
  'POST /api/:market/customers/:id/orders/:orderId/rejoin/': 'rejoin',
  'POST /api/:market/kiosk/:pobId/orders/': 'kiosk',
  'POST /api/:market/staff/walk-ins/': 'walk_in',
};

/** The estimate accuracy figures cover this many days and are recomputed at most this often. */
export const ACCURACY_DAYS = 7;
export const ACCURACY_EVERY_MS = 5 * 60_000;

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Whether `header` is `Bearer <token>`, in time independent of where they differ. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = header?.startsWith('Bearer ') ? header.slice(7) : '';
  return timingSafeEqual(digest(given), digest(token));
}

/** What a refused request was refused for: its error code ("joined" when it was not). */
function outcomeOf(status: number, error: unknown): string {
  if (status < 400) return 'joined';
  if (error instanceof HttpError) return error.code;
  if ((error as { validation?: unknown } | undefined)?.validation) return 'validation';
  return status === 429 ? 'rate_limited' : `http_${status}`;
}

export default fp(
  async (app) => {
    const errors = new WeakMap<FastifyRequest, unknown>();
    app.addHook('onError', async (request, _reply, error) => {
      errors.set(request, error);
    });
    app.addHook('onResponse', async (request, reply) => {
      const route = `${request.method} ${request.routeOptions.url ?? ''}`;
      const source = JOIN_ROUTES[route];
      if (source) {
        const { market } = request.params as { market?: string };
        if (market && app.markets.has(market as never)) {
          const outcome = outcomeOf(reply.statusCode, errors.get(request));
          joinAnswered(market, source, outcome, reply.elapsedTime / 1000);
        }
      }
      if (reply.statusCode === 429) rateLimitRefused(route);
    });

    const unwatch = watchPools(() =>
      [...app.markets.values()].map((ctx) => ({ market: ctx.market, ...ctx.store.pool() })),
    );
    app.addHook('onClose', async () => unwatch());

    // The closed loop is read from the database at a scrape, at most every ACCURACY_EVERY_MS.
    let accuracyAt = -Infinity;
    let refreshing: Promise<void> | undefined;
    const refreshAccuracy = async () => {
      const since = new Date(app.now() - ACCURACY_DAYS * 86_400_000);
      for (const ctx of app.markets.values()) {
        estimateAccuracy(ctx.market, await shopAccuracy(ctx.db, since));
      }
    };

    const token = app.env.METRICS_TOKEN;
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!token) return reply.callNotFound();
      if (!bearerMatches(request.headers.authorization, token)) {
        reply.header('www-authenticate', 'Bearer');
        return reply
          .code(401)
          .send({ error: 'unauthorized', message: 'A valid metrics token is required' });
      }
      if (performance.now() - accuracyAt >= ACCURACY_EVERY_MS) {
        refreshing ??= refreshAccuracy()
          .then(() => {
            accuracyAt = performance.now();
          })
          .catch((err: unknown) => request.log.warn({ err }, 'estimate accuracy not read'))
          .finally(() => {
            refreshing = undefined;
          });
        await refreshing;
      }
      reply.header('content-type', registry.contentType);
      reply.header('cache-control', 'no-store');
      return registry.metrics();
    });
  },
  { name: 'jono-metrics' },
);
