// Live updates of a shop, built once per change: the shop's estimates, the staff board and each
// watched order are each serialised once from the shop's cached queue view and written as the
// same bytes to every stream that wants them. No stream runs a query of its own: a change costs
// one staff-board query and one query for watched orders that have left the queue, whatever the
// number of streams. Changes and new streams of one shop are handled one batch at a time, in
// order, so a stream never receives an older state after a newer one.
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { PobEvent } from '@jono/contract';
import type { MarketContext } from '../context';
import { orders } from '../db/schema';
import { orderView, placeInView, rejoinSpentFor, waitInView } from './orders';
import { placesInView } from './order-view';
import type { OrderRow } from './queue-load';
import type { QueueService, ShopQueueView } from './queue';
import { displayBoard } from './display';
import { publicBarbers } from './shops';
import { staffQueue } from './staff-queue';
import { frameOf, frameOfJson, type SseFrame, type SseStream } from './sse';
import { changeDelivered } from '../lib/metrics';

/** A staff board also shows minutes waited: a cached one is rebuilt after this long. */
const STAFF_FRAME_MS = 5_000;
/** Frames built or streams written per turn of the event loop. */
const SLICE = 500;
/** A failed delivery is tried again after this long, doubling up to RETRY_MAX_MS. */
export const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 10_000;

interface Frames {
  view: ShopQueueView;
  shop?: SseFrame;
  display?: SseFrame;
  staff?: Promise<SseFrame>;
  staffAt?: number;
  /** Per order: its frame, and its content without `as_of`. */
  orders: Map<number, { frame: SseFrame; content: string }>;
  /** Where each waiting order is (placesInView), once per view. */
  places?: ReturnType<typeof placesInView>;
}

interface ShopFeed {
  key: string;
  ctx: MarketContext;
  pobId: number;
  shop: Set<SseStream>;
  display: Set<SseStream>;
  staff: Set<SseStream>;
  orders: Map<number, Set<SseStream>>;
  /**
   * Per watched order, its last message's content without `as_of`, as sent to all its streams:
   * a change that leaves an order as it was sends its streams nothing (issue 29: a join at the
   * end of a queue of 1,000 wrote 1,000 frames of which 999 only had a newer `as_of`).
   */
  sent: Map<number, string>;
  /** Streams that still need their first message. */
  fresh: Set<SseStream>;
  changed: boolean;
  /** When this node heard of the oldest change not yet delivered (jono_queue_change_delivery_seconds). */
  changedAt?: number;
  running: boolean;
  /** Deliveries failed in a row (each retried: retryLater). */
  failures: number;
  frames?: Frames;
  unsubscribe: () => void;
}

/** Counts work and yields to the event loop every SLICE steps, so /healthz never waits long. */
class Slicer {
  private n = 0;
  async step(): Promise<void> {
    if (++this.n % SLICE === 0) await new Promise<void>((r) => setImmediate(r));
  }
}

export function pobEventOf(view: ShopQueueView): PobEvent {
  return {
    id: view.pob.id,
    ...view.snapshot,
    barbers: publicBarbers(view.snapshot),
    queue_info: { queue_employees: view.pob.chairs },
  };
}

export class LiveFeeds {
  private readonly feeds = new Map<string, ShopFeed>();
  /** Counts messages built (shop, staff board, order), so tests can see one build per change. */
  builds = 0;

  constructor(
    private readonly queue: QueueService,
    private readonly now: () => number,
    private readonly log: FastifyBaseLogger,
  ) {}

  attachShop(ctx: MarketContext, pobId: number, stream: SseStream): void {
    this.attach(ctx, pobId, stream, 'shop');
  }

  /** The shop's in-shop display board (its device code already checked). */
  attachDisplay(ctx: MarketContext, pobId: number, stream: SseStream): void {
    this.attach(ctx, pobId, stream, 'display');
  }

  attachStaff(ctx: MarketContext, pobId: number, stream: SseStream): void {
    this.attach(ctx, pobId, stream, 'staff');
  }

  /** `orderId` must be an order of the shop `pobId`, already checked to be the caller's. */
  attachOrder(ctx: MarketContext, pobId: number, orderId: number, stream: SseStream): void {
    this.attach(ctx, pobId, stream, orderId);
  }

