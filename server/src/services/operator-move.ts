// Moving a waiting order to another shop of the market (an operator's action, or the customer's
// own from tracking when a nearby shop's wait is much shorter), and moving it back (the customer
// refuses an operator's move). Both shops' locks are taken in the order of their ids, so two
// moves in opposite directions cannot deadlock, and a join or staff action of either shop waits.
// The order keeps its priority, rank and join time: the time already waited is its place at the
// new shop. The old row is cancelled and the new one points to it (moved_from): the order is
// never lost nor duplicated (the one-active-order index holds for customers, and the property
// test checks walk-ins too).
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { MoveOrderAnswer } from '@jono/contract';
import type { MarketContext } from '../context';
import type { Tx } from '../db/client';
import { customers, orders, pobs, services, type OrderItemSnapshot } from '../db/schema';
import { HttpError, notFound } from '../lib/http-error';
import { moveText } from './move-texts';
import { nextTicket } from './orders';
import { DEADLINE_MS, customerMessage, enqueue } from './outbox';
import { admissionOf } from './queue';
import { lockShop } from './shop-lock';

type OrderRow = typeof orders.$inferSelect;

export const orderMoved = () =>
  new HttpError(409, 'conflict', 'The order is no longer waiting at that shop');

/** Locks both shops, lower id first. */
async function lockBoth(tx: Tx, a: number, b: number): Promise<void> {
  const [first, second] = a < b ? [a, b] : [b, a];
  await lockShop(tx, first);
  if (second !== first) await lockShop(tx, second);
}

/** The order's services as the target shop offers them (same titles); null when one is missing. */
async function mapItems(
  tx: Tx,
  toPobId: number,
  items: OrderItemSnapshot[],
): Promise<{ items: OrderItemSnapshot[]; minutes: number } | null> {
  const offered = await tx
    .select()
    .from(services)
    .where(and(eq(services.pobId, toPobId), eq(services.active, true)));
  const mains = offered.filter((s) => s.parentServiceId === null && s.groupId !== null);
  const out: OrderItemSnapshot[] = [];
  let minutes = 0;
  for (const item of items) {
    const main = mains.find((s) => s.title === item.title);
    if (!main) return null;
    const extras: OrderItemSnapshot['extras'] = [];
    for (const e of item.extras) {
      const extra = offered.find((s) => s.parentServiceId === main.id && s.title === e.title);
      if (!extra) return null;
      extras.push({
        service_id: extra.id,
        title: extra.title,
        price: extra.price,
        duration: extra.duration,
      });
      minutes += extra.duration;
    }
    minutes += main.duration;
    out.push({
      service_id: main.id,
      group_id: main.groupId ?? 0,
      title: main.title,
      price: main.price,
      duration: main.duration,
      extras,
    });
  }
  return { items: out, minutes };
}

export interface MoveRequest {
  orderId: number;
  toPobId: number;
  /** A customer's own move or refusal: the order must be theirs. */
  customerId?: number;
  /**
   * An operator's move: the customer is told, by a message written to the outbox in the move's
   * transaction (push where they have a subscription and push is configured, else SMS).
   */
  tell?: { pushEnabled: boolean };
}

/**
 * Moves an active, not yet started order to `toPobId` under both shops' locks; answers the new
 * row. 404 for an unknown order or shop (or another customer's), 409 when the order left the
 * queue or moved meanwhile, reached a chair, or the other shop takes no orders or lacks one of
 * its services.
 */
export async function moveOrder(
  ctx: MarketContext,
  req: MoveRequest,
  now: number,
): Promise<{ from: OrderRow; to: OrderRow }> {
  const [found] = await ctx.db
    .select({ pobId: orders.pobId, customerId: orders.customerId })
    .from(orders)
    .where(eq(orders.id, req.orderId));
  if (!found || (req.customerId !== undefined && found.customerId !== req.customerId)) {
    throw notFound('Order not found');
  }
  if (found.pobId === req.toPobId) {
    throw new HttpError(400, 'bad_request', 'The order is already at that shop');
  }
  return ctx.db.transaction(async (tx) => {
    await lockBoth(tx, found.pobId, req.toPobId);
    const [row] = await tx.select().from(orders).where(eq(orders.id, req.orderId));
    if (!row || row.pobId !== found.pobId || row.status !== 'active' || row.startedAt) {
      throw orderMoved();
    }
    const [target] = await tx.select().from(pobs).where(eq(pobs.id, req.toPobId));
    if (!target) throw notFound('Shop not found');
    if (admissionOf(target, now).queue_state !== 'open') {
      throw new HttpError(409, 'not_taking_orders', 'That shop is not taking orders right now');
    }
    const mapped = await mapItems(tx, target.id, row.items);
    if (!mapped) throw new HttpError(409, 'conflict', 'That shop does not offer these services');
    const at = new Date(now);
    // The old row leaves the queue first: a customer's one active order stays one.
    await tx
      .update(orders)
      .set({ status: 'cancelled', updatedAt: at, waitEstimate: null, lastAction: null })
      .where(and(eq(orders.id, row.id), eq(orders.status, 'active'), isNull(orders.startedAt)));
    const [moved] = await tx
      .insert(orders)
      .values({
        pobId: target.id,
        customerId: row.customerId,
        source: row.source,
        walkInName: row.walkInName,
        notifyPhone: row.notifyPhone,
        alertChannel: row.alertChannel,
        status: 'active',
        // The earned place: the same priority, rank and join time as at the first shop.
        priority: row.priority,
        rank: row.rank,
        joinedAt: row.joinedAt,
        customerAtPob: false,
        checkedInAt: null,
        presenceSource: null,
        plannedMinutes: mapped.minutes,
        shownWait: null,
        items: mapped.items,
        movedFrom: row.id,
        ticket: nextTicket(target, now),
        updatedAt: at,
      })
      .returning();
    if (!moved) throw new Error('moved order insert failed');
    if (req.tell) await writeMoveMessage(tx, row, moved, target.name, req.tell.pushEnabled, now);
    return { from: row, to: moved };
  });
}

