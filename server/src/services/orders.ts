// Joining a shop's queue (customers from the app, walk-ins from the staff console), serialised
// per shop with an advisory lock so that concurrent joins never over-allocate, and the order as
// the customer API shows it.
import { and, eq, sql } from 'drizzle-orm';
import { localDayStart } from '../lib/local-time';
import { lockShop } from './shop-lock';
import { SERVER_TEXT } from '@jono/contract';
import { allocate, estimateNewcomers, expectedMinutes } from '@jono/queue';
import type { MarketContext } from '../context';
import { orders, type OrderItemSnapshot } from '../db/schema';
import { HttpError, notFound } from '../lib/http-error';
import {
  queueStateOf,
  type ActiveOrderRow,
  type OfferedService,
  type OrderRow,
} from './queue-load';
import { changeQueue, type Change } from './queue-change';
import { admissionOf, statusOf, type QueueService, type ShopQueueView } from './queue';
import { mustAllow } from './presence';
import { priorityOf, type CustomerRow } from './profiles';
import { cancelledByShop, rejoinKeys } from './self-service';
import { checkBarberChoice } from './barber-choice';
import { runNamed } from '../db/prepared';
import { insertOrders, type OrderValues } from './order-insert';

export interface ItemRequest {
  service_id: number;
  extra_service_ids: number[];
}

export interface JoinRequest {
  pobId: number;
  customerId: number | null;
  priority: number;
  /** Kiosk joins pass the same checks as the app's; staff walk-ins skip them. */
  source: 'app' | 'walk_in' | 'kiosk';
  walkInName?: string | null;
  /** Kiosk: the number to text when the turn is near (E.164). */
  notifyPhone?: string | null;
  items: ItemRequest[];
  /** Rejoin: the no-show or left order whose place is taken back (self-service.ts). */
  rejoin?: OrderRow;
  /** The customer's name and membership, as the staff board shows them (null for walk-ins). */
  customer?: ActiveOrderRow['customer'];
  /** The caller already found no active order of the customer (the unique index still decides). */
  checkedNoActiveOrder?: boolean;
  /** The barber the customer chose (issue 30); null or absent: the first available. */
  barberId?: number | null;
}

/** Serialises every change to one shop's queue until the transaction ends (all processes). */
export { lockShop };

/** Every service id an order names (its services and their extras). */
export const requestedServiceIds = (items: readonly ItemRequest[]): number[] =>
  items.flatMap((i) => [i.service_id, ...i.extra_service_ids]);

/**
 * The ordered services and extras with the shop's own titles, prices and durations, from the
 * shop's active services among the requested ones (`offered`).
 */
export function resolveItems(
  offered: readonly OfferedService[],
  items: ItemRequest[],
): { items: OrderItemSnapshot[]; plannedMinutes: number } {
  const byId = new Map(offered.map((r) => [r.id, r]));
  const invalid = (field: string, message: string) =>
    new HttpError(400, 'validation', message, { [field]: message });
  const seen = new Set<number>();
  const snapshot = items.map((item, i) => {
    const s = byId.get(item.service_id);
    if (!s || s.parentServiceId !== null || s.groupId === null) {
      throw invalid(
        `items.${i}.service_id`,
        `Service ${item.service_id} is not offered by this shop`,
      );
    }
    if (seen.has(s.id)) throw invalid(`items.${i}.service_id`, `Service ${s.id} is ordered twice`);
    seen.add(s.id);
    const extras = item.extra_service_ids.map((extraId, j) => {
      const e = byId.get(extraId);
      if (!e || e.parentServiceId !== s.id) {
        throw invalid(
          `items.${i}.extra_services.${j}.service_id`,
          `Extra service ${extraId} cannot be added to service ${s.id}`,
        );
      }
      if (seen.has(e.id)) throw invalid(`items.${i}.extra_services.${j}`, `Extra ${e.id} twice`);
      seen.add(e.id);
      return { service_id: e.id, title: e.title, price: e.price, duration: e.duration };
    });
    return {
      service_id: s.id,
      group_id: s.groupId,
      title: s.title,
      price: s.price,
      duration: s.duration,
      extras,
    };
  });
  const plannedMinutes = snapshot.reduce(
    (sum, s) => sum + s.duration + s.extras.reduce((a, e) => a + e.duration, 0),
    0,
  );
  return { items: snapshot, plannedMinutes };
}

export function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e;) {
    if (e.code === '23505') return true;
    e = e.cause as typeof e;
  }
  return false;
}

