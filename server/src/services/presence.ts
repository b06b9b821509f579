// Where a customer is, as the engine, the customer and staff see it: here, on the way (with an
// ETA), held until HH:MM (protected spot), deferred by the customer, rejoined.
import {
  REJOIN_WINDOW_MS,
  SELF_DEFER_MAX,
  type OrderPresence,
  type StaffPresence,
} from '@jono/contract';
import { readyTime } from '@jono/queue';
import type { OrderRow } from './queue-load';

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

/** A protected spot that still holds (on the way, not yet here, grace not over). */
export function isHeld(row: OrderRow, now: number): boolean {
  return row.heldUntil !== null && !row.customerAtPob && row.heldUntil.getTime() > now;
}

/** Expected minutes until an on-the-way customer reaches the shop; null when not on the way. */
export function etaMinutes(row: OrderRow, now: number): number | null {
  if (row.customerAtPob || row.setOffAt === null || row.travelMinutes === null) return null;
  const arrives = row.setOffAt.getTime() + row.travelMinutes * MINUTE;
  return Math.max(0, Math.round((arrives - now) / MINUTE));
}

function deferred(row: OrderRow, now: number): boolean {
  return row.deferredUntil !== null && row.deferredUntil.getTime() > now;
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

export function orderPresence(row: OrderRow, now: number): OrderPresence {
  const state: OrderPresence['state'] = deferred(row, now)
    ? 'deferred'
    : row.customerAtPob
      ? 'here'
      : isHeld(row, now)
        ? 'held'
        : row.setOffAt !== null
          ? 'on_the_way'
          : 'waiting';
  const until = rejoinUntil(row, now);
  return {
    state,
    travel_minutes: row.travelMinutes,
    leave_alert_at: iso(row.leaveAlertAt),
    held_until: isHeld(row, now) ? iso(row.heldUntil) : null,
    deferred_until: deferred(row, now) ? iso(row.deferredUntil) : null,
    defers_left: Math.max(0, SELF_DEFER_MAX - row.deferCount),
    rejoined: row.rejoinedFrom !== null,
    rejoin_until: until === null ? null : new Date(until).toISOString(),
    wait_change: row.waitChange
      ? {
          from: row.waitChange.from,
          to: row.waitChange.to,
          reason: row.waitChange.reason,
          at: row.waitChange.at,
        }
      : null,
  };
}

export function staffPresence(row: OrderRow, now: number): StaffPresence {
  const state: StaffPresence['state'] = deferred(row, now)
    ? 'deferred'
    : row.customerAtPob
      ? 'here'
      : isHeld(row, now)
        ? 'held'
        : row.setOffAt !== null
          ? 'on_the_way'
          : 'not_here';
  return {
    state,
    eta_minutes: etaMinutes(row, now),
    held_until: isHeld(row, now) ? iso(row.heldUntil) : null,
    deferred_until: deferred(row, now) ? iso(row.deferredUntil) : null,
    rejoined: row.rejoinedFrom !== null,
  };
}
