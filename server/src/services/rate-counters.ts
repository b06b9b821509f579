// Attempt counters in the market's database, so that every process counts on the same ones: a
// fixed window per key, taken atomically (an attempt over the limit is taken back and refused).
import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateCounters } from '../db/schema';
import { sha256 } from '../lib/tokens';

export interface Limit {
  max: number;
  windowMs: number;
}

export interface CounterRule {
  /** What is counted, e.g. `login:address:customer:+358401234567:203.0.113.5`. */
  key: string;
  limit: Limit;
}

export type Taken = { ok: true } | { ok: false; retryAfterS: number };

/**
 * Counts one attempt on every rule. When any counter is then over its limit, the attempt is
 * taken back from all of them and refused with the seconds until that counter's window ends.
 */
export async function takeAttempt(db: Db, rules: CounterRule[], now: number): Promise<Taken> {
  if (rules.length === 0) return { ok: true };
  const at = new Date(now);
  // Rows are locked in one order (by key) everywhere, so concurrent attempts cannot deadlock.
  const byHash = new Map(
    rules.map((r) => [sha256(r.key), r] as const).sort(([x], [y]) => (x < y ? -1 : 1)),
  );
  const rows = await db
    .insert(rateCounters)
    .values(
      [...byHash].map(([key, r]) => ({ key, hits: 1, resetAt: new Date(now + r.limit.windowMs) })),
    )
    .onConflictDoUpdate({
      target: rateCounters.key,
      set: {
        hits: sql`case when ${rateCounters.resetAt} <= ${at.toISOString()}::timestamptz then 1 else ${rateCounters.hits} + 1 end`,
        resetAt: sql`case when ${rateCounters.resetAt} <= ${at.toISOString()}::timestamptz then excluded.reset_at else ${rateCounters.resetAt} end`,
      },
    })
    .returning();
  let retryAfterMs = 0;
  for (const row of rows) {
    const rule = byHash.get(row.key);
    if (rule && row.hits > rule.limit.max) {
      retryAfterMs = Math.max(retryAfterMs, row.resetAt.getTime() - now);
    }
  }
  if (retryAfterMs === 0) return { ok: true };
  await giveBack(db, rules);
  return { ok: false, retryAfterS: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
}

/**
 * One rule's attempt as the body of a data-modifying WITH, so that a route can count it in the
 * statement that reads what it needs (the join: one round trip fewer). Constant text, for a named
 * statement: $1 the key's hash, $2 the window's end if it starts now, $3 now (attemptParams). It
 * returns the counter's `hits` and `reset_at` after the attempt; `refusal` reads them.
 */
export const ATTEMPT_SQL =
  'insert into rate_counters (key, hits, reset_at) values ($1, 1, $2::timestamptz) on conflict (key) do update set hits = case when rate_counters.reset_at <= $3::timestamptz then 1 else rate_counters.hits + 1 end, reset_at = case when rate_counters.reset_at <= $3::timestamptz then excluded.reset_at else rate_counters.reset_at end returning hits, reset_at';

/** ATTEMPT_SQL's parameters for `rule` at `now`. */
export function attemptParams(rule: CounterRule, now: number): [string, string, string] {
  return [
    sha256(rule.key),
    new Date(now + rule.limit.windowMs).toISOString(),
    new Date(now).toISOString(),
  ];
}

/**
 * The seconds to wait when an attempt counted by ATTEMPT_SQL is over its rule's limit (the caller
 * then takes it back with giveBack, as takeAttempt does), or null when it is allowed.
 */
export function refusal(
  rule: CounterRule,
  hits: number,
  resetAt: Date | string,
  now: number,
): number | null {
  if (Number(hits) <= rule.limit.max) return null;
  const retryAfterMs = new Date(resetAt).getTime() - now;
  return Math.max(1, Math.ceil(retryAfterMs / 1000));
}

/** Takes back one attempt from every rule (a correct password or code does not count). */
export async function giveBack(db: Db, rules: CounterRule[]): Promise<void> {
  for (const key of rules.map((r) => sha256(r.key)).sort()) {
    await db
      .update(rateCounters)
      .set({ hits: sql`greatest(${rateCounters.hits} - 1, 0)` })
      .where(eq(rateCounters.key, key));
  }
}

/** Deletes counters whose window has ended. */
export async function pruneCounters(db: Db, now: number): Promise<void> {
  await db.delete(rateCounters).where(lt(rateCounters.resetAt, new Date(now)));
}
