// Higher-priority customers who arrive while someone waits and go ahead of them.
import { chairsOnDuty, typicalMinutes } from './list-schedule';
import type { ArrivalForecast, ShopQueueState } from './types';

/** Beyond this share of the chairs taken by higher priorities, a wait is no longer bounded. */
export const MAX_HIGHER_PRIORITY_LOAD = 0.9;

interface Segment {
  start: number;
  end: number;
  load: number;
}

/**
 * Share of the chairs that customers of a priority above `priority` take: their arrivals per
 * minute x typical minutes / chairs.
 */
export function higherPriorityLoad(
  state: ShopQueueState,
  priority: number,
  perHour: Record<number, number> | undefined = state.arrivalsPerHour,
): number {
  const chairs = chairsOnDuty(state);
  if (chairs === 0 || !perHour) return 0;
  let rate = 0;
  for (const [level, r] of Object.entries(perHour)) {
    if (Number(level) > priority && Number.isFinite(r) && r > 0) rate += r;
  }
  return Math.min(((rate / 60) * typicalMinutes(state)) / chairs, MAX_HIGHER_PRIORITY_LOAD);
}

/** Offsets from now in ms over which each load holds; nothing arrives after closing. */
function segments(state: ShopQueueState, priority: number): Segment[] {
  const ahead: ArrivalForecast[] = (state.arrivalsAhead ?? [])
    .filter((f) => f.at > state.now)
    .sort((a, b) => a.at - b.at);
  const closing = state.closesAt == null ? Infinity : Math.max(0, state.closesAt - state.now);
  const starts = [{ at: state.now, perHour: state.arrivalsPerHour }, ...ahead];
  return starts
    .map((f, i) => ({
      start: f.at - state.now,
      end: Math.min(closing, (starts[i + 1]?.at ?? Infinity) - state.now),
      load: higherPriorityLoad(state, priority, f.perHour),
    }))
    .filter((s) => s.end > s.start);
}

/**
 * The wait w solving w = w0 + (work arriving ahead during w) / chairs. The arriving work grows
 * linearly within each segment, so the fixed point is found segment by segment.
 */
export function withArrivals(state: ShopQueueState, priority: number, waitMs: number): number {
  let arrived = 0;
  for (const { start, end, load } of segments(state, priority)) {
    if (waitMs + arrived <= start) break;
    const wait = (waitMs + arrived - load * start) / (1 - load);
    if (wait <= end) return wait;
    arrived += load * (end - start);
  }
  return waitMs + arrived;
}
