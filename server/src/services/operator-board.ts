// The operators' chain board: every shop of a market with its live queue (from the queue
// service's cached views: no query per shop), the last hour's joins and no-shows (one query per
// market), and how much it needs attention. Built at most once per queue change of the market
// (or every VIEW_TTL_MS, since time moves waits), whatever the number of operators reading it;
// live updates go out on one stream per operator for all shops of its markets.
import { and, asc, gte, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  OPERATOR_LONG_WAIT_MIN,
  type AttentionReason,
  type Market,
  type OperatorShop,
} from '@jono/contract';
import type { MarketContext } from '../context';
import type { Db } from '../db/client';
import { orders, outbox, pobs } from '../db/schema';
import { ALERT_FAILED_STATUSES, ALERT_PURPOSES } from './outbox';
import type { QueueService, ShopQueueView } from './queue';
import { VIEW_TTL_MS } from './queue';
import { frameOf, writeToAll, type SseStream } from './sse';

const HOUR = 3_600_000;

export interface LastHour {
  joins: number;
  no_shows: number;
  serviced: number;
  /** Customer alerts that failed or expired unsent in the hour. */
  alerts_failed: number;
}

/** Points a shop whose customer alerts fail gets: base, and per failed alert. */
export const ALERTS_FAILED_WEIGHT = { base: 400, each: 10 } as const;

/**
 * Failed customer alerts per shop since a time. The outbox records the outcome of each alert; a
 * failure, an expiry or an unknown outcome (outbox.ts) is its last update. Served by the partial
 * index outbox_failed_alerts_idx (server/test/failed-alerts-index.test.ts checks the plan).
 */
export function failedAlertsQuery(db: Db, since: Date, only?: readonly number[]) {
  const shops = only ? inArray(outbox.pobId, only.length ? [...only] : [-1]) : undefined;
  return db
    .select({
      pob_id: outbox.pobId,
      failed: sql<number>`count(*)::int`,
    })
    .from(outbox)
    .where(
      and(
        inArray(outbox.status, [...ALERT_FAILED_STATUSES]),
        inArray(outbox.purpose, [...ALERT_PURPOSES]),
        gte(outbox.updatedAt, since),
        shops,
      ),
    )
    .groupBy(outbox.pobId);
}

/** Joins, no-shows and finished services of every shop in the hour before `now`. */
export async function lastHourByShop(
  ctx: MarketContext,
  now: number,
  only?: readonly number[],
): Promise<Map<number, LastHour>> {
  const since = new Date(now - HOUR);
  // No-shows and finishes of the last hour joined at most 12 hours before (the index on joined_at).
  const earliest = new Date(now - 12 * HOUR);
  const where = and(
    gte(orders.joinedAt, earliest),
    only ? inArray(orders.pobId, only.length ? [...only] : [-1]) : undefined,
  );
  const failedAlerts = failedAlertsQuery(ctx.db, since, only);
  const counts = ctx.db
    .select({
      pob_id: orders.pobId,
      joins: sql<number>`count(*) filter (where ${orders.joinedAt} >= ${since})::int`,
      no_shows: sql<number>`count(*) filter (where ${orders.status} = 'noShow' and coalesce(${orders.lastActionAt}, ${orders.updatedAt}) >= ${since})::int`,
      serviced: sql<number>`count(*) filter (where ${orders.status} = 'serviced' and ${orders.finishedAt} >= ${since})::int`,
    })
    .from(orders)
    .where(where)
    .groupBy(orders.pobId);
  const [rows, failed] = await Promise.all([counts, failedAlerts]);
  const out = new Map<number, LastHour>();
  for (const r of rows) {
    out.set(Number(r.pob_id), {
      joins: Number(r.joins),
      no_shows: Number(r.no_shows),
      serviced: Number(r.serviced),
      alerts_failed: 0,
    });
  }
  for (const f of failed) {
    if (f.pob_id === null) continue;
    const id = Number(f.pob_id);
    const hour = out.get(id) ?? { joins: 0, no_shows: 0, serviced: 0, alerts_failed: 0 };
    out.set(id, { ...hour, alerts_failed: Number(f.failed) });
  }
  return out;
}

