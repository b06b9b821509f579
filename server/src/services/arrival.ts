// The app saw the customer arrive (issue 31): a customer who already let the app use their
// position, with an active order and not checked in, came within the shop's arrival radius with
// an accurate fix. The server checks the fix against the shop's own position and records presence
// as a check-in does (at the shop from now: the engine seats them, the board shows them here), with
// its source, `position`: the customer's own "I'm here" stays theirs (it confirms), and "not yet"
// undoes what only the position said. The position is used for the check and then forgotten: not
// stored, not logged, not answered.
import { eq } from 'drizzle-orm';
import { fixAtShop, type ArrivalPayload, type Order } from '@jono/contract';
import { distanceKm } from '@jono/queue';
import type { MarketContext } from '../context';
import { orders, pobs } from '../db/schema';
import { HttpError, notFound } from '../lib/http-error';
import { orderAnswer } from './orders';
import { mustAllow } from './presence';
import { changeQueue } from './queue-change';
import type { QueueService } from './queue';
import type { ActiveOrderRow, OrderRow } from './queue-load';
import type { Tx } from '../db/client';

export const POSITION = 'position';

const conflict = (message: string) => new HttpError(409, 'conflict', message);

/** The caller's order in the queue read under the shop's lock; 409 when no longer active. */
function activeOf(active: readonly ActiveOrderRow[], order: OrderRow): ActiveOrderRow {
  const current = active.find((o) => o.id === order.id);
  if (!current || current.customerId !== order.customerId) {
    throw conflict('This order is no longer active');
  }
  return current;
}

/** Writes the order's presence and answers it with the queue as it now stands. */
async function setPresence(
  tx: Tx,
  active: readonly ActiveOrderRow[],
  orderId: number,
  presence: Pick<
    typeof orders.$inferInsert,
    'customerAtPob' | 'checkedInAt' | 'presenceSource' | 'updatedAt'
  >,
) {
  const [row] = await tx.update(orders).set(presence).where(eq(orders.id, orderId)).returning();
  if (!row) throw notFound('Order not found');
  return {
    result: row,
    active: active.map((o) => (o.id === row.id ? { ...row, customer: o.customer } : o)),
  };
}

/** Records that the app saw the customer at the shop; twice, or once here already, is harmless. */
export async function arriveByPosition(
  ctx: MarketContext,
  queue: QueueService,
  now: number,
  order: OrderRow,
  fix: ArrivalPayload,
): Promise<Order> {
  const [shop] = await ctx.db
    .select({ latitude: pobs.latitude, longitude: pobs.longitude })
    .from(pobs)
    .where(eq(pobs.id, order.pobId));
  if (!shop) throw notFound('Shop not found');
  const metres =
    distanceKm(
      { lat: fix.latitude, lng: fix.longitude },
      { lat: Number(shop.latitude), lng: Number(shop.longitude) },
    ) * 1000;
  if (!fixAtShop(metres, fix.accuracy)) {
    throw new HttpError(409, 'not_at_shop', 'The position does not place you at the shop');
  }
  const at = new Date(now);
  const { result } = await changeQueue(ctx, queue, order.pobId, now, async (tx, q) => {
    const current = activeOf(q.active, order);
    if (current.customerAtPob) return { result: current, active: q.active };
    mustAllow({ chairs: q.pob.chairs, active: q.active }, current, { type: 'check_in' }, now);
    return setPresence(tx, q.active, order.id, {
      customerAtPob: true,
      checkedInAt: at,
      presenceSource: POSITION,
      updatedAt: at,
    });
  });
  return orderAnswer(ctx, queue, result, now);
}

/**
 * "Not yet": undoes a presence only the position recorded (not the customer's own check-in, nor
 * staff's), while the customer waits. Twice is harmless.
 */
export async function notYetArrived(
  ctx: MarketContext,
  queue: QueueService,
  now: number,
  order: OrderRow,
): Promise<Order> {
  const at = new Date(now);
  const { result } = await changeQueue(ctx, queue, order.pobId, now, async (tx, q) => {
    const current = activeOf(q.active, order);
    if (current.startedAt !== null) throw new HttpError(409, 'not_waiting', 'Already at a chair');
    if (!current.customerAtPob) return { result: current, active: q.active };
    if (current.presenceSource !== POSITION) {
      throw conflict('You checked in yourself, or the staff did: ask them at the shop');
    }
    return setPresence(tx, q.active, order.id, {
      customerAtPob: false,
      checkedInAt: null,
      presenceSource: null,
      updatedAt: at,
    });
  });
  return orderAnswer(ctx, queue, result, now);
}