/**
 * The customer's "we moved you" message, written with the move (committed together or not at
 * all) and keyed by the new order, so it is written and sent once. The order's alert channel
 * (push or SMS) is kept; "no alerts" is about the turn, not about being moved, so it still goes.
 */
async function writeMoveMessage(
  tx: Tx,
  from: OrderRow,
  to: OrderRow,
  toName: string,
  pushEnabled: boolean,
  now: number,
): Promise<void> {
  if (to.customerId === null) return;
  const [c] = await tx.select().from(customers).where(eq(customers.id, to.customerId));
  const [old] = await tx.select({ name: pobs.name }).from(pobs).where(eq(pobs.id, from.pobId));
  if (!c || !old) return;
  const message = customerMessage(
    c,
    moveText(c.appLanguage, old.name, toName),
    {
      key: `move:${to.id}`,
      purpose: 'move',
      orderId: to.id,
      pobId: to.pobId,
      deadline: now + DEADLINE_MS.move,
    },
    { pushEnabled, channel: to.alertChannel === 'none' ? null : to.alertChannel },
  );
  if (message) await enqueue(tx, [message], now);
}

/**
 * The customer refuses an operator's move: the order goes back to its first shop, at its first
 * place (the old row is active again, with its ticket), under both locks.
 */
export async function moveBack(
  ctx: MarketContext,
  customerId: number,
  orderId: number,
  now: number,
): Promise<{ from: OrderRow; to: OrderRow }> {
  const [found] = await ctx.db
    .select({ pobId: orders.pobId, customerId: orders.customerId, movedFrom: orders.movedFrom })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!found || found.customerId !== customerId) throw notFound('Order not found');
  if (found.movedFrom === null) throw new HttpError(409, 'conflict', 'The order was not moved');
  const movedFrom = found.movedFrom;
  const [original] = await ctx.db
    .select({ pobId: orders.pobId })
    .from(orders)
    .where(eq(orders.id, movedFrom));
  if (!original) throw notFound('Order not found');
  return ctx.db.transaction(async (tx) => {
    await lockBoth(tx, found.pobId, original.pobId);
    const [row] = await tx.select().from(orders).where(eq(orders.id, orderId));
    const [old] = await tx.select().from(orders).where(eq(orders.id, movedFrom));
    if (!row || !old || row.status !== 'active' || row.startedAt || old.status !== 'cancelled') {
      throw orderMoved();
    }
    const at = new Date(now);
    await tx
      .update(orders)
      .set({ status: 'cancelled', updatedAt: at, waitEstimate: null })
      .where(eq(orders.id, row.id));
    const [back] = await tx
      .update(orders)
      .set({ status: 'active', updatedAt: at })
      .where(eq(orders.id, old.id))
      .returning();
    if (!back) throw new Error('move back failed');
    return { from: row, to: back };
  });
}

/** After a move: both shops recompute and tell their streams; the answer carries the new wait. */
export async function afterMove(
  app: FastifyInstance,
  ctx: MarketContext,
  moved: { from: OrderRow; to: OrderRow },
  tell: boolean,
): Promise<MoveOrderAnswer> {
  await Promise.all([
    app.queue.changed(ctx, moved.from.pobId),
    app.queue.changed(ctx, moved.to.pobId),
  ]);
  const view = await app.queue.view(ctx, moved.to.pobId);
  const wait = view.estimate.orders.get(moved.to.id)?.waitMinutes ?? null;
  // The message the move wrote goes out now (the outbox retries it if the provider fails).
  if (tell) await app.outbox.kick(ctx);
  return {
    order_id: moved.to.id,
    pob_id: moved.to.pobId,
    moved_from: moved.from.id,
    wait_estimate: wait,
  };
}
