// Where a customer is, as the engine, the customer and staff see it: here, on the way (with an
// ETA), held until HH:MM (protected spot), deferred by the customer, rejoined; and when a
// customer who shared their travel time should set off (the leave-now alert).
import {
  REJOIN_WINDOW_MS,
  SELF_DEFER_MAX,
  TURN_NEAR_MINUTES,
  type OrderPresence,
  type StaffPresence,
} from '@jono/contract';
import { leaveAt, readyTime } from '@jono/queue';
import type { OrderRow } from './queue-load';
import type { ShopQueueView } from './queue';

const MINUTE = 60_000;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The time the customer can take a chair (the engine's `readyAt`), or undefined. */
export function readyAtOf(row: OrderRow): number | undefined {
  return readyTime({
    atShop: row.customerAtPob,
    deferredUntil: row.deferredUntil?.getTime() ?? null,
    setOffAt: row.setOffAt?.getTime() ?? null,
    travelMinutes: row.travelMinutes,
  });
}

/** When a customer who set off is expected at the shop (epoch ms), or null. */
function arrivalOf(row: OrderRow): number | null {
  if (row.setOffAt === null || row.travelMinutes === null) return null;
  return row.setOffAt.getTime() + row.travelMinutes * MINUTE;
}

/**
 * A protected spot that still holds: the customer set off on the alert, is not here yet, and the
 * grace after their expected arrival is not over. Staff cannot mark them a no-show meanwhile.
 */
export function isHeld(row: OrderRow, now: number): boolean {
  return (
    row.status === 'active' &&
    row.heldUntil !== null &&
    !row.customerAtPob &&
    row.startedAt === null &&
    row.heldUntil.getTime() > now
  );
}

/** Expected minutes until an on-the-way customer reaches the shop; null when not on the way. */
export function etaMinutes(row: OrderRow, now: number): number | null {
  const arrives = arrivalOf(row);
  if (row.customerAtPob || arrives === null) return null;
  return Math.max(0, Math.round((arrives - now) / MINUTE));
}

function deferred(row: OrderRow, now: number): boolean {
  return row.deferredUntil !== null && row.deferredUntil.getTime() > now;
}

/** On the way until the expected arrival; held from then until the grace ends. */
function awayState(row: OrderRow, now: number): 'on_the_way' | 'held' | null {
  const arrives = arrivalOf(row);
  if (row.customerAtPob || arrives === null) return null;
  if (now < arrives) return 'on_the_way';
  return isHeld(row, now) ? 'held' : null;
}

/** Until when a no-show or cancelled order can be rejoined (null: it cannot). */
export function rejoinUntil(row: OrderRow, now: number): number | null {
  if ((row.status !== 'noShow' && row.status !== 'cancelled') || row.customerId === null) {
    return null;
  }
  if (row.startedAt !== null || row.finishedAt === null || row.rejoinedFrom !== null) return null;
  const until = row.finishedAt.getTime() + REJOIN_WINDOW_MS;
  return until > now ? until : null;
}

/**
 * When a customer who shared their travel time should set off: the early end of their wait's
 * range minus the travel time. Null before sharing, after the alert, at the shop or at a chair.
 */
export function leaveAtInView(view: Pick<ShopQueueView, 'estimate'>, row: OrderRow) {
  if (row.status !== 'active' || row.customerId === null || row.source !== 'app') return null;
  if (row.customerAtPob || row.startedAt !== null || row.leaveAlertAt !== null) return null;
  if (row.travelMinutes === null) return null;
  const e = view.estimate.orders.get(row.id);
  const early = e?.startRange?.early ?? e?.expectedStart ?? null;
  return early === null ? null : leaveAt(early, row.travelMinutes);
}

/** A customer who is due to set off, and when their trip counts from (epoch ms). */
export interface LeaveNow {
  id: number;
  setOffAt: number;
}

/**
 * Orders whose customer should set off now, at any hour: a customer in a queue is told when their
 * turn comes whatever the clock says (a 24-hour shop serves at 03:00 too). Due when the leave time
 * has come; without a leave time (the wait has no estimate, e.g. no barber on duty) when the turn
 * is near, as the turn-near notice would be for a customer who shared no travel time. The trip,
 * and so the held spot, counts from the leave time or from when the travel time was shared,
 * whichever is later: it does not wait for a message to be sent, and a late sweep does not push
 * the held spot later.
 */
export function leaveNowDue(view: ShopQueueView, now: number): LeaveNow[] {
  const due: LeaveNow[] = [];
  for (const o of view.active) {
    if (o.status !== 'active' || o.customerId === null || o.source !== 'app') continue;
    if (o.customerAtPob || o.startedAt !== null || o.leaveAlertAt !== null) continue;
    if (o.travelMinutes === null) continue;
    const at = leaveAtInView(view, o);
    if (at === null) {
      const e = view.estimate.orders.get(o.id);
      const near =
        e !== undefined &&
        (e.position === 1 || (e.waitMinutes !== null && e.waitMinutes <= TURN_NEAR_MINUTES));
      if (near) due.push({ id: o.id, setOffAt: now });
      continue;
    }
    if (at > now) continue;
    const shared = o.travelSharedAt?.getTime() ?? now;
    due.push({ id: o.id, setOffAt: Math.min(now, Math.max(at, shared)) });
  }
  return due;
}

/** `rejoinSpent`: the customer has used their rejoin (self-service.ts), so none is offered. */
export function orderPresence(
  row: OrderRow,
  now: number,
  view?: Pick<ShopQueueView, 'estimate'>,
  rejoinSpent = false,
): OrderPresence {
  const away = awayState(row, now);
  const state: OrderPresence['state'] = deferred(row, now)
    ? 'deferred'
    : row.customerAtPob
      ? 'here'
      : (away ?? 'waiting');
  const until = rejoinSpent ? null : rejoinUntil(row, now);
  const leave = view ? leaveAtInView(view, row) : null;
  return {
    state,
    travel_minutes: row.travelMinutes,
    leave_at: leave === null ? null : new Date(Math.max(leave, now)).toISOString(),
    leave_alert_at: iso(row.leaveAlertAt),
    held_until: isHeld(row, now) ? iso(row.heldUntil) : null,
    deferred_until: deferred(row, now) ? iso(row.deferredUntil) : null,
    defers_left: Math.max(0, SELF_DEFER_MAX - row.deferCount),
    rejoined: row.rejoinedFrom !== null,
    rejoin_until: until === null ? null : new Date(until).toISOString(),
    wait_change: row.waitChange
      ? { minutes: row.waitChange.minutes, reason: row.waitChange.reason, at: row.waitChange.at }
      : null,
  };
}

export function staffPresence(row: OrderRow, now: number): StaffPresence {
  const state: StaffPresence['state'] = deferred(row, now)
    ? 'deferred'
    : row.customerAtPob
      ? 'here'
      : (awayState(row, now) ?? 'not_here');
  return {
    state,
    eta_minutes: etaMinutes(row, now),
    held_until: isHeld(row, now) ? iso(row.heldUntil) : null,
    deferred_until: deferred(row, now) ? iso(row.deferredUntil) : null,
    rejoined: row.rejoinedFrom !== null,
  };
}