/** Attention score and reasons: the board sorts by the score, highest first. */
export function attentionOf(
  shop: Pick<
    OperatorShop,
    'queue_state' | 'open' | 'waiting_by_priority' | 'service_time_estimates'
  >,
  lastHour: LastHour,
): { attention: number; reasons: AttentionReason[] } {
  const reasons: AttentionReason[] = [];
  let score = 0;
  const waiting = shop.waiting_by_priority.reduce((a, b) => a + b, 0);
  const oneTime = shop.service_time_estimates.find((e) => e.priority === 0);
  const wait = oneTime?.wait_time ?? 0;
  if ((shop.queue_state === 'closed' || !shop.open) && waiting > 0) {
    reasons.push('closed_with_waiting');
    score += 1000 + waiting * 10;
  }
  if (shop.queue_state !== 'closed' && shop.open && wait > OPERATOR_LONG_WAIT_MIN) {
    reasons.push('long_wait');
    score += 500 + wait;
  }
  if (shop.queue_state === 'full') {
    reasons.push('full');
    score += 300;
  }
  const finished = lastHour.no_shows + lastHour.serviced;
  if (lastHour.no_shows >= 2 && lastHour.no_shows * 3 > finished) {
    reasons.push('no_shows');
    score += 100 + lastHour.no_shows;
  }
  // Customers who are not told their turn nears may miss it: after a closed queue and a long
  // wait, before a full one.
  if (lastHour.alerts_failed > 0) {
    reasons.push('alerts_failed');
    score += ALERTS_FAILED_WEIGHT.base + ALERTS_FAILED_WEIGHT.each * lastHour.alerts_failed;
  }
  // Among shops without a reason, the longer wait first.
  if (reasons.length === 0) score = Math.min(wait, 99);
  return { attention: score, reasons };
}

export function operatorShopOf(
  market: Market,
  view: ShopQueueView,
  lastHour: LastHour | undefined,
): OperatorShop {
  const { pob, snapshot, active } = view;
  const waiting = [0, 0, 0, 0];
  let inService = 0;
  for (const o of active) {
    if (o.startedAt) inService++;
    else {
      const p = Math.min(3, Math.max(0, o.priority));
      waiting[p] = (waiting[p] ?? 0) + 1;
    }
  }
  const hour = lastHour ?? { joins: 0, no_shows: 0, serviced: 0, alerts_failed: 0 };
  const base = {
    id: pob.id,
    market,
    name: pob.name,
    city: pob.city,
    location: { latitude: pob.latitude, longitude: pob.longitude },
    open: snapshot.open,
    closing_soon: snapshot.closing_soon,
    queue_state: snapshot.queue_state,
    barbers_on_duty: pob.chairs,
    in_service: inService,
    waiting_by_priority: waiting,
    service_time_estimates: snapshot.service_time_estimates,
    last_hour: { joins: hour.joins, no_shows: hour.no_shows, alerts_failed: hour.alerts_failed },
  };
  return { ...base, ...attentionOf(base, hour) };
}

/** Most attention first, then by id: the order of the board and of the pages. */
export const byAttention = (a: OperatorShop, b: OperatorShop) =>
  b.attention - a.attention || a.id - b.id;

interface Built {
  version: number;
  at: number;
  shops: Promise<OperatorShop[]>;
}

/** Flushes in a row a shop whose state could not be read is tried again (see flush). */
const RETRIES = 5;

/**
 * The chain board of each market, built once per queue change of the market (or VIEW_TTL_MS),
 * and the live streams of the operators reading it.
 */
export class OperatorBoard {
  private readonly built = new Map<Market, Built>();
  private readonly streams = new Map<Market, Set<SseStream>>();
  private readonly dirty = new Map<Market, Set<number>>();
  private readonly unsubscribe = new Map<Market, () => void>();
  private timer: NodeJS.Timeout | undefined;
  /** Flushes in a row, per market, that could not read some of its changed shops. */
  private readonly failures = new Map<Market, number>();

  constructor(
    private readonly queue: QueueService,
    private readonly now: () => number,
    /** How long changes gather before one message goes out (a burst of joins is one message). */
    private readonly batchMs = 1000,
  ) {}

