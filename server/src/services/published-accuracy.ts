// Published accuracy: how honest the shown waits were, per shop and chain-wide, from the closed
// loop's records (wait_estimates, each estimate a customer was shown) and the waits that followed
// (the orders' started_at), as `npm run accuracy` reads them. Published only from
// ACCURACY_MIN_ESTIMATES estimates with a known outcome in ACCURACY_DAYS days (below that, one
// odd day would swing the figure); kept ACCURACY_TTL_MS per shop, since it moves slowly.
import { and, eq, gte, isNotNull, or } from 'drizzle-orm';
import {
  ACCURACY_DAYS,
  ACCURACY_MIN_ESTIMATES,
  type ChainAccuracy,
  type OperatorAccuracy,
  type ShopAccuracy,
} from '@jono/contract';
import { localDateHour, waitAfterEstimate } from '@jono/queue';
import type { MarketContext } from '../context';
import { orders, waitEstimates } from '../db/schema';
import { checkedInAtOf } from './queue-load';

export const ACCURACY_TTL_MS = 10 * 60_000;
const DAY = 86_400_000;
/** Stored estimates read at most per call (the latest): a month of a very busy chain. */
const MAX_ROWS = 200_000;

export interface Outcome {
  pobId: number;
  at: number;
  shown: number;
  low: number;
  high: number;
  /** Minutes actually waited after the estimate was shown. */
  actual: number;
}

/** A shown wait and what followed it: `wait_estimates` joined with its order. */
export const shownWaitColumns = {
  at: waitEstimates.at,
  wait: waitEstimates.wait,
  low: waitEstimates.low,
  high: waitEstimates.high,
  startedAt: orders.startedAt,
  turnAt: orders.turnAt,
  checkedInAt: orders.checkedInAt,
  customerAtPob: orders.customerAtPob,
  joinedAt: orders.joinedAt,
};

/** Minutes actually waited after a shown wait (read with shownWaitColumns); null while unknown. */
export function waitedAfter(r: {
  at: Date;
  startedAt: Date | null;
  turnAt: Date | null;
  checkedInAt: Date | null;
  customerAtPob: boolean;
  joinedAt: Date;
}): number | null {
  return waitAfterEstimate(r.at.getTime(), {
    startedAt: r.startedAt?.getTime() ?? null,
    turnAt: r.turnAt?.getTime() ?? null,
    checkedInAt: checkedInAtOf(r),
  });
}

