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
import {
  decide,
  leaveAt,
  readyTime,
  type OnDuty,
  type OrderState,
  type StateAction,
} from '@jono/queue';
import { refused } from '../lib/refusal';
import { arrivalOf, factsOf, stateOf } from './order-facts';
import type { OrderRow, ShopQueueView } from './queue-rows';

const MINUTE = 60_000;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The time the customer can take a chair (the engine's `readyAt`), or undefined. */
export function readyAtOf(
  row: Pick<OrderRow, 'customerAtPob' | 'deferredUntil' | 'setOffAt' | 'travelMinutes'>,
): number | undefined {
  return readyTime({
    atShop: row.customerAtPob,
    deferredUntil: row.deferredUntil?.getTime() ?? null,
    setOffAt: row.setOffAt?.getTime() ?? null,
    travelMinutes: row.travelMinutes,
  });
}

/**
 * Refuses (409 with the state model's code) an action impossible in the shop as read under its
 * lock; answers the chair a start takes.
 */
export function mustAllow(
  /** chairs: how many on duty, or (named barbers) the chairs the barbers on duty hold. */
  shop: { chairs: OnDuty; active: readonly OrderRow[] },
  row: OrderRow,
  action: StateAction,
  now: number,
): { chair?: number } {
  const orders = shop.active.map(factsOf);
  if (!shop.active.some((o) => o.id === row.id)) orders.push(factsOf(row));
  const verdict = decide(factsOf(row), action, { onDuty: shop.chairs, orders, now });
  if (!verdict.ok) throw refused(verdict.refusal);
  return { chair: verdict.chair };
}

/** The held spot's end: from setting off (on the way) until the grace after arrival is over. */
function heldSpot(s: OrderState, row: OrderRow, now: number): string | null {
  if (s.kind !== 'held' && s.kind !== 'on_the_way') return null;
  return row.heldUntil && row.heldUntil.getTime() > now ? row.heldUntil.toISOString() : null;
}

/** Expected minutes until an on-the-way customer reaches the shop; null when not on the way. */
export function etaMinutes(row: OrderRow, now: number): number | null {
  const arrives = arrivalOf(row);
  if (row.customerAtPob || arrives === null) return null;
  return Math.max(0, Math.round((arrives - now) / MINUTE));
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
  /** When the customer's turn comes (the early end of the wait): the hold ends a grace after. */
  turnAt: number;
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
      if (near) {
        due.push({
          id: o.id,
          setOffAt: now,
          turnAt: now + Math.max(0, e.waitMinutes ?? 0) * 60_000,
        });
      }
      continue;
    }
    if (at > now) continue;
    const shared = o.travelSharedAt?.getTime() ?? now;
    due.push({
      id: o.id,
      setOffAt: Math.min(now, Math.max(at, shared)),
      turnAt: at + o.travelMinutes * 60_000,
    });
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
  const s = stateOf(row, now);
  const state: OrderPresence['state'] =
    s.kind === 'deferred'
      ? 'deferred'
      : s.kind === 'at_shop' || s.kind === 'in_chair'
        ? 'here'
        : s.kind === 'on_the_way' || s.kind === 'held'
          ? s.kind
          : 'waiting';
  const until = rejoinSpent ? null : rejoinUntil(row, now);
  const leave = view ? leaveAtInView(view, row) : null;
  return {
    state,
    travel_minutes: row.travelMinutes,
    leave_at: leave === null ? null : new Date(Math.max(leave, now)).toISOString(),
    leave_alert_at: iso(row.leaveAlertAt),
    held_until: heldSpot(s, row, now),
    deferred_until: s.kind === 'deferred' ? iso(row.deferredUntil) : null,
    defers_left: Math.max(0, SELF_DEFER_MAX - row.deferCount),
    rejoined: row.rejoinedFrom !== null,
    rejoin_until: until === null ? null : new Date(until).toISOString(),
    wait_change: row.waitChange
      ? { minutes: row.waitChange.minutes, reason: row.waitChange.reason, at: row.waitChange.at }
      : null,
  };
}

/** The board's words for where a waiting customer is (the shop screen uses the same). */
export function staffPresence(row: OrderRow, now: number): StaffPresence {
  const s = stateOf(row, now);
  const state: StaffPresence['state'] =
    s.kind === 'deferred'
      ? 'deferred'
      : s.kind === 'at_shop' || s.kind === 'in_chair'
        ? 'here'
        : s.kind === 'on_the_way' || s.kind === 'held'
          ? s.kind
          : 'not_here';
  return {
    state,
    eta_minutes: etaMinutes(row, now),
    held_until: heldSpot(s, row, now),
    deferred_until: s.kind === 'deferred' ? iso(row.deferredUntil) : null,
    rejoined: row.rejoinedFrom !== null,
  };
}