export const activeOrderExists = () =>
  new HttpError(409, 'active_order_exists', SERVER_TEXT.activeOrderExists);
const notTakingOrders = () => new HttpError(409, 'not_taking_orders', SERVER_TEXT.notTakingOrders);
const timeSlot = () => new HttpError(409, 'time_slot', SERVER_TEXT.timeSlot);
const MINUTE = 60_000;

/**
 * Adds an order to a shop's queue. App orders must find the shop taking orders and a time slot
 * before closing; walk-ins are the staff's call and skip those checks. Warm (the shop's history
 * cached), a join sends 6 statements (BEGIN, lock and notice, shop and queue with its services
 * and barbers, insert, moved estimates, COMMIT: see changeQueue), plus the caller's read of the
 * customer (which counts the IP's attempt too: routes/orders).
 */
/**
 * The join that puts a customer back in the queue they left (the app's rejoin and the "rejoin"
 * SMS alike): the same shop and services, the customer's priority today, `former` as the place.
 */
export function rejoinRequest(former: OrderRow, customer: CustomerRow, now: number): JoinRequest {
  return {
    pobId: former.pobId,
    customerId: customer.id,
    customer: {
      firstname: customer.firstname,
      lastname: customer.lastname,
      membershipType: customer.membershipType,
      membershipEnd: customer.membershipEnd,
    },
    priority: priorityOf(customer, new Date(now).toISOString().slice(0, 10)),
    source: 'app',
    items: former.items.map((i) => ({
      service_id: i.service_id,
      extra_service_ids: i.extras.map((e) => e.service_id),
    })),
    rejoin: former,
  };
}

export async function joinQueue(
  ctx: MarketContext,
  queue: QueueService,
  now: number,
  req: JoinRequest,
): Promise<OrderRow> {
  const join = joinChange(now, req);
  try {
    const { result } = await changeQueue<OrderRow>(
      ctx,
      queue,
      req.pobId,
      now,
      join.change,
      join.serviceIds,
      join.appendsOnly,
    );
    return result;
  } catch (err) {
    // Two joins of one customer racing past the check: the partial unique index decides.
    if (isUniqueViolation(err)) throw activeOrderExists();
    throw err;
  }
}

