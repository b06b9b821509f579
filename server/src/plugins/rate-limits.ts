// Rate limits for what can be brute-forced or flooded. Per IP on the routes that opt in (login,
// refresh, registration, recovery, orders), and per account in services/account-guard.ts. Every
// counter lives in the market's database, so several processes share one allowance.
import fp from 'fastify-plugin';
import { MARKETS, type Market } from '@jono/contract';
import { HttpError } from '../lib/http-error';
import { pruneCounters, takeAttempt, type Limit } from '../services/rate-counters';
import { pruneKnownAddresses } from '../services/account-guard';

export type { Limit } from '../services/rate-counters';

export interface RateLimitSettings {
  /** Per IP and route, every attempt. */
  login: Limit;
  register: Limit;
  recovery: Limit;
  orders: Limit;
  /** Stream tickets per IP (each opens a minute of streams; a shop's devices share an address). */
  streamTickets: Limit;
  /** Wrong passwords per account (customer phone or staff username) and address. */
  loginFailuresPerAddress: Limit;
  /** Wrong passwords per account from every address it has never logged in from, together. */
  loginFailuresPerAccount: Limit;
  /** Wrong passwords per account from one address it has logged in from. */
  loginFailuresPerKnownAddress: Limit;
  /** Recovery codes asked for per phone and address. */
  codeRequestsPerAddress: Limit;
  /** Recovery codes asked for per phone from addresses it has never logged in from, together. */
  codeRequestsPerAccount: Limit;
  /** Wrong recovery codes per phone and address (a day: an address that asked for a code gets only these). */
  codeFailuresPerAddress: Limit;
  /** Wrong recovery codes per phone from addresses that neither know the account nor asked for its code. */
  codeFailuresPerAccount: Limit;
  /** SMS replies acted on per phone (more are recorded and not answered). */
  smsReplies: Limit;
  /** Staff notices to everyone waiting, per shop and day. */
  shopNotices: Limit;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const DEFAULT_LIMITS: RateLimitSettings = {
  login: { max: 10, windowMs: MINUTE },
  register: { max: 5, windowMs: MINUTE },
  recovery: { max: 5, windowMs: MINUTE },
  orders: { max: 20, windowMs: MINUTE },
  streamTickets: { max: 60, windowMs: MINUTE },
  loginFailuresPerAddress: { max: 5, windowMs: 15 * MINUTE },
  loginFailuresPerAccount: { max: 10, windowMs: DAY },
  loginFailuresPerKnownAddress: { max: 20, windowMs: DAY },
  codeRequestsPerAddress: { max: 3, windowMs: HOUR },
  codeRequestsPerAccount: { max: 3, windowMs: DAY },
  codeFailuresPerAddress: { max: 5, windowMs: DAY },
  codeFailuresPerAccount: { max: 10, windowMs: DAY },
  smsReplies: { max: 10, windowMs: 10 * MINUTE },
  shopNotices: { max: 3, windowMs: DAY },
};

/** For end-to-end suites on one machine (RELAXED_RATE_LIMITS=true, never in production). */
export const RELAXED_LIMITS: RateLimitSettings = Object.fromEntries(
  Object.entries(DEFAULT_LIMITS).map(([k, v]) => [k, { ...v, max: v.max * 100 }]),
) as unknown as RateLimitSettings;

export function tooMany(retryAfterS: number): HttpError {
  return new HttpError(429, 'rate_limited', `Too many attempts. Try again in ${retryAfterS} s.`);
}

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

const PRUNE_EVERY_MS = 10 * MINUTE;

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
