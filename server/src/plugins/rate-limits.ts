// Rate limits for what can be brute-forced or flooded. Per IP on the routes that opt in (login,
// refresh, registration, recovery, orders), and per account in services/account-guard.ts. Every
// counter lives in the market's database, so several processes share one allowance.
import fp from 'fastify-plugin';
import { MARKETS, type Market } from '@jono/contract';
import { pruneCounters, takeAttempt, type Limit } from '../services/rate-counters';
import { pruneKnownAddresses } from '../services/account-guard';
import { tooMany } from '../services/rate-limit-rules';

export type { Limit } from '../services/rate-counters';
export {
  DEFAULT_LIMITS,
  RELAXED_LIMITS,
  tooMany,
  type RateLimitSettings,
} from '../services/rate-limit-rules';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Attempts per client IP on this route, counted in the market's database. */
    ipLimit?: Limit;
  }
}

/** Route config for an IP-based limit. */
export function ipLimit(limit: Limit) {
  return { ipLimit: limit };
}

const PRUNE_EVERY_MS = 10 * 60_000;

export default fp(async (app) => {
  app.addHook('onRequest', async (request, reply) => {
    const limit = request.routeOptions.config.ipLimit;
    if (!limit) return;
    const { market } = request.params as { market?: string };
    // An unknown market is refused by validation; nothing is counted for it.
    const ctx = (MARKETS as readonly string[]).includes(market ?? '')
      ? app.markets.get(market as Market)
      : undefined;
    if (!ctx) return;
    const key = `ip:${request.routeOptions.method}:${request.routeOptions.url}:${request.ip}`;
    const taken = await takeAttempt(ctx.db, [{ key, limit }], app.now());
    if (!taken.ok) {
      reply.header('retry-after', String(taken.retryAfterS));
      throw tooMany(taken.retryAfterS);
    }
  });

  const prune = setInterval(() => {
    for (const ctx of app.markets.values()) {
      Promise.all([pruneCounters(ctx.db, app.now()), pruneKnownAddresses(ctx, app.now())]).catch(
        (err: unknown) => app.log.warn({ err }, 'pruning rate counters failed'),
      );
    }
  }, PRUNE_EVERY_MS);
  prune.unref();
  app.addHook('onClose', async () => clearInterval(prune));
});