export async function outcomesSince(
  ctx: MarketContext,
  since: number,
  pobId?: number,
): Promise<Outcome[]> {
  const rows = await ctx.db
    .select({ pobId: waitEstimates.pobId, ...shownWaitColumns })
    .from(waitEstimates)
    .innerJoin(orders, eq(orders.id, waitEstimates.orderId))
    .where(
      and(
        gte(waitEstimates.at, new Date(since)),
        or(isNotNull(orders.startedAt), isNotNull(orders.turnAt)),
        pobId === undefined ? undefined : eq(waitEstimates.pobId, pobId),
      ),
    )
    .limit(MAX_ROWS);
  const out: Outcome[] = [];
  for (const r of rows) {
    const actual = waitedAfter(r);
    if (actual === null) continue;
    out.push({
      pobId: r.pobId,
      at: r.at.getTime(),
      shown: r.wait,
      low: r.low,
      high: r.high,
      actual,
    });
  }
  return out;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return 0;
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

/** The three figures of a set of outcomes (no threshold). */
export function figures(list: readonly Outcome[]) {
  const n = list.length;
  if (n === 0) return null;
  const inside = list.filter((o) => o.actual >= o.low && o.actual <= o.high).length;
  const longer = list.filter((o) => o.actual - o.shown > 10).length;
  return {
    estimates: n,
    inside_range: round(inside / n, 3),
    median_error: round(median(list.map((o) => Math.abs(o.actual - o.shown))), 1),
    longer_by_10: round(longer / n, 3),
  };
}

/** The published figure: null below ACCURACY_MIN_ESTIMATES. */
export function publishedAccuracy(
  list: readonly Outcome[],
  days = ACCURACY_DAYS,
): ShopAccuracy | null {
  if (list.length < ACCURACY_MIN_ESTIMATES) return null;
  const f = figures(list);
  return f ? { days, ...f } : null;
}

const isoDate = (d: { year: number; month: number; day: number }) =>
  `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;

/** Per local day of `timeZone`, the last `days` days up to `now` (days without estimates too). */
export function accuracyPerDay(
  list: readonly Outcome[],
  timeZone: string,
  now: number,
  days = ACCURACY_DAYS,
): OperatorAccuracy['per_day'] {
  const byDay = new Map<string, Outcome[]>();
  for (const o of list) {
    const key = isoDate(localDateHour(o.at, timeZone));
    const bucket = byDay.get(key) ?? [];
    bucket.push(o);
    byDay.set(key, bucket);
  }
  const out: OperatorAccuracy['per_day'] = [];
  for (let i = days - 1; i >= 0; i--) {
    const date = isoDate(localDateHour(now - i * DAY, timeZone));
    if (out.some((d) => d.date === date)) continue;
    const f = figures(byDay.get(date) ?? []);
    out.push({
      date,
      estimates: f?.estimates ?? 0,
      inside_range: f?.inside_range ?? null,
      median_error: f?.median_error ?? null,
      longer_by_10: f?.longer_by_10 ?? null,
    });
  }
  return out;
}

/**
 * The whole chain's figures across markets: each market's outcomes read in its own schema
 * (decision 009: no query joins two), each estimate counted on its own market's local date
 * (the markets' days start an hour apart), then taken together. The same threshold applies to the
 * total and to each market's.
 */
export async function chainAccuracy(
  contexts: readonly MarketContext[],
  now: number,
  days = ACCURACY_DAYS,
): Promise<ChainAccuracy> {
  const lists = await Promise.all(
    contexts.map(async (ctx) => ({ ctx, list: await outcomesSince(ctx, now - days * DAY) })),
  );
  const all = lists.flatMap((l) => l.list);
  const byDate = new Map<string, Outcome[]>();
  for (const { ctx, list } of lists) {
    for (const o of list) {
      const key = isoDate(localDateHour(o.at, ctx.info.timeZone));
      const bucket = byDate.get(key) ?? [];
      bucket.push(o);
      byDate.set(key, bucket);
    }
  }
  // The dates: the last `days` local dates of any of the markets (they differ by at most one).
  const dates = new Set<string>();
  for (const { ctx } of lists) {
    for (let i = days - 1; i >= 0; i--)
      dates.add(isoDate(localDateHour(now - i * DAY, ctx.info.timeZone)));
  }
  const perDay = [...dates]
    .sort()
    .slice(-days)
    .map((date) => {
      const f = figures(byDate.get(date) ?? []);
      return {
        date,
        estimates: f?.estimates ?? 0,
        inside_range: f?.inside_range ?? null,
        median_error: f?.median_error ?? null,
        longer_by_10: f?.longer_by_10 ?? null,
      };
    });
  return {
    markets: contexts.map((c) => c.market),
    summary: publishedAccuracy(all, days),
    per_day: perDay,
    per_market: lists.map(({ ctx, list }) => ({
      market: ctx.market,
      summary: publishedAccuracy(list, days),
    })),
  };
}

/** The published accuracy of each shop, computed at most every ACCURACY_TTL_MS. */
export class AccuracyCache {
  private readonly entries = new Map<string, { at: number; value: Promise<ShopAccuracy | null> }>();
  private readonly chains = new Map<string, { at: number; value: Promise<ChainAccuracy> }>();

  constructor(private readonly now: () => number) {}

  forShop(ctx: MarketContext, pobId: number): Promise<ShopAccuracy | null> {
    const key = `${ctx.market}:${pobId}`;
    const now = this.now();
    const hit = this.entries.get(key);
    if (hit && now >= hit.at && now - hit.at < ACCURACY_TTL_MS) return hit.value;
    const value = outcomesSince(ctx, now - ACCURACY_DAYS * DAY, pobId).then((list) =>
      publishedAccuracy(list),
    );
    this.entries.set(key, { at: now, value });
    value.catch(() => this.entries.delete(key));
    return value;
  }

  /** The chain's figures over these markets, computed at most every ACCURACY_TTL_MS. */
  forChain(contexts: readonly MarketContext[]): Promise<ChainAccuracy> {
    const key = `chain:${contexts.map((c) => c.market).join(',')}`;
    const now = this.now();
    const hit = this.chains.get(key);
    if (hit && now >= hit.at && now - hit.at < ACCURACY_TTL_MS) return hit.value;
    const value = chainAccuracy(contexts, now);
    this.chains.set(key, { at: now, value });
    value.catch(() => this.chains.delete(key));
    return value;
  }

  /** Forgets every kept figure (after the data changed under it: a reseed, a test). */
  clear(): void {
    this.entries.clear();
    this.chains.clear();
  }
}
