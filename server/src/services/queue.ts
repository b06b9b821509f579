// The live queue of every shop: estimates computed once per change (cached per shop), persisted
// on the orders, published with NOTIFY so that every process refreshes its cache and pushes
// its SSE clients, and "your turn is near" notifications.
import { randomUUID } from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Market } from '@jono/contract';
import { nextShopStateChange } from '@jono/queue';
import type { FastifyBaseLogger } from 'fastify';
import type { MarketContext } from '../context';
import type { Tx } from '../db/client';
import { orders } from '../db/schema';
import type { SnapshotFn } from './shops';
import { HistoryCache } from './history-cache';
import { loadHistory, loadShopQueue, type ShopHistory } from './queue-load';
import { notifyLeaveNow } from './leave-now';
import { notifyTurnNear, turnNearIds, type PushSender } from './turn-near';
import { shopAlertDefault } from './order-alerts';
import { lockShop } from './shop-lock';
import { recordDueTurns } from './turns';
import { releaseStranded } from './barber-duty';
import { factsOf } from './order-facts';
import { movedEstimates, storeEstimates, viewOf, type MovedEstimates } from './queue-view';
import type { PobRow, ShopQueueView } from './queue-rows';

export type { PobRow, ShopQueueView } from './queue-rows';

/** An order's shop and customer: fixed when the order is created. */
export interface OrderHome {
  id: number;
  pobId: number;
  customerId: number | null;
}
/** Order homes kept per process (about 100 bytes each). */
const ORDER_HOMES_MAX = 200_000;

/** A cached view is recomputed after this long even without a change: time moves waits. */
export const VIEW_TTL_MS = 30_000;
export const QUEUE_CHANNEL = 'queue';
/**
 * A shop's timer for its next time-driven change (a deferral, a trip or a held spot running out)
 * is re-armed at most this far ahead: a clock that jumps (a suspended machine, the tests'
 * injectable clock) is noticed within it.
 */
export const EXPIRY_CHECK_MS = 500;

type Listener = () => void;

export class QueueService {
  private readonly views = new Map<
    string,
    { gen: number; at: number; view: Promise<ShopQueueView> }
  >();
  private readonly generations = new Map<string, number>();
  /** Counts every change of any shop of a market, so answers built from all shops can be cached. */
  private readonly marketVersions = new Map<Market, number>();
  /** Each shop's history, read again in the background (history-cache.ts). */
  readonly histories: HistoryCache;
  /**
   * Each known order's shop and customer, which never change once the order exists: an order
   * stream's ownership check needs no query when the order is known (a reconnect storm sends
   * thousands of them at once). Filled from every view's active orders and from the streams'
   * own reads; the oldest entries go first beyond ORDER_HOMES_MAX.
   */
  private readonly homes = new Map<string, OrderHome>();
  private readonly listeners = new Map<string, Set<Listener>>();
  /** Listeners to every shop of a market (the operators' chain board: one per market, not per shop). */
  private readonly marketListeners = new Map<Market, Set<(pobId: number) => void>>();
  private readonly unlisten: (() => Promise<void>)[] = [];
  /** Per shop: the timer of its next time-driven state change (see armExpiry). */
  private readonly expiries = new Map<string, { at: number; timer: NodeJS.Timeout }>();
  private stopped = false;
  private readonly origin = randomUUID();
  /** Work started after an answer was sent (refreshes, notices), so `settled()` can wait for it. */
  private readonly background = new Set<Promise<unknown>>();
  /** Counts computations, so tests can see that one change is computed once. */
  computations = 0;
  /** Per shop: the refresh running now, and the one queued behind it that new changes join. */
  private readonly refreshing = new Map<string, Promise<ShopQueueView>>();
  private readonly queued = new Map<
    string,
    { run: Promise<ShopQueueView>; flags: { history: boolean } }
  >();

