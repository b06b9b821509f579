// What staff do to an order: start it on a chair, finish it (serviced, with a receipt), mark a
// no-show, defer it behind the next customer, cancel it, and undo a recent start, finish,
// no-show or cancel. Each runs under the shop's lock and republishes the queue.
import { eq } from 'drizzle-orm';
import { deferOrder } from '@jono/queue';
import type { MarketContext } from '../context';
import type { Tx } from '../db/client';
import { orders, pobs, receipts } from '../db/schema';
import { HttpError, forbidden, notFound } from '../lib/http-error';
import { activeOrderExists, isUniqueViolation, lockShop } from './orders';
import { loadActiveOrders, toQueueOrder, type OrderRow } from './queue-load';
import { isHeld } from './presence';
import type { QueueService } from './queue';
import { receiptRows } from './receipts';
import { undoOf } from './staff-queue';

export type StaffAction = 'start' | 'finish' | 'no_show' | 'defer' | 'cancel' | 'undo';

const conflict = (message: string) => new HttpError(409, 'conflict', message);

interface ActionContext {
  ctx: MarketContext;
  queue: QueueService;
  now: number;
  pobId: number;
  staffId: number;
}

/** Runs one action on an order of the caller's shop; 403 for an order of another shop. */
export async function runStaffAction(
  a: ActionContext,
  orderId: number,
  action: StaffAction,
  opts: { chair?: number } = {},
): Promise<OrderRow> {
  const [found] = await a.ctx.db.select().from(orders).where(eq(orders.id, orderId));
  if (!found) throw notFound('Order not found');
  if (found.pobId !== a.pobId) throw forbidden();
  let row: OrderRow | undefined;
  try {
    row = await a.ctx.db.transaction(async (tx) => {
      await lockShop(tx, a.pobId);
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
      if (!order) throw notFound('Order not found');
      return ACTIONS[action](tx, a, order, opts);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw activeOrderExists();
    throw err;
  }
  if (!row) throw notFound('Order not found');
  await a.queue.changed(a.ctx, a.pobId, { history: action === 'finish' || action === 'undo' });
  return row;
}

type Handler = (
  tx: Tx,
  a: ActionContext,
  order: OrderRow,
  opts: { chair?: number },
) => Promise<OrderRow | undefined>;

const update = async (tx: Tx, id: number, set: Partial<typeof orders.$inferInsert>) => {
  const [row] = await tx.update(orders).set(set).where(eq(orders.id, id)).returning();
  return row;
};

function mustWait(order: OrderRow) {
  if (order.status !== 'active') throw conflict('This order is no longer active');
  if (order.startedAt) throw conflict('The service has already started');
}

const ACTIONS: Record<StaffAction, Handler> = {
  async start(tx, a, order, opts) {
    mustWait(order);
    const [pob] = await tx.select().from(pobs).where(eq(pobs.id, a.pobId));
    const active = await loadActiveOrders(tx, a.pobId);
    const busy = new Set(active.filter((o) => o.startedAt).map((o) => o.chair));
    const chairs = pob?.chairs ?? 0;
    let chair = opts.chair;
    if (chair !== undefined) {
      if (chair > chairs) throw conflict(`Chair ${chair} is not on duty`);
      if (busy.has(chair)) throw conflict(`Chair ${chair} is busy`);
    } else {
      chair = Array.from({ length: chairs }, (_, i) => i + 1).find((c) => !busy.has(c));
      if (chair === undefined) throw conflict('Every chair on duty is busy');
    }
    const at = new Date(a.now);
    return update(tx, order.id, {
      startedAt: at,
      chair,
      startedBy: a.staffId,
      customerAtPob: true,
      checkedInAt: order.checkedInAt ?? at,
      waitEstimate: 0,
      lastAction: 'start',
      lastActionAt: at,
      updatedAt: at,
    });
  },

  async finish(tx, a, order) {
    if (order.status !== 'active') throw conflict('This order is no longer active');
    if (!order.startedAt) throw conflict('Start the service before finishing it');
    const at = new Date(a.now);
    const row = await update(tx, order.id, {
      status: 'serviced',
      finishedAt: at,
      waitEstimate: null,
      lastAction: 'finish',
      lastActionAt: at,
      updatedAt: at,
    });
    if (order.customerId !== null) {
      await tx.insert(receipts).values({
        orderId: order.id,
        customerId: order.customerId,
        pobId: order.pobId,
        created: at,
        rows: receiptRows(order.items, a.ctx.info.vatPercent),
      });
    }
    return row;
  },

  async no_show(tx, a, order) {
    mustWait(order);
    // A protected spot: the customer set off on the leave-now alert and the grace is not over.
    if (isHeld(order, a.now)) {
      throw new HttpError(409, 'held', 'This customer is on the way and their spot is held');
    }
    return close(tx, a, order, 'noShow', 'no_show');
  },

  async cancel(tx, a, order) {
    if (order.status !== 'active') throw conflict('This order is no longer active');
    return close(tx, a, order, 'cancelled', 'cancel');
  },

  async defer(tx, a, order) {
    mustWait(order);
    const active = await loadActiveOrders(tx, a.pobId);
    const changes = deferOrder(active.map(toQueueOrder), order.id);
    if (changes.length === 0) throw conflict('There is no one behind this customer to swap with');
    const at = new Date(a.now);
    let row: OrderRow | undefined = order;
    for (const c of changes) {
      const updated = await update(tx, c.id, {
        rank: c.rank,
        ...(c.priority !== undefined ? { priority: c.priority } : {}),
        updatedAt: at,
      });
      if (c.id === order.id) row = updated;
    }
    return row;
  },

  async undo(tx, a, order) {
    const undo = undoOf(order, a.now);
    if (!undo) throw conflict('Nothing to undo on this order');
    const at = new Date(a.now);
    const reopened = { lastAction: null, lastActionAt: null, updatedAt: at };
    if (undo.action === 'start') {
      if (order.status !== 'active') throw conflict('Nothing to undo on this order');
      return update(tx, order.id, { ...reopened, startedAt: null, chair: null, startedBy: null });
    }
    if (undo.action === 'finish') {
      await tx.delete(receipts).where(eq(receipts.orderId, order.id));
    }
    return update(tx, order.id, { ...reopened, status: 'active', finishedAt: null });
  },
};

async function close(
  tx: Tx,
  a: ActionContext,
  order: OrderRow,
  status: 'noShow' | 'cancelled',
  action: 'no_show' | 'cancel',
) {
  const at = new Date(a.now);
  return update(tx, order.id, {
    status,
    finishedAt: at,
    waitEstimate: null,
    lastAction: action,
    lastActionAt: at,
    updatedAt: at,
  });
}
