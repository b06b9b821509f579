// Rate limits for what can be brute-forced or flooded. Per IP on the routes that opt in (login,
// refresh, registration, recovery, orders), and per account in services/account-guard.ts. Every
// counter lives in the market's database, so several processes share one allowance.
import fp from 'fastify-plugin';
import { MARKETS, type Market } from '@jono/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import {
  giveBack,
  pruneCounters,
  takeAttempt,
  type CounterRule,
  type Limit,
} from '../services/rate-counters';
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
    /**
     * The handler counts the attempt itself, in a statement it sends anyway (ipAttempt); a
     * request the handler never reaches (refused by validation, say) is counted after its answer.
     */
    ipLimitInRoute?: boolean;
  }
  interface FastifyRequest {
    /** The handler counted this request's attempt (ipLimitInRoute). */
    ipCounted?: boolean;
  }
}

/** Route config for an IP-based limit. */
export function ipLimit(
  limit: Limit,
  opts: { inRoute?: boolean } = {},
): { ipLimit: Limit; ipLimitInRoute?: boolean } {
  return opts.inRoute ? { ipLimit: limit, ipLimitInRoute: true } : { ipLimit: limit };
}

/** The rule of a route's IP limit for this request. */
export function ipRule(request: FastifyRequest, limit: Limit): CounterRule {
  return {
    key: `ip:${request.routeOptions.method}:${request.routeOptions.url}:${request.ip}`,
    limit,
  };
}

/**
 * The handler of an `ipLimit(limit, { inRoute: true })` route counted its attempt (with
 * ATTEMPT_SQL in its own statement): `retryAfterS` non-null refuses it as the hook would have.
 */
export async function ipCounted(
  request: FastifyRequest,
  reply: FastifyReply,
  db: Db,
  rule: CounterRule,
  retryAfterS: number | null,
): Promise<void> {
  request.ipCounted = true;
  if (retryAfterS === null) return;
  await giveBack(db, [rule]);
  reply.header('retry-after', String(retryAfterS));
  throw tooMany(retryAfterS);
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
    if (request.routeOptions.config.ipLimitInRoute) return;
    const taken = await takeAttempt(ctx.db, [ipRule(request, limit)], app.now());
    if (!taken.ok) {
      reply.header('retry-after', String(taken.retryAfterS));
      throw tooMany(taken.retryAfterS);
    }
  });

  // A request of an in-route limit that never reached its handler still counts.
  app.addHook('onResponse', async (request) => {
    const limit = request.routeOptions.config.ipLimit;
    if (!limit || !request.routeOptions.config.ipLimitInRoute || request.ipCounted) return;
    const { market } = request.params as { market?: string };
    const ctx = (MARKETS as readonly string[]).includes(market ?? '')
      ? app.markets.get(market as Market)
      : undefined;
    if (!ctx) return;
    await takeAttempt(ctx.db, [ipRule(request, limit)], app.now()).catch((err: unknown) =>
      app.log.warn({ err }, 'counting an attempt failed'),
    );
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
