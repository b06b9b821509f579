// Time-slot allocation: whether a new order can still be served before the shop closes.
import { estimateNewcomers } from './estimate-queue';
import { orderMinutes, typicalPlannedMinutes } from './list-schedule';
import type { OrderCandidate, ServiceTimeEstimate, ShopQueueState, WaitRange } from './types';

const MINUTE = 60_000;

export type Allocation =
  | { ok: true; waitMinutes: number; waitRange: WaitRange; expectedEnd: number }
  | { ok: false; reason: 'closed' | 'time_slot' | 'no_chairs' };

/**
 * Refuses an order whose expected end (the median wait shown, including higher-priority
 * customers expected to arrive meanwhile, plus its own expected duration) falls after closing. `closesAt` is null
 * when the shop is not open now.
 */
export function allocate(
  state: ShopQueueState,
  candidate: OrderCandidate,
  closesAt: number | null,
  /**
   * The state's new-customer estimates when already computed (estimateQueue's): for a candidate
   * who chooses a barber, that barber's (barberEstimates), else serviceTimeEstimates.
   */
  known?: readonly ServiceTimeEstimate[],
): Allocation {
  if (closesAt === null || state.now >= closesAt) return { ok: false, reason: 'closed' };
  const barberId = candidate.wantsBarberId ?? null;
  const shown =
    known?.find((e) => e.priority === candidate.priority) ??
    estimateNewcomers(state, [candidate.priority], barberId)[0];
  const waitMinutes = shown?.wait_time ?? null;
  if (waitMinutes === null || !shown?.wait_range) return { ok: false, reason: 'no_chairs' };
  // A customer who chooses a barber is served at that barber's speed.
  const minutes = orderMinutes(state, {
    ...candidate,
    joinedAt: state.now,
    status: 'waiting',
    barberId,
  });
  const expectedEnd = state.now + (waitMinutes + minutes) * MINUTE;
  if (expectedEnd > closesAt) return { ok: false, reason: 'time_slot' };
  return { ok: true, waitMinutes, waitRange: shown.wait_range, expectedEnd };
}

/**
 * True while the shop is open but a new typical order of `priority` (one-time customer by
 * default, the most common and the last served) would no longer fit before closing.
 */
export function isClosingSoon(
  state: ShopQueueState,
  closesAt: number | null,
  priority = 0,
  known?: readonly ServiceTimeEstimate[],
): boolean {
  if (closesAt === null || state.now >= closesAt) return false;
  const typical = { priority, plannedMinutes: typicalPlannedMinutes(state), serviceIds: [] };
  return !allocate(state, typical, closesAt, known).ok;
}