  constructor(
    private readonly now: () => number,
    private readonly log: FastifyBaseLogger,
    public push: PushSender | null,
  ) {
    this.histories = new HistoryCache(
      now,
      (ctx, pob, at, keep) => loadHistory(ctx.db, pob, at, keep),
      (ctx, pobId, learnt) => this.historyLanded(ctx, pobId, learnt),
      (err) => log.error({ err }, 'reading a shop history failed'),
    );
  }

  /**
   * Called after notices were written to the outbox (the outbox worker's kick); its work is
   * tracked, so settled() waits for the messages too.
   */
  onMessages: ((ctx: MarketContext) => Promise<unknown>) | null = null;

  /** Subscribes to every market's queue channel: other processes' changes reach us here. */
  async start(markets: Iterable<MarketContext>): Promise<void> {
    for (const ctx of markets) {
      const stop = await ctx.store.listen(QUEUE_CHANNEL, (payload) =>
        this.onNotify(ctx.market, payload),
      );
      this.unlisten.push(stop);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const { timer } of this.expiries.values()) clearTimeout(timer);
    this.expiries.clear();
    for (const stop of this.unlisten.splice(0)) await stop().catch(() => undefined);
    await this.histories.stop();
    this.listeners.clear();
    this.marketListeners.clear();
  }

  /**
   * Time-driven transitions on every node: when a view shows an order whose state the clock alone
   * will change (deferred until T, on the way until T, held until T), a timer of this process
   * fires at T, drops the cached view and tells this process's listeners (boards, screens, apps),
   * which read the queue again in its new state. Each process keeps its own timers, so no node
   * waits for another's sweep or for the next change.
   */
  private armExpiry(ctx: MarketContext, view: ShopQueueView): void {
    const key = keyOf(ctx.market, view.pob.id);
    const at = nextShopStateChange(view.active.map(factsOf), view.computedAt);
    const current = this.expiries.get(key);
    if (current && current.at === at) return;
    if (current) clearTimeout(current.timer);
    this.expiries.delete(key);
    if (at === null || this.stopped) return;
    const check = () => {
      const entry = this.expiries.get(key);
      if (!entry || entry.at !== at) return;
      const left = at - this.now();
      if (left > 0) {
        entry.timer = setTimeout(check, Math.min(EXPIRY_CHECK_MS, left));
        entry.timer.unref();
        return;
      }
      this.expiries.delete(key);
      this.invalidate(ctx.market, view.pob.id);
      this.tellListeners(ctx.market, view.pob.id);
      // A deferral over: a free chair may now be the turn of a customer away, from `at`
      // (turns.ts; checked again under the lock, so the view that armed the timer suffices).
      this.track(recordDueTurns(ctx, view, at));
      // Arms the next change (a view is computed again when someone looks at the shop).
      if (this.listenerCount(ctx.market, view.pob.id) > 0) {
        this.track(this.view(ctx, view.pob.id));
      }
    };
    const timer = setTimeout(check, Math.max(0, Math.min(EXPIRY_CHECK_MS, at - this.now())));
    timer.unref();
    this.expiries.set(key, { at, timer });
  }

  /** The next time-driven state change this process waits for in a shop (tests). */
  nextExpiry(market: Market, pobId: number): number | null {
    return this.expiries.get(keyOf(market, pobId))?.at ?? null;
  }