/** A join as a change of the shop's queue (changeQueue's arguments). */
export function joinChange(
  now: number,
  req: JoinRequest,
): { change: Change<OrderRow>; serviceIds: number[]; appendsOnly: boolean } {
  const join: ReturnType<typeof joinChange> = {
    serviceIds: requestedServiceIds(req.items),
    // A join adds its order and reads no other, so the batch may write its joins together; a
    // rejoin places itself among the queue's orders (rejoinPlace) and must find them all.
    appendsOnly: !req.rejoin,
    change: async (tx, shop, { deferred }) => {
      if (req.customerId !== null && !req.checkedNoActiveOrder) {
        const [existing] = await tx
          .select({ id: orders.id })
          .from(orders)
          .where(and(eq(orders.customerId, req.customerId), eq(orders.status, 'active')));
        if (existing) throw activeOrderExists();
      }
      const { pob, active, history } = shop;
      const barber = await checkBarberChoice(tx, pob, req.barberId, now);
      const { items, plannedMinutes } = resolveItems(shop.offered, req.items);
      const candidate = {
        priority: req.priority,
        plannedMinutes,
        serviceIds: items.flatMap((i) => [i.service_id, ...i.extras.map((e) => e.service_id)]),
      };
      const checked = req.source !== 'walk_in';
      let shownWait: number | null = null;
      let admit: ((wait: number | null, ranged: boolean) => HttpError | null) | null = null;
      if (deferred) {
        // The wait and the closing check come from the batch's one estimate (changeQueue's
        // `after`): the order's own median in the new queue, as a newcomer's would be.
        const { queue_state, closesAt } = admissionOf(pob, now);
        if (checked && (queue_state !== 'open' || closesAt === null || now >= closesAt)) {
          throw notTakingOrders();
        }
        // The order's expected minutes only (the learnt durations): no engine state per join.
        const minutes = expectedMinutes(
          history.durationModel,
          candidate.plannedMinutes,
          candidate.serviceIds,
        );
        admit = (wait, ranged) => {
          if (!checked) return null;
          if (wait === null || !ranged || closesAt === null) return notTakingOrders();
          return now + (wait + minutes) * MINUTE > closesAt ? timeSlot() : null;
        };
      } else {
        const state = queueStateOf(now, pob, active, history);
        // One Monte Carlo for both questions: is the shop closing soon (a one-time customer's
        // wait) and where does this customer's order fit (their own priority's).
        const known = estimateNewcomers(state, [...new Set([0, req.priority])]);
        const status = statusOf(pob, state, known);
        // A customer who chooses a barber is shown that barber's wait, as the shop page shows it:
        // the engine's own for a barber of today's rota; for one due but not signed in (no chair
        // in the rota yet) the first available's (queue-view's barberWaits).
        const tiedTo = barber && state.barbers?.some((b) => b.id === barber.row.id) ? barber : null;
        const mine = tiedTo ? estimateNewcomers(state, [req.priority], tiedTo.row.id) : known;
        const slot = allocate(
          state,
          { ...candidate, wantsBarberId: barber?.row.id ?? null },
          status.closesAt,
          mine,
        );
        if (checked) {
          if (status.queue_state !== 'open') throw notTakingOrders();
          if (!slot.ok && slot.reason === 'time_slot') throw timeSlot();
          if (!slot.ok) throw notTakingOrders();
        }
        shownWait = slot.ok
          ? slot.waitMinutes
          : (mine.find((e) => e.priority === req.priority)?.wait_time ?? null);
      }
      // Staff add walk-ins who stand before them; a kiosk walk-in counts as absent until they
      // confirm their phone at the kiosk or the staff start them (issue 27: fake walk-ins).
      const atShop = req.source === 'walk_in';
      const keys =
        req.rejoin && req.customerId !== null
          ? await rejoinKeys(tx, req.rejoin, req.customerId, pob.timeZone, active, now)
          : null;
      const values: OrderValues = {
        pobId: pob.id,
        customerId: req.customerId,
        source: req.source,
        walkInName: req.walkInName ?? null,
        notifyPhone: req.notifyPhone ?? null,
        status: 'active' as const,
        priority: keys?.priority ?? req.priority,
        rank: keys?.rank ?? now,
        rejoinedFrom: req.rejoin?.id ?? null,
        customerAtPob: atShop,
        checkedInAt: atShop ? new Date(now) : null,
        joinedAt: new Date(now),
        plannedMinutes,
        shownWait,
        waitEstimate: shownWait,
        items,
        barberId: barber?.row.id ?? null,
        updatedAt: new Date(now),
      };
      const customer = req.customer ?? null;
      // A rejoin keeps its number, so the screen and the app still show the one the customer
      // knows; only across midnight (numbers start again each day) does it get a new one.
      const ticket = {
        kept: keptTicket(req.rejoin ?? null, pob.timeZone, now),
        dayStart: new Date(localDayStart(pob.timeZone, now)),
      };
      const after = (row: OrderRow, view: ShopQueueView) => {
        const e = view.estimate.orders.get(row.id);
        const wait = e?.waitMinutes ?? null;
        const error = admit?.(wait, !!e?.waitRange) ?? null;
        return error ? { error } : { shown: { orderId: row.id, wait } };
      };
      if (deferred) {
        // Written with the batch's other joins in one INSERT (changeQueue).
        return {
          insert: { values, ticket, customer, after },
        };
      }
      const [inserted] = await insertOrders(tx, [{ values, ticket }]);
      if (!inserted) throw new Error('order insert failed');
      return { result: inserted, active: [...active, { ...inserted, customer }] };
    },
  };
  // Checked before its batch (the customer's active order) or a walk-in, a join reads no order
  // from the database (the barber's refusal reads barbers only): the batch's leaves before it
  // need not be written first (changeQueue).
  join.change.readsNoOrders =
    !req.rejoin && (req.customerId === null || !!req.checkedNoActiveOrder);
  return join;
}

/** The order after a customer's own change; a cancel also tells whether its rejoin is spent. */
export interface OwnOrderChanged {
  row: OrderRow;
  rejoinSpent?: boolean;
}

/**
 * A customer's own change to their active order, under the shop's lock (changeQueue): leave the
 * queue (not once at a chair) or say they are at the shop (twice is harmless). Another
 * customer's order is not found.
 */
