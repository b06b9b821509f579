// Reading a shop's queue: the wait shown to this customer, the card state and the timer colour.
import { TIMER_THRESHOLDS, type PobSummary, type ServiceTimeEstimate } from '@jono/contract';

/**
 * The wait shown: the member's priority level; for a guest or one-time customer priority 0;
 * else the first estimate; null when the shop has no estimate (queue unknown).
 */
export function shownWait(
  estimates: readonly ServiceTimeEstimate[],
  priority: number | null | undefined,
): number | null {
  return shownEstimate(estimates, priority)?.wait_time ?? null;
}

/** The estimate shown to this customer (as shownWait picks it), with its range. */
export function shownEstimate(
  estimates: readonly ServiceTimeEstimate[],
  priority: number | null | undefined,
): ServiceTimeEstimate | null {
  const level = priority ?? 0;
  return estimates.find((e) => e.priority === level) ?? estimates[0] ?? null;
}

export type CardState = 'unknown' | 'closed' | 'full' | 'takingOrders';

/** Card state (section 4): unknown without a queue; closed when not open, closing soon or closed
 * for the day (queue_state closed: it is not "full", the customer cannot try again later today);
 * full when queue_state is full; otherwise taking orders. */
export function cardState(
  shop: Pick<PobSummary, 'open' | 'closing_soon' | 'queue_state' | 'service_time_estimates'>,
): CardState {
  if (shop.service_time_estimates.length === 0) return 'unknown';
  if (!shop.open || shop.closing_soon || shop.queue_state === 'closed') return 'closed';
  if (shop.queue_state !== 'open') return 'full';
  return 'takingOrders';
}

/** Timer colour class: the first threshold (0, 5, 15, 30, 60) the wait fits under, or "over". */
export function timerLevel(minutes: number | null): string {
  if (minutes === null) return 'unknown';
  const t = TIMER_THRESHOLDS.find((threshold) => minutes <= threshold);
  return t === undefined ? 'over' : String(t);
}
