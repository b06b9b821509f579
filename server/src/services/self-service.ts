// What a customer can do for their place themselves: ask for more time (self-defer, twice per
// order, never past closing) and rejoin at the former place after a no-show or leaving (within
// 10 minutes, once a day). Both run under the shop's lock.
import { and, eq, gte, isNotNull, ne, sql } from 'drizzle-orm';
import {
  REJOIN_WINDOW_MS,
  SELF_DEFER_MAX,
  SERVER_TEXT,
  type SelfDeferAnswer,
} from '@jono/contract';
import { rejoinPlace, selfDefer } from '@jono/queue';
import type { MarketContext } from '../context';
import type { Db, Tx } from '../db/client';
import { orders } from '../db/schema';
import { HttpError, notFound } from '../lib/http-error';
import { localDayStart } from '../lib/local-time';
import { mustAllow } from './presence';
import { changeQueue } from './queue-change';
import {
  loadShopQueue,
  queueStateOf,
  toQueueOrder,
  type OrderRow,
  type ShopHistory,
  type ShopQueueRead,
} from './queue-load';
import { statusOf, type QueueService } from './queue';

const conflict = (message: string) => new HttpError(409, 'conflict', message);
const limit = (message: string) => new HttpError(409, 'limit_reached', message);

/** The defer asked for, checked against the shop's queue as read (under the lock when applied). */
function planDefer(
  shop: ShopQueueRead,
  history: ShopHistory,
  orderId: number,
  minutes: number,
  now: number,
  /** Defers the customer used today on their other orders (a rejoined or new visit). */
  usedElsewhere: number,
) {
  const current = shop.active.find((o) => o.id === orderId);
  if (!current) throw conflict('This order is no longer active');
  mustAllow({ chairs: shop.pob.chairs, active: shop.active }, current, { type: 'self_defer' }, now);
  if (current.deferCount + usedElsewhere >= SELF_DEFER_MAX) {
    throw limit(`More time can be asked for ${SELF_DEFER_MAX} times a day`);
  }
  const state = queueStateOf(now, shop.pob, shop.active, history);
  const result = selfDefer(state, orderId, minutes, statusOf(shop.pob, state).closesAt);
  if (!result.ok) {
    if (result.reason === 'time_slot') throw new HttpError(409, 'time_slot', SERVER_TEXT.timeSlot);
    throw conflict('This order is not waiting');
  }
  return { current, result };
}

/**
 * Defers the customer asked for today (the shop's local day) on their other orders: defers count
 * per customer and day, so leaving and rejoining does not renew them (issue 27).
 */
async function defersUsedElsewhereToday(
  db: Db | Tx,
  order: Pick<OrderRow, 'id' | 'customerId'>,
  timeZone: string,
  now: number,
): Promise<number> {
  if (order.customerId === null) return 0;
  const [row] = await db
    .select({ used: sql<number>`coalesce(sum(${orders.deferCount}), 0)::int` })
    .from(orders)
    .where(
      and(
        eq(orders.customerId, order.customerId),
        ne(orders.id, order.id),
        gte(orders.joinedAt, new Date(localDayStart(timeZone, now))),
      ),
    );
  return Number(row?.used ?? 0);
}

/**
 * "I need more time": answers the wait after the defer; with `preview` nothing changes (the app
 * shows the new wait before the customer confirms). Applied under the shop's lock, on the same
 * path as a join (queue-change.ts).
 */
export async function deferOwnOrder(
  ctx: MarketContext,
  queue: QueueService,
  now: number,
  order: OrderRow,
  minutes: number,
  preview: boolean,
): Promise<SelfDeferAnswer> {
  const answerOf = (result: { waitMinutes: number | null; readyAt: number }, left: number) => ({
    wait_time: result.waitMinutes,
    deferred_until: new Date(result.readyAt).toISOString(),
    defers_left: left,
    applied: !preview,
  });
  if (preview) {
    const shop = await loadShopQueue(ctx.db, order.pobId, [], now);
    if (!shop) throw notFound('Shop not found');
    const history = await queue.history(ctx, shop.pob, now);
    const elsewhere = await defersUsedElsewhereToday(ctx.db, order, shop.pob.timeZone, now);
    const { current, result } = planDefer(shop, history, order.id, minutes, now, elsewhere);
    return answerOf(result, SELF_DEFER_MAX - current.deferCount - elsewhere);
  }
  let elsewhere = 0;
  const { result } = await changeQueue(ctx, queue, order.pobId, now, async (tx, shop) => {
    elsewhere = await defersUsedElsewhereToday(tx, order, shop.pob.timeZone, now);
    const { current, result: planned } = planDefer(
      shop,
      shop.history,
      order.id,
      minutes,
      now,
      elsewhere,
    );
    const [row] = await tx
      .update(orders)
      .set({
        deferredUntil: new Date(planned.readyAt),
        deferCount: current.deferCount + 1,
        // The customer's own move: the next "why the wait changed" starts from here.
        waitBasis: null,
        updatedAt: new Date(now),
      })
      .where(eq(orders.id, order.id))
      .returning();
    if (!row) throw notFound('Order not found');
    return {
      result: answerOf(planned, Math.max(0, SELF_DEFER_MAX - row.deferCount - elsewhere)),
      active: shop.active.map((o) => (o.id === row.id ? { ...row, customer: o.customer } : o)),
    };
  });
  return result;
}