export function ownOrderChange(
  orderId: number,
  customerId: number | null,
  action: 'cancel' | 'check_in',
  at: number,
): Change<OwnOrderChanged> {
  const now = new Date(at);
  const change: Change<OwnOrderChanged> = async (tx, shop, mode) => {
    const current = shop.active.find((o) => o.id === orderId);
    if (!current) throw new HttpError(409, 'conflict', 'This order is no longer active');
    // Only its customer's (null: a rehearsal's own order).
    if (current.customerId !== customerId) throw notFound('Order not found');
    const others = shop.active.filter((o) => o.id !== orderId);
    mustAllow(
      { chairs: shop.pob.chairs, active: shop.active },
      current,
      { type: action === 'cancel' ? 'leave' : 'check_in' },
      at,
    );
    if (action === 'cancel') {
      // The answer says whether the place can be rejoined: asked in the same statement.
      // Only what the row lacks comes back: the rest is `current`, read under this lock.
      const spentAlways = current.customerId === null || cancelledByShop(current);
      const { customer: _c, ...was } = current;
      const left = (rejoinSpent: boolean): OwnOrderChanged => ({
        row: { ...was, status: 'cancelled', finishedAt: now, waitEstimate: null, updatedAt: now },
        rejoinSpent,
      });
      if (mode.deferred) {
        // Written with the batch's other leaves in one statement (changeQueue).
        return {
          cancel: {
            orderId,
            customerId: current.customerId,
            spentAlways,
            at,
            dayStart: localDayStart(shop.pob.timeZone, at),
            active: others,
            finish: left,
          },
        };
      }
      const [spent] = await runNamed(
        tx,
        'order_cancel',
        CANCEL_SQL,
        [
          orderId,
          now.toISOString(),
          spentAlways,
          current.customerId,
          new Date(localDayStart(shop.pob.timeZone, at)).toISOString(),
        ],
        (rows) => rows.map((r) => r[0] === true),
      );
      if (spent === undefined) throw notFound('Order not found');
      return { result: left(spent), active: others };
    }
    // Here already: harmless, except that the customer's own word confirms a presence only their
    // position said (arrival.ts), which "not yet" can then no longer undo.
    if (current.customerAtPob && current.presenceSource === null) {
      return { result: { row: current }, active: shop.active };
    }
    const [r] = await tx
      .update(orders)
      .set(
        current.customerAtPob
          ? { presenceSource: null, updatedAt: now }
          : { customerAtPob: true, checkedInAt: now, presenceSource: null, updatedAt: now },
      )
      .where(eq(orders.id, orderId))
      .returning();
    if (!r) throw notFound('Order not found');
    return { result: { row: r }, active: [...others, { ...r, customer: current.customer }] };
  };
  // A leave touches its own order alone: the batch may write consecutive leaves together.
  if (action === 'cancel') change.leaveOnly = true;
  return change;
}

/**
 * A customer's leave: $1 the order, $2 now; it answers whether the place can no longer be
 * rejoined (rejoinSpent: $3 always, or the customer $4 rejoined this order or since the shop's
 * local day began, $5), asked in the same statement.
 */
const CANCEL_SQL = `update "orders" set "status" = 'cancelled', finished_at = $2::timestamptz, wait_estimate = null, updated_at = $2::timestamptz where id = $1::int returning ($3::boolean or exists (select 1 from orders r where r.customer_id = $4::int and r.rejoined_from is not null and (r.rejoined_from = $1::int or r.joined_at >= $5::timestamptz)))`;

/** The number a rejoin keeps: its former order's, when that was given the same local day. */
function keptTicket(
  former: { ticket: number | null; joinedAt: Date } | null,
  timeZone: string,
  now: number,
): number | null {
  if (former === null || former.ticket === null) return null;
  const sameDay =
    localDayStart(timeZone, former.joinedAt.getTime()) === localDayStart(timeZone, now);
  return sameDay ? former.ticket : null;
}

/**
 * The shop's next number of the day (1, 2, ...), computed inside the insert (no statement of its
 * own); under the shop's lock, so never given twice.
 */
export function nextTicket(pob: { id: number; timeZone: string }, now: number, offset = 0) {
  const since = new Date(localDayStart(pob.timeZone, now));
  // The highest ticket first (orders_pob_ticket_idx, read backwards): the scan stops at the
  // day's last ticket, past at most the higher numbers of the day before. max() over the day's
  // orders read them all, thousands in a busy shop, at every join.
  return sql<number>`(coalesce((select ${orders.ticket} from ${orders} where ${orders.pobId} = ${pob.id} and ${orders.ticket} is not null and ${orders.joinedAt} >= ${since.toISOString()}::timestamptz order by ${orders.ticket} desc limit 1), 0) + ${1 + offset}::int)`;
}

// How an order is shown (order-view.ts), re-exported for the callers of orders.ts.
export {
  liveWait,
  orderAnswer,
  orderAnswers,
  orderView,
  placeInView,
  rejoinSpentFor,
  waitInView,
  type LiveWait,
} from './order-view';
