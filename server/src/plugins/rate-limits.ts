// Rate limits for what can be brute-forced: per IP through @fastify/rate-limit (routes opt in),
// and per phone number through a small in-process window counter.
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { HttpError } from '../lib/http-error';

export interface Limit {
  max: number;
  windowMs: number;
}

export interface RateLimitSettings {
  login: Limit;
  register: Limit;
  recovery: Limit;
  orders: Limit;
  /** Per phone number, across IPs. */
  perPhone: Limit;
}

export const DEFAULT_LIMITS: RateLimitSettings = {
  login: { max: 10, windowMs: 60_000 },
  register: { max: 5, windowMs: 60_000 },
  recovery: { max: 5, windowMs: 60_000 },
  orders: { max: 20, windowMs: 60_000 },
  perPhone: { max: 10, windowMs: 15 * 60_000 },
};

/** For end-to-end suites on one machine (RELAXED_RATE_LIMITS=true, never in production). */
export const RELAXED_LIMITS: RateLimitSettings = Object.fromEntries(
  Object.entries(DEFAULT_LIMITS).map(([k, v]) => [k, { ...v, max: v.max * 100 }]),
) as unknown as RateLimitSettings;

export default fp(async (app) => {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      error: 'rate_limited',
      message: `Too many attempts. Try again in ${Math.ceil(ctx.ttl / 1000)} s.`,
    }),
  });
});

/** Route config for an IP-based limit. */
export function ipLimit(limit: Limit) {
  return { rateLimit: { max: limit.max, timeWindow: limit.windowMs } };
}

/** Counts attempts per key (a phone number) in a fixed window; throws 429 when over. */
export class KeyedLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();
  constructor(
    private readonly limit: Limit,
    private readonly now: () => number,
  ) {}

  hit(key: string): void {
    const now = this.now();
    if (this.hits.size > 10_000) {
      for (const [k, v] of this.hits) if (v.resetAt <= now) this.hits.delete(k);
    }
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      this.hits.set(key, { count: 1, resetAt: now + this.limit.windowMs });
      return;
    }
    entry.count += 1;
    if (entry.count > this.limit.max) {
      const seconds = Math.ceil((entry.resetAt - now) / 1000);
      throw new HttpError(429, 'rate_limited', `Too many attempts. Try again in ${seconds} s.`);
    }
  }
}