  /** Listens to one shop's changes (in this process or another); answers the unsubscribe. */
  subscribe(market: Market, pobId: number, listener: Listener): () => void {
    const key = keyOf(market, pobId);
    let set = this.listeners.get(key);
    if (!set) {
      set = new Set();
      this.listeners.set(key, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(key);
    };
  }

  /** Listens to every shop's changes of a market; answers the unsubscribe. */
  subscribeMarket(market: Market, listener: (pobId: number) => void): () => void {
    let set = this.marketListeners.get(market);
    if (!set) {
      set = new Set();
      this.marketListeners.set(market, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.marketListeners.delete(market);
    };
  }

  listenerCount(market: Market, pobId: number): number {
    return this.listeners.get(keyOf(market, pobId))?.size ?? 0;
  }

  /** Grows with every change to any shop of the market (here or, through NOTIFY, elsewhere). */
  version(market: Market): number {
    return this.marketVersions.get(market) ?? 0;
  }

  invalidate(market: Market, pobId: number): void {
    this.marketVersions.set(market, this.version(market) + 1);
    const key = keyOf(market, pobId);
    this.generations.set(key, (this.generations.get(key) ?? 0) + 1);
    this.views.delete(key);
  }

  /**
   * The shop's history learnt something here (a service finished or its finish was undone, its
   * hours changed): it is read again in the background, and when it lands the shop's estimates
   * are recomputed, stored and announced to every node (whose own histories are read again).
   * The caller's answer never waits for the read. A shop whose history is not cached is
   * announced at once (its next estimate reads the history whole).
   */
  learnt(ctx: MarketContext, pobId: number): void {
    if (!this.histories.learnt(ctx.market, pobId, 'here'))
      this.track(this.changed(ctx, pobId, { history: true }));
  }

  private historyLanded(ctx: MarketContext, pobId: number, learnt: 'here' | 'elsewhere') {
    if (learnt === 'here') {
      this.track(this.changed(ctx, pobId, { history: true }));
      return;
    }
    // Learnt on another node (which stores and announces the estimates): this node's own
    // listeners read the shop again.
    this.invalidate(ctx.market, pobId);
    this.tellListeners(ctx.market, pobId);
  }

  /**
   * The shop's live queue, computed at most once per change or VIEW_TTL_MS. `since`: a cached
   * view computed before it is computed again (a ready read refreshed ahead of its age-out asks
   * for views as fresh as itself, services/read-cache.ts).
   */
  async view(ctx: MarketContext, pobId: number, since?: number): Promise<ShopQueueView> {
    const key = keyOf(ctx.market, pobId);
    const now = this.now();
    const cached = this.views.get(key);
    if (
      cached &&
      now - cached.at < VIEW_TTL_MS &&
      now >= cached.at &&
      (since === undefined || cached.at >= since)
    ) {
      return cached.view;
    }
    const gen = this.generations.get(key) ?? 0;
    const view = this.compute(ctx, pobId, now);
    this.views.set(key, { gen, at: now, view });
    view.then(
      (v) => this.armExpiry(ctx, v),
      () => {
        if (this.views.get(key)?.view === view) this.views.delete(key);
      },
    );
    return view;
  }

  snapshot: SnapshotFn = async (ctx, pob) => (await this.view(ctx, pob.id)).snapshot;

  /** The shops' snapshots from views computed at or after `since` (see `view`). */
  snapshotSince(since: number): SnapshotFn {
    return async (ctx, pob) => (await this.view(ctx, pob.id, since)).snapshot;
  }

  /**
   * After a committed change to a shop's queue: recompute once, persist every active order's
   * estimate, send "turn near" notices, and tell every process (this one included). Answers
   * when a refresh that started after this call has finished.
   *
   * Changes of one shop that arrive while its refresh runs share the next refresh: a burst of N
   * joins and cancels costs two recomputations and two writes, not N of each (bench: at 100
   * concurrent customers, PGlite's one connection queued the N writes past the client timeout).
   */
  changed(ctx: MarketContext, pobId: number, opts: { history?: boolean } = {}) {
    this.invalidate(ctx.market, pobId);
    const key = keyOf(ctx.market, pobId);
    const waiting = this.queued.get(key);
    if (waiting) {
      waiting.flags.history ||= opts.history === true;
      return waiting.run;
    }
    const before = this.refreshing.get(key);
    const flags = { history: opts.history === true };
    const run = (async () => {
      // Always yields first, so the entry is queued before it starts (and joinable until then).
      await before?.catch(() => undefined);
      this.queued.delete(key);
      const current = this.refresh(ctx, pobId, flags.history);
      this.refreshing.set(key, current);
      try {
        return await current;
      } finally {
        if (this.refreshing.get(key) === current) this.refreshing.delete(key);
      }
    })();
    this.queued.set(key, { run, flags });
    return run;
  }

  /** Resolves once no refresh is running or queued (tests count a request's statements). */
  async settled(): Promise<void> {
    for (;;) {
      const histories = this.histories.pending;
      if (this.refreshing.size + this.queued.size + this.background.size === 0 && !histories)
        return;
      await Promise.allSettled([
        ...this.refreshing.values(),
        ...[...this.queued.values()].map((q) => q.run),
        ...this.background,
        histories,
      ]);
    }
  }

  private async refresh(ctx: MarketContext, pobId: number, history: boolean) {
    const view = await this.view(ctx, pobId);
    // The change itself is committed: failing to record turns, persist estimates or send notices
    // must not turn the caller's answer into an error (the next change or sweep does it again).
    // A change that made a chair free for a customer away records their turn now (turns.ts).
    await recordDueTurns(ctx, view, view.computedAt).catch((err: Error) =>
      this.log.error({ err }, 'recording turns failed'),
    );
    await this.persistAndNotify(ctx, view).catch((err: Error) =>
      this.log.error({ err }, 'persisting estimates failed'),
    );
    await ctx.store
      .notify(QUEUE_CHANNEL, JSON.stringify({ pob: pobId, origin: this.origin, h: history }))
      .catch((err: Error) => this.log.error({ err }, 'queue notify failed'));
    return view;
  }

  /**
   * Time alone moves estimates: refresh every shop with active orders whose view is stale,
   * persist, notify turn-near, and publish when an estimate changed. Run on an interval (the
   * plugin spreads the shops over part of the minute: services/sweep-spread.ts).
   */
  async sweep(ctx: MarketContext): Promise<void> {
    for (const pobId of await this.sweepShops(ctx)) await this.sweepShop(ctx, pobId);
  }

  /** The shops a sweep refreshes: those with active orders, in a stable order (by id). */
  async sweepShops(ctx: MarketContext): Promise<number[]> {
    const shops = await ctx.db
      .selectDistinct({ pobId: orders.pobId })
      .from(orders)
      .where(eq(orders.status, 'active'))
      .orderBy(orders.pobId);
    return shops.map((s) => s.pobId);
  }

  /** One shop's part of the sweep. */
  async sweepShop(ctx: MarketContext, pobId: number): Promise<void> {
    const before = this.views.get(keyOf(ctx.market, pobId));
    const previous = before ? await before.view.catch(() => undefined) : undefined;
    const view = await this.view(ctx, pobId);
    // The catch-all: a turn that came without a change recorded it is recorded at the sweep.
    await recordDueTurns(ctx, view, this.now()).catch((err: Error) =>
      this.log.error({ err }, 'recording turns failed'),
    );
    if (view === previous) return;
    // A customer whose barber's day is over without them is made first available (issue 30).
    if ((await releaseStranded(ctx, this, view)) > 0) return;
    const moved = await this.persistAndNotify(ctx, view);
    const estimatesMoved =
      JSON.stringify(previous?.snapshot) !== JSON.stringify(view.snapshot) || moved;
    if (estimatesMoved) {
      await ctx.store.notify(
        QUEUE_CHANNEL,
        JSON.stringify({ pob: pobId, origin: this.origin, h: false }),
      );
    }
  }

  private async persistAndNotify(ctx: MarketContext, view: ShopQueueView): Promise<boolean> {
    const changes = movedEstimates(view);
    const moved = changes.orders.length > 0;
    // In chunks, each its own short transaction under the shop's lock (two writes over the same
    // rows in different orders would deadlock), with a turn of the event loop between: a queue
    // of 1,000 whose every estimate moved neither holds the shop's lock nor (PGlite runs in this
    // process) the event loop for the whole write (issue 29).
    for (const chunk of chunksOf(changes)) {
      await ctx.db.transaction(async (tx) => {
        await lockShop(tx, view.pob.id);
        await storeEstimates(tx, chunk);
      });
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    await this.sendNotices(ctx, view);
    return moved;
  }

  /**
   * "Turn near" and leave-now notices of a view, each claimed once across processes. A customer
   * told to leave is on the way from then: the shop's queue changed, and is refreshed after this.
   */
  private async sendNotices(ctx: MarketContext, view: ShopQueueView): Promise<void> {
    const written = await this.claimTurnNear(ctx, view);
    const alerted = await notifyLeaveNow(ctx, this.push !== null, view, this.now());
    if (written > 0 || alerted.length > 0) this.messagesWritten(ctx);
    if (alerted.length > 0) this.track(this.changed(ctx, view.pob.id));
  }

  /**
   * The "turn near" alerts of a view, claimed once across processes, their messages written to
   * the outbox: in `within` when given (a change's own transaction: queue-change.ts), else in a
   * transaction of their own. The view's orders are marked notified. Answers the messages written.
   */
  async claimTurnNear(ctx: MarketContext, view: ShopQueueView, within?: Tx): Promise<number> {
    const shop = shopAlertDefault(view.pob);
    const near = turnNearIds(view.active, view.estimate, shop);
    if (near.length === 0) return 0;
    const written = await notifyTurnNear(
      ctx,
      this.push !== null,
      view.pob.name,
      near,
      this.now(),
      shop.channel,
      view.active.filter((o) => o.source === 'kiosk' && near.includes(o.id)).map((o) => o.id),
      within,
    );
    const at = new Date(this.now());
    for (const o of view.active) if (near.includes(o.id)) o.notifiedAt = at;
    return written;
  }

  /** Messages were written to the outbox: the worker sends them now. */
  messagesWritten(ctx: MarketContext): void {
    if (this.onMessages) this.track(this.onMessages(ctx));
  }

  /** Work that runs after an answer or a refresh; settled() waits for it. */
  private track(work: Promise<unknown>): void {
    const task = work
      .catch((err: unknown) => this.log.error({ err }, 'queue background work failed'))
      .finally(() => this.background.delete(task));
    this.background.add(task);
  }

  private onNotify(market: Market, payload: string): void {
    let msg: { pob?: unknown; origin?: unknown; h?: unknown };
    try {
      msg = JSON.parse(payload) as typeof msg;
    } catch {
      return;
    }
    if (typeof msg.pob !== 'number') return;
    if (msg.origin !== this.origin) {
      this.invalidate(market, msg.pob);
      if (msg.h === true) this.histories.learnt(market, msg.pob, 'elsewhere');
    }
    this.tellListeners(market, msg.pob);
  }

  private tellListeners(market: Market, pobId: number): void {
    for (const listener of [...(this.listeners.get(keyOf(market, pobId)) ?? [])]) {
      try {
        listener();
      } catch (err) {
        this.log.error({ err }, 'queue listener failed');
      }
    }
    for (const listener of [...(this.marketListeners.get(market) ?? [])]) {
      try {
        listener(pobId);
      } catch (err) {
        this.log.error({ err }, 'queue listener failed');
      }
    }
  }

  /**
   * Duration model and arrival rates of a shop: cached, and read again in the background every
   * 10 minutes or after a finish (history-cache.ts).
   */
  async history(ctx: MarketContext, pob: PobRow, now: number): Promise<ShopHistory> {
    return this.histories.get(ctx, pob, now);
  }

  private async compute(ctx: MarketContext, pobId: number, now: number): Promise<ShopQueueView> {
    this.computations += 1;
    const shop = await loadShopQueue(ctx.db, pobId, [], now);
    if (!shop) throw new Error(`shop ${pobId} not found`);
    const view = viewOf(shop.pob, shop.active, await this.history(ctx, shop.pob, now), now);
    this.rememberHomes(ctx.market, view.active);
    return view;
  }

  /** The shop and customer of an order this process has seen (see `homes`). */
  orderHome(market: Market, orderId: number): OrderHome | undefined {
    return this.homes.get(`${market}:${orderId}`);
  }

  rememberHomes(market: Market, rows: readonly OrderHome[]): void {
    for (const row of rows) this.homes.set(`${market}:${row.id}`, row);
    if (this.homes.size <= ORDER_HOMES_MAX) return;
    let excess = this.homes.size - ORDER_HOMES_MAX + ORDER_HOMES_MAX / 10;
    for (const key of this.homes.keys()) {
      if (excess-- <= 0) break;
      this.homes.delete(key);
    }
  }

  /**
   * The history to estimate with under a change's lock: the cached one (a stale one is read again
   * in the background), or undefined when the shop has none (the change reads it).
   */
  cachedHistory(ctx: MarketContext, pob: PobRow, now: number): ShopHistory | undefined {
    return this.histories.peek(ctx, pob, now);
  }

  rememberHistory(ctx: MarketContext, pob: PobRow, now: number, history: ShopHistory): void {
    this.histories.remember(ctx, pob, now, history);
  }

  /**
   * NOTIFY of a change to the shop, as a statement fragment: sent inside the change's own
   * transaction, it reaches every process when (and only if) the change commits.
   */
  noticeOf(ctx: MarketContext, pobId: number): SQL {
    const [channel, payload] = this.noticeArgs(ctx, pobId);
    return sql`pg_notify(${channel}, ${payload})`;
  }

  /** The NOTIFY's channel and payload, for a statement of constant text (queue-change.ts). */
  noticeArgs(ctx: MarketContext, pobId: number): [channel: string, payload: string] {
    return [
      ctx.store.channel(QUEUE_CHANNEL),
      JSON.stringify({ pob: pobId, origin: this.origin, h: false }),
    ];
  }

  /**
   * A change made under the shop's lock that already wrote the new estimates and queued its
   * NOTIFY: its view becomes the cached one (no refresh reads the queue again), and "turn near"
   * notices go out after the caller has answered.
   */
  seed(ctx: MarketContext, view: ShopQueueView): void {
    this.rememberHomes(ctx.market, view.active);
    this.invalidate(ctx.market, view.pob.id);
    const key = keyOf(ctx.market, view.pob.id);
    this.views.set(key, {
      gen: this.generations.get(key) ?? 0,
      at: view.computedAt,
      view: Promise.resolve(view),
    });
    this.armExpiry(ctx, view);
  }

  /** Sends the "turn near" notices of a seeded view, after the answer (settled() waits for it). */
  afterSeed(ctx: MarketContext, view: ShopQueueView): void {
    this.track(this.sendNotices(ctx, view));
  }
}

// A shop's view, computed from its rows (queue-view.ts), re-exported for the queue's callers.
export {
  admissionOf,
  movedEstimates,
  snapshotOf,
  statusOf,
  storeEstimates,
  viewOf,
  type MovedEstimates,
} from './queue-view';

const keyOf = (market: Market, pobId: number) => `${market}:${pobId}`;

/** Moved estimates written per statement after a change (see persistAndNotify). */
export const PERSIST_CHUNK = 100;

/** The moved estimates in chunks of PERSIST_CHUNK orders, each with its orders' shown waits. */
function chunksOf(moved: MovedEstimates): MovedEstimates[] {
  const out: MovedEstimates[] = [];
  for (let i = 0; i < moved.orders.length; i += PERSIST_CHUNK) {
    const orders = moved.orders.slice(i, i + PERSIST_CHUNK);
    const ids = new Set(orders.map((o) => o.id));
    out.push({ orders, shown: moved.shown.filter((e) => ids.has(e.orderId)) });
  }
  return out;
}
