// Who a barber's chair seats next (issue 30): the rule of the list schedule with named barbers
// (barber-schedule.ts), for the board's Start on a barber's chair and the console's columns.
//
// A barber takes the first customer in queue order (members first, then who joined first) who
// is at the shop and ready, and either takes the first available (free) or chose that barber.
// A customer who chose another barber is never offered to this one.
import { compareQueueOrders } from './sort-queue';
import type { QueueOrder, ShopQueueState } from './types';

type EligibilityFacts = Pick<QueueOrder, 'wantsBarberId'>;

/** Whether an order may be seated by this barber: it is free, or tied to them. */
export function eligibleFor(order: EligibilityFacts, barberId: number): boolean {
  return order.wantsBarberId == null || order.wantsBarberId === barberId;
}

/** A waiting order at the shop and ready now (not on the way, not deferred past `now`). */
function readyNow(order: QueueOrder, now: number): boolean {
  if (order.status !== 'waiting' || order.atShop === false) return false;
  return order.readyAt === undefined || !Number.isFinite(order.readyAt) || order.readyAt <= now;
}

/**
 * The waiting orders this barber may seat now, in the order they would seat them (the first is
 * next). The server, whose own states know more (held, on the way), can instead filter its
 * `nextToSit` list with `eligibleFor`: the same rule.
 */
export function eligibleQueue(state: ShopQueueState, barberId: number): QueueOrder[] {
  return state.orders
    .filter((o) => readyNow(o, state.now) && eligibleFor(o, barberId))
    .sort(compareQueueOrders);
}

/** Who this barber's chair should seat next, or null when no one they may serve is ready. */
export function nextForBarber(state: ShopQueueState, barberId: number): QueueOrder | null {
  return eligibleQueue(state, barberId)[0] ?? null;
}