  /** Open streams of one shop, for tests and diagnostics. */
  streamCount(ctx: MarketContext, pobId: number): number {
    const f = this.feeds.get(keyOf(ctx, pobId));
    if (!f) return 0;
    let n = f.shop.size + f.display.size + f.staff.size;
    for (const set of f.orders.values()) n += set.size;
    return n;
  }

  private attach(
    ctx: MarketContext,
    pobId: number,
    stream: SseStream,
    topic: 'shop' | 'display' | 'staff' | number,
  ): void {
    const f = this.feed(ctx, pobId);
    let streams: Set<SseStream>;
    if (topic === 'shop') streams = f.shop;
    else if (topic === 'display') streams = f.display;
    else if (topic === 'staff') streams = f.staff;
    else {
      streams = f.orders.get(topic) ?? new Set();
      f.orders.set(topic, streams);
    }
    streams.add(stream);
    f.fresh.add(stream);
    stream.onClose(() => {
      streams.delete(stream);
      f.fresh.delete(stream);
      if (typeof topic === 'number' && streams.size === 0) {
        f.orders.delete(topic);
        f.sent.delete(topic);
      }
      this.release(f);
    });
    this.schedule(f);
  }

  private feed(ctx: MarketContext, pobId: number): ShopFeed {
    const key = keyOf(ctx, pobId);
    const existing = this.feeds.get(key);
    if (existing) return existing;
    const f: ShopFeed = {
      key,
      ctx,
      pobId,
      shop: new Set(),
      display: new Set(),
      staff: new Set(),
      orders: new Map(),
      sent: new Map(),
      fresh: new Set(),
      changed: false,
      running: false,
      failures: 0,
      unsubscribe: () => undefined,
    };
    f.unsubscribe = this.queue.subscribe(ctx.market, pobId, () => {
      f.changed = true;
      f.changedAt ??= performance.now();
      this.schedule(f);
    });
    this.feeds.set(key, f);
    return f;
  }

  private release(f: ShopFeed): void {
    if (f.shop.size + f.display.size + f.staff.size + f.orders.size > 0) return;
    f.unsubscribe();
    if (this.feeds.get(f.key) === f) this.feeds.delete(f.key);
  }

  private schedule(f: ShopFeed): void {
    if (f.running) return;
    f.running = true;
    void this.run(f);
  }

  private async run(f: ShopFeed): Promise<void> {
    let retry = false;
    try {
      while (f.changed || f.fresh.size > 0) {
        const everyone = f.changed;
        const heardAt = f.changedAt;
        f.changed = false;
        f.changedAt = undefined;
        const fresh = [...f.fresh];
        f.fresh.clear();
        try {
          await this.deliver(f, everyone, new Set(fresh));
        } catch (err) {
          // Not lost: the change (or the new streams' first message) is delivered again shortly,
          // else a board would show the state before it until the next change (a minute's poll).
          this.log.warn({ err, shop: f.key, failures: f.failures + 1 }, 'live update failed');
          if (everyone) {
            f.changed = true;
            f.changedAt ??= heardAt;
          }
          for (const s of fresh) if (!s.closed) f.fresh.add(s);
          retry = true;
          break;
        }
        f.failures = 0;
        if (everyone && heardAt !== undefined) {
          changeDelivered(f.ctx.market, (performance.now() - heardAt) / 1000);
        }
      }
    } finally {
      f.running = false;
      if (retry) this.retryLater(f);
      else if (f.changed || f.fresh.size > 0) this.schedule(f);
    }
  }

