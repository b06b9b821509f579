// Time-slot allocation: whether a new order can still be served before the shop closes.
import { newOrderWaitMs, toWholeMinutes } from './estimate-queue';
import { listSchedule, orderMinutes, typicalPlannedMinutes } from './list-schedule';
import type { OrderCandidate, ShopQueueState } from './types';

const MINUTE = 60_000;

export type Allocation =
  | { ok: true; waitMinutes: number; expectedEnd: number }
  | { ok: false; reason: 'closed' | 'time_slot' | 'no_chairs' };

/**
 * Refuses an order whose expected end (its wait, including higher-priority customers expected
 * to arrive meanwhile, plus its own expected duration) falls after closing. `closesAt` is null
 * when the shop is not open now.
 */
export function allocate(
  state: ShopQueueState,
  candidate: OrderCandidate,
  closesAt: number | null,
): Allocation {
  if (closesAt === null || state.now >= closesAt) return { ok: false, reason: 'closed' };
  const waitMs = newOrderWaitMs(state, candidate.priority, listSchedule(state));
  if (waitMs === null) return { ok: false, reason: 'no_chairs' };
  const minutes = orderMinutes(state, { ...candidate, joinedAt: state.now, status: 'waiting' });
  const expectedEnd = state.now + waitMs + minutes * MINUTE;
  if (expectedEnd > closesAt) return { ok: false, reason: 'time_slot' };
  return { ok: true, waitMinutes: toWholeMinutes(waitMs), expectedEnd };
}

/**
 * True while the shop is open but a new typical order of `priority` (one-time customer by
 * default, the most common and the last served) would no longer fit before closing.
 */
export function isClosingSoon(
  state: ShopQueueState,
  closesAt: number | null,
  priority = 0,
): boolean {
  if (closesAt === null || state.now >= closesAt) return false;
  const typical = { priority, plannedMinutes: typicalPlannedMinutes(state), serviceIds: [] };
  return !allocate(state, typical, closesAt).ok;
}
