// What staff do to an order: start it on a chair, finish it (serviced, with a receipt), mark a
// no-show, defer it behind the next customer, cancel it, and undo a recent start, finish,
// no-show or cancel. Each runs as a change of the shop's queue (queue-change.ts): under the
// shop's lock, checked by the state model (@jono/queue state-model.ts) against the queue read
// there, with the new estimates stored and the NOTIFY sent in the same transaction, so that every
// stream hears of it at its commit (issue 29: a start used to commit, then read the queue again
// and store its estimates in a second transaction before anyone heard of it).
import { and, eq, isNull, ne } from 'drizzle-orm';
import { compareQueueOrders, deferOrder, mayServe, type StateAction } from '@jono/queue';
import type { MarketContext } from '../context';
import type { Tx } from '../db/client';
import { orders, receipts } from '../db/schema';
import { forbidden, HttpError, notFound } from '../lib/http-error';
import { refused } from '../lib/refusal';
import { activeOrderExists, isUniqueViolation } from './orders';
import { loadActiveOrders, toQueueOrder, type OrderRow } from './queue-load';
import { changeQueue, type ShopQueue } from './queue-change';
import { mustAllow } from './presence';
import type { QueueService } from './queue';
import { receiptRows } from './receipts';
import { shortName, undoOf } from './staff-queue';

export type StaffAction = 'start' | 'finish' | 'no_show' | 'defer' | 'cancel' | 'undo';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

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
  // The order's shop: known to this process once it has seen the order (it never changes).
  let pobId = a.queue.orderHome(a.ctx.market, orderId)?.pobId;
  if (pobId === undefined) {
    const [found] = await a.ctx.db
      .select({ pobId: orders.pobId })
      .from(orders)
      .where(eq(orders.id, orderId));
    if (!found) throw notFound('Order not found');
    pobId = found.pobId;
  }
  if (pobId !== a.pobId) throw forbidden();
  let row: OrderRow | undefined;
  try {
    const done = await changeQueue(a.ctx, a.queue, a.pobId, a.now, async (tx, shop) => {
      const order =
        shop.active.find((o) => o.id === orderId) ??
        (await tx.select().from(orders).where(eq(orders.id, orderId)))[0];
      if (!order) throw notFound('Order not found');
      const changed = await ACTIONS[action](tx, a, order, opts, shop);
      // The queue as the action left it (a start, a defer or an undo can move several orders).
      // A chair the action freed (a finish; a no-show, cancel or start ahead; an undone start)
      // is the turn of the customer away it would seat next: the change records it in the new
      // view, at the action's moment (turns.ts).
      return { result: changed, active: await loadActiveOrders(tx, a.pobId) };
    });
    row = done.result;
  } catch (err) {
    if (isUniqueViolation(err)) throw activeOrderExists();
    throw err;
  }
  if (!row) throw notFound('Order not found');
  // A service finished (or its finish undone) teaches the duration model: the shop's history is
  // read again in the background and the estimates computed again with it (the change itself
  // was heard at commit; the answer does not wait for the read).
  if (action === 'finish' || action === 'undo') a.queue.learnt(a.ctx, a.pobId);
  return row;
}

type Handler = (
  tx: Tx,
  a: ActionContext,
  order: OrderRow,
  opts: { chair?: number },
  /** The shop, its named barbers and its active orders, read under the lock. */
  shop: ShopQueue,
) => Promise<OrderRow | undefined>;

const update = async (tx: Tx, id: number, set: Partial<typeof orders.$inferInsert>) => {
  const [row] = await tx.update(orders).set(set).where(eq(orders.id, id)).returning();
  return row;
};

/**
 * The state model's verdict on an action in the shop as it is now (read under the lock). In a
 * shop with named barbers the chairs on duty are the ones its barbers hold, and a Start must
 * also suit the chair's barber (barber-eligibility.ts): a customer who chose a barber is only
 * started by that barber; without a chair given, they take their barber's.
 */
function decideNow(
  shop: ShopQueue,
  a: ActionContext,
  order: OrderRow,
  action: StateAction,
): { chair?: number; active: OrderRow[]; servedBy: number | null } {
  // The shop's named barbers (not removed): the ones on duty hold a chair.
  const named = shop.pob.barbers?.rows ?? [];
  const active = shop.active;
  const onDuty = named.flatMap((b) => (b.chair === null ? [] : [b.chair]));
  const chairs = named.length > 0 ? onDuty : shop.pob.chairs;
  let act = action;
  if (action.type === 'start' && named.length > 0 && order.barberId !== null) {
    const tied = named.find((b) => b.id === order.barberId);
    const who = shortName(null, order.walkInName) ?? 'This customer';
    if (action.chair === undefined) {
      if (tied?.chair === null || tied?.chair === undefined) {
        throw tiedRefusal(
          `${who} waits for ${tied?.firstName ?? 'another barber'}, who is not on duty`,
        );
      }
      act = { type: 'start', chair: tied.chair };
    } else {
      const atChair = named.find((b) => b.chair === action.chair);
      if (atChair && !mayServe({ wantsBarberId: order.barberId }, atChair.id)) {
        throw tiedRefusal(
          `${who} waits for ${tied?.firstName ?? 'another barber'}: only they start this customer, or change the barber with the customer's consent`,
        );
      }
    }
  }
  const { chair } = mustAllow({ chairs, active }, order, act, a.now);
  const servedBy = named.find((b) => b.chair !== null && b.chair === chair)?.id ?? null;
  return { chair, active, servedBy };
}