  /** After a failed delivery: again after a growing pause, while the feed still has streams. */
  private retryLater(f: ShopFeed): void {
    const pause = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** f.failures);
    f.failures += 1;
    const timer = setTimeout(() => {
      if (this.feeds.get(f.key) === f) this.schedule(f);
    }, pause);
    timer.unref();
  }

  /** After a change: every stream gets the new state. Otherwise: new streams get the current one. */
  private async deliver(f: ShopFeed, everyone: boolean, fresh: Set<SseStream>): Promise<void> {
    const frames = await this.frames(f);
    const slicer = new Slicer();
    const wanted = (streams: Set<SseStream>) =>
      everyone ? [...streams] : [...streams].filter((s) => fresh.has(s));
    const write = async (streams: SseStream[], frame: SseFrame) => {
      for (const s of streams) {
        // A stream whose client already has this message (the last it was sent, or a new
        // stream's Last-Event-ID) is not sent it again.
        s.send(frame);
        await slicer.step();
      }
    };

    // The staff board reads the shop's recent orders (two queries): it is started now and written
    // last, so that no customer's order or shop page waits for the board's queries.
    const staffStreams = wanted(f.staff);
    if (staffStreams.length > 0) {
      const now = this.now();
      if (!frames.staff || frames.staffAt === undefined || now - frames.staffAt >= STAFF_FRAME_MS) {
        frames.staffAt = now;
        this.builds += 1;
        frames.staff = staffQueue(f.ctx, this.queue, f.pobId, now).then(frameOf);
        frames.staff.catch(() => {
          frames.staff = undefined;
        });
      }
    }
    const staffFrame = staffStreams.length > 0 ? frames.staff : undefined;

    const shopStreams = wanted(f.shop);
    if (shopStreams.length > 0) {
      if (!frames.shop) {
        this.builds += 1;
        frames.shop = frameOf(pobEventOf(frames.view));
      }
      await write(shopStreams, frames.shop);
    }

    const displayStreams = wanted(f.display);
    if (displayStreams.length > 0) {
      if (!frames.display) {
        this.builds += 1;
        frames.display = frameOf(displayBoard(frames.view, this.now()));
      }
      await write(displayStreams, frames.display);
    }

    const orderStreams = [...f.orders].flatMap(([id, set]) => {
      const streams = wanted(set);
      return streams.length > 0 ? [{ id, streams }] : [];
    });
    if (orderStreams.length > 0) {
      const rows = await this.orderRows(
        f,
        frames.view,
        orderStreams.map((o) => o.id).filter((id) => !frames.orders.has(id)),
      );
      const places = (frames.places ??= placesInView(frames.view));
      for (const { id, streams } of orderStreams) {
        let built = frames.orders.get(id);
        const row = rows.get(id);
        if (!built && row) {
          this.builds += 1;
          const now = this.now();
          const json = JSON.stringify({
            ...orderView(
              row,
              waitInView(frames.view, row),
              now,
              frames.view,
              frames.view.computedAt,
              await rejoinSpentFor(f.ctx, this.queue, row, now),
            ),
            ...(places.get(row.id) ?? placeInView(frames.view, row)),
          });
          // Equal but for `as_of` (the view's time): nothing the customer sees has moved.
          built = { frame: frameOfJson(json), content: json.replace(AS_OF, '') };
          frames.orders.set(id, built);
          await slicer.step();
        }
        if (!built) continue;
        if (!everyone) {
          // Only new streams: what every stream of the order has is known when all are new.
          if (streams.length === f.orders.get(id)?.size) f.sent.set(id, built.content);
          await write(streams, built.frame);
          continue;
        }
        const moved = f.sent.get(id) !== built.content;
        f.sent.set(id, built.content);
        await write(moved ? streams : streams.filter((s) => fresh.has(s)), built.frame);
      }
    }

    if (staffFrame) await write(staffStreams, await staffFrame);
  }

  /** Frames of the shop's current view; a new view (a change, or time) starts afresh. */
  private async frames(f: ShopFeed): Promise<Frames> {
    const view = await this.queue.view(f.ctx, f.pobId);
    if (f.frames?.view !== view) f.frames = { view, orders: new Map() };
    return f.frames;
  }

  /** Rows of watched orders: active ones from the view, the others in one query. */
  private async orderRows(
    f: ShopFeed,
    view: ShopQueueView,
    ids: number[],
  ): Promise<Map<number, OrderRow>> {
    const rows = new Map<number, OrderRow>();
    const active = new Map(view.active.map((o) => [o.id, o]));
    const missing: number[] = [];
    for (const id of ids) {
      const row = active.get(id);
      if (row) rows.set(id, row);
      else missing.push(id);
    }
    if (missing.length > 0) {
      const left = await f.ctx.db
        .select()
        .from(orders)
        .where(and(eq(orders.pobId, f.pobId), inArray(orders.id, missing)));
      for (const row of left) rows.set(row.id, row);
    }
    return rows;
  }
}

const keyOf = (ctx: MarketContext, pobId: number) => `${ctx.market}:${pobId}`;

/** The `as_of` of an order's JSON (orderView puts it second, after the id). */
const AS_OF = /"as_of":"[^"]*",?/;