const REJOIN_SPENT = 'A place can be rejoined once a day';
const CANCELLED_BY_SHOP = 'The shop cancelled this visit: join the queue again';

/** The staff cancelled the order (a customer's own leave sets no staff action). */
export function cancelledByShop(row: Partial<Pick<OrderRow, 'status' | 'lastAction'>>): boolean {
  return row.status === 'cancelled' && row.lastAction === 'cancel';
}

/**
 * Whether the customer of a no-show or left order has used their rejoin: this order was rejoined
 * already, or they rejoined some place today (the shop's local day). The tracking screen and the
 * history offer to take the place back only when this is false (`rejoin_until`).
 */
export async function rejoinSpent(
  db: Db | Tx,
  former: Pick<OrderRow, 'id' | 'customerId'> & Partial<Pick<OrderRow, 'status' | 'lastAction'>>,
  timeZone: string,
  now: number,
): Promise<boolean> {
  if (former.customerId === null || cancelledByShop(former)) return true;
  return rejoinSpentIn(former, await rejoinsOf(db, former.customerId), timeZone, now);
}

/** A customer's rejoins (orders that took a former place back): what `rejoinSpentIn` needs. */
export async function rejoinsOf(
  db: Db | Tx,
  customerId: number,
): Promise<{ rejoinedFrom: number; joinedAt: Date }[]> {
  const rows = await db
    .select({ rejoinedFrom: orders.rejoinedFrom, joinedAt: orders.joinedAt })
    .from(orders)
    .where(and(eq(orders.customerId, customerId), isNotNull(orders.rejoinedFrom)));
  return rows.flatMap((r) =>
    r.rejoinedFrom === null ? [] : [{ rejoinedFrom: r.rejoinedFrom, joinedAt: r.joinedAt }],
  );
}

/**
 * `rejoinSpent` over the customer's rejoins read once (`rejoinsOf`): a history of many left
 * orders asks the database once, not once per order.
 */
export function rejoinSpentIn(
  former: Pick<OrderRow, 'id' | 'customerId'> & Partial<Pick<OrderRow, 'status' | 'lastAction'>>,
  rejoins: readonly { rejoinedFrom: number; joinedAt: Date }[],
  timeZone: string,
  now: number,
): boolean {
  if (former.customerId === null || cancelledByShop(former)) return true;
  const dayStart = localDayStart(timeZone, now);
  return rejoins.some((r) => r.rejoinedFrom === former.id || r.joinedAt.getTime() >= dayStart);
}

/**
 * The sort keys a rejoin takes, checked under the shop's lock: the former order was the
 * customer's, a no-show or left (not served), at most REJOIN_WINDOW_MS ago, not rejoined yet,
 * and the customer has not rejoined today.
 */
export async function rejoinKeys(
  tx: Tx,
  former: OrderRow,
  customerId: number,
  timeZone: string,
  active: readonly OrderRow[],
  now: number,
): Promise<{ priority: number; rank: number }> {
  if (former.customerId !== customerId) throw notFound('Order not found');
  if (former.status !== 'noShow' && former.status !== 'cancelled') {
    throw conflict('Only a no-show or a visit left can be rejoined');
  }
  if (former.startedAt !== null) throw conflict('This visit reached a chair');
  // A staff cancel is the shop's decision: the customer cannot take it back (issue 27: a
  // customer cancelled by staff rejoined at first place). A no-show follows the rejoin rule.
  if (cancelledByShop(former)) throw conflict(CANCELLED_BY_SHOP);
  if (former.finishedAt === null || now - former.finishedAt.getTime() > REJOIN_WINDOW_MS) {
    throw limit(`A place can be rejoined within ${REJOIN_WINDOW_MS / 60_000} minutes`);
  }
  if (await rejoinSpent(tx, former, timeZone, now)) throw limit(REJOIN_SPENT);
  const place = rejoinPlace(active.map(toQueueOrder), former);
  return { priority: place.priority, rank: place.rank };
}