  /** Every shop of the market, sorted by attention. */
  shops(ctx: MarketContext): Promise<OperatorShop[]> {
    const version = this.queue.version(ctx.market);
    const now = this.now();
    const hit = this.built.get(ctx.market);
    if (hit && hit.version === version && now >= hit.at && now - hit.at < VIEW_TTL_MS) {
      return hit.shops;
    }
    const shops = this.build(ctx, now);
    this.built.set(ctx.market, { version, at: now, shops });
    shops.catch(() => {
      if (this.built.get(ctx.market)?.shops === shops) this.built.delete(ctx.market);
    });
    return shops;
  }

  private async build(ctx: MarketContext, now: number, only?: number[]): Promise<OperatorShop[]> {
    const ids = only
      ? only
      : (await ctx.db.select({ id: pobs.id }).from(pobs).orderBy(asc(pobs.id))).map((r) => r.id);
    const [views, hours] = await Promise.all([
      Promise.all(ids.map((id) => this.queue.view(ctx, id).catch(() => null))),
      lastHourByShop(ctx, now, only),
    ]);
    return views
      .filter((v): v is ShopQueueView => v !== null)
      .map((v) => operatorShopOf(ctx.market, v, hours.get(v.pob.id)))
      .sort(byAttention);
  }

  /** A live stream of every shop of these markets: one message per batch of changes. */
  attach(contexts: readonly MarketContext[], stream: SseStream): void {
    for (const ctx of contexts) {
      let set = this.streams.get(ctx.market);
      if (!set) {
        set = new Set();
        this.streams.set(ctx.market, set);
        this.unsubscribe.set(
          ctx.market,
          this.queue.subscribeMarket(ctx.market, (pobId) => this.mark(ctx, pobId)),
        );
      }
      set.add(stream);
      this.contexts.set(ctx.market, ctx);
    }
    stream.onClose(() => {
      for (const ctx of contexts) {
        const set = this.streams.get(ctx.market);
        set?.delete(stream);
        if (set && set.size === 0) {
          this.streams.delete(ctx.market);
          this.unsubscribe.get(ctx.market)?.();
          this.unsubscribe.delete(ctx.market);
        }
      }
    });
  }

  private readonly contexts = new Map<Market, MarketContext>();

  private mark(ctx: MarketContext, pobId: number, afterMs = this.batchMs): void {
    let set = this.dirty.get(ctx.market);
    if (!set) {
      set = new Set();
      this.dirty.set(ctx.market, set);
    }
    set.add(pobId);
    this.timer ??= setTimeout(() => void this.flush(), afterMs);
  }

  /**
   * Sends the changed shops of each market to its streams (the same bytes to every one). A shop
   * whose state could not be read is sent again at a later flush (a pause doubling from batchMs
   * to 10 s, at most RETRIES times in a row), not left as it was on the board until its next
   * change.
   */
  async flush(): Promise<void> {
    this.timer = undefined;
    const dirty = [...this.dirty.entries()];
    this.dirty.clear();
    for (const [market, ids] of dirty) {
      const ctx = this.contexts.get(market);
      const streams = this.streams.get(market);
      if (!ctx || !streams || streams.size === 0) continue;
      const shops = await this.build(ctx, this.now(), [...ids]).catch(() => null);
      const sent = new Set(shops?.map((shop) => shop.id));
      const missed = [...ids].filter((id) => !sent.has(id));
      const failures = missed.length > 0 ? (this.failures.get(market) ?? 0) + 1 : 0;
      this.failures.set(market, failures);
      if (missed.length > 0 && failures <= RETRIES) {
        const pause = Math.min(10_000, this.batchMs * 2 ** (failures - 1));
        for (const id of missed) this.mark(ctx, id, pause);
      }
      if (!shops || shops.length === 0) continue;
      await writeToAll(streams, frameOf({ market, shops }));
    }
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    for (const stop of this.unsubscribe.values()) stop();
    this.unsubscribe.clear();
    this.streams.clear();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    operatorBoard: OperatorBoard;
  }
}

export function addOperatorBoard(app: FastifyInstance): void {
  const board = new OperatorBoard(app.queue, app.now);
  app.decorate('operatorBoard', board);
  app.addHook('onClose', () => board.stop());
}
