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

export type CardState =
  'unknown' | 'closed' | 'closingSoon' | 'queueClosed' | 'full' | 'takingOrders';

/**
 * Card state (section 4), each its own words: closed while the shop is not open (the card says
 * when it opens); closing soon while open but too near closing to join online; queue closed when
 * the shop closed online queueing for the day; full when queue_state is full; unknown without a
 * queue; otherwise taking orders.
 */
export function cardState(
  shop: Pick<PobSummary, 'open' | 'closing_soon' | 'queue_state' | 'service_time_estimates'>,
): CardState {
  if (!shop.open) return 'closed';
  if (shop.service_time_estimates.length === 0) return 'unknown';
  if (shop.closing_soon) return 'closingSoon';
  if (shop.queue_state === 'closed') return 'queueClosed';
  if (shop.queue_state !== 'open') return 'full';
  return 'takingOrders';
}

/** Timer colour class: the first threshold (0, 5, 15, 30, 60) the wait fits under, or "over". */
export function timerLevel(minutes: number | null): string {
  if (minutes === null) return 'unknown';
  const t = TIMER_THRESHOLDS.find((threshold) => minutes <= threshold);
  return t === undefined ? 'over' : String(t);
}