const tiedRefusal = (message: string) => new HttpError(409, 'barber_tied', message);

const ACTIONS: Record<StaffAction, Handler> = {
  async start(tx, a, order, opts, shop) {
    const { chair, active, servedBy } = decideNow(shop, a, order, {
      type: 'start',
      chair: opts.chair,
    });
    const at = new Date(a.now);
    await markPassedOver(tx, active, order, at);
    return update(tx, order.id, {
      startedAt: at,
      turnAt: order.turnAt ?? at,
      chair: chair ?? null,
      startedBy: a.staffId,
      // Always recorded: durations are learnt per barber (queue-load.ts toOrderRecord).
      servedBy,
      // Seated, so at the shop; where they were before is kept for an undo.
      startPresence: { atShop: order.customerAtPob, checkedInAt: iso(order.checkedInAt) },
      customerAtPob: true,
      checkedInAt: order.checkedInAt ?? at,
      waitEstimate: 0,
      lastAction: 'start',
      lastActionAt: at,
      updatedAt: at,
    });
  },

  async finish(tx, a, order, _opts, shop) {
    decideNow(shop, a, order, { type: 'finish' });
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

  async no_show(tx, a, order, _opts, shop) {
    decideNow(shop, a, order, { type: 'no_show' });
    return close(tx, a, order, 'noShow', 'no_show');
  },

  async cancel(tx, a, order, _opts, shop) {
    decideNow(shop, a, order, { type: 'cancel' });
    return close(tx, a, order, 'cancelled', 'cancel');
  },

  async defer(tx, a, order, _opts, shop) {
    const { active } = decideNow(shop, a, order, { type: 'defer' });
    const changes = deferOrder(active.map(toQueueOrder), order.id);
    if (changes.length === 0) throw refused('no_one_behind');
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

  async undo(tx, a, order, _opts, shop) {
    const undo = undoOf(order, a.now);
    if (!undo) throw refused('nothing_to_undo');
    const { chair } = decideNow(shop, a, order, { type: 'undo', last: undo.action });
    const at = new Date(a.now);
    const reopened = { lastAction: null, lastActionAt: null, updatedAt: at };
    if (undo.action === 'start') {
      // Back to waiting exactly as before the Start: an app customer who was not here is not
      // checked in by a mistaken Start.
      const before = order.startPresence;
      return update(tx, order.id, {
        ...reopened,
        startedAt: null,
        turnAt: sameTime(order.turnAt, order.startedAt) ? null : order.turnAt,
        chair: null,
        startedBy: null,
        servedBy: null,
        startPresence: null,
        ...(before
          ? {
              customerAtPob: before.atShop,
              checkedInAt: before.checkedInAt ? new Date(before.checkedInAt) : null,
            }
          : {}),
      });
    }
    // The chair (or place) the undone action freed was not free after all: the turns it recorded
    // for customers away are forgotten (a later turn is recorded when one really comes).
    if (order.lastActionAt !== null) {
      await forgetTurns(tx, order, order.lastActionAt);
    }
    if (undo.action === 'finish') {
      await tx.delete(receipts).where(eq(receipts.orderId, order.id));
      return update(tx, order.id, { ...reopened, status: 'active', finishedAt: null, chair });
    }
    return update(tx, order.id, {
      ...reopened,
      status: 'active',
      finishedAt: null,
      turnAt: sameTime(order.turnAt, order.finishedAt) ? null : order.turnAt,
    });
  },
};

/** Forgets the turns recorded at `at` for the shop's other waiting customers (an undo). */
async function forgetTurns(tx: Tx, order: OrderRow, at: Date) {
  await tx
    .update(orders)
    .set({ turnAt: null })
    .where(
      and(
        eq(orders.pobId, order.pobId),
        eq(orders.status, 'active'),
        isNull(orders.startedAt),
        eq(orders.turnAt, at),
        ne(orders.id, order.id),
      ),
    );
}

const sameTime = (a: Date | null, b: Date | null) => a !== null && a.getTime() === b?.getTime();

/**
 * The turn of every customer ahead of a start who is away (not at the shop, not yet passed
 * over): a chair went to someone behind them, so their turn came now. The closed loop judges
 * the estimates they were shown on the way by it (waitAfterEstimate).
 */
async function markPassedOver(tx: Tx, active: readonly OrderRow[], started: OrderRow, at: Date) {
  const seated = toQueueOrder(started);
  for (const o of active) {
    if (o.id === started.id || o.startedAt !== null || o.customerAtPob || o.turnAt !== null) {
      continue;
    }
    if (compareQueueOrders(toQueueOrder(o), seated) < 0) await update(tx, o.id, { turnAt: at });
  }
}

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
    // Marked a no-show: their turn came (if it had not when staff passed them over).
    ...(status === 'noShow' ? { turnAt: order.turnAt ?? at } : {}),
    waitEstimate: null,
    lastAction: action,
    lastActionAt: at,
    updatedAt: at,
  });
}
