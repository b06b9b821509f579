// Higher-priority customers who arrive while someone waits and go ahead of them.
import { chairsOnDuty, typicalMinutes } from './list-schedule';
import type { ArrivalForecast, ShopQueueState } from './types';

/** Beyond this share of the chairs taken by higher priorities, a wait is no longer bounded. */
export const MAX_HIGHER_PRIORITY_LOAD = 0.9;

export interface Segment {
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
  return loadAbove(perHour, priority, typicalMinutes(state), chairs);
}

function loadAbove(
  perHour: Record<number, number>,
  priority: number,
  typical: number,
  chairs: number,
): number {
  let rate = 0;
  for (const [level, r] of Object.entries(perHour)) {
    if (Number(level) > priority && Number.isFinite(r) && r > 0) rate += r;
  }
  return Math.min(((rate / 60) * typical) / chairs, MAX_HIGHER_PRIORITY_LOAD);
}

/**
 * The arrival segments of each priority for one state: offsets from now in ms over which each
 * load holds; nothing arrives after closing. The forecast is sorted once, and each priority's
 * segments are computed once, however many waits they are then applied to.
 */
export function arrivalSegments(state: ShopQueueState): (priority: number) => Segment[] {
  const ahead: ArrivalForecast[] = (state.arrivalsAhead ?? [])
    .filter((f) => f.at > state.now)
    .sort((a, b) => a.at - b.at);
  const closing = state.closesAt == null ? Infinity : Math.max(0, state.closesAt - state.now);
  const starts = [{ at: state.now, perHour: state.arrivalsPerHour }, ...ahead];
  const chairs = chairsOnDuty(state);
  const typical = chairs === 0 ? 0 : typicalMinutes(state);
  const byPriority = new Map<number, Segment[]>();
  return (priority) => {
    const known = byPriority.get(priority);
    if (known) return known;
    const segments = starts
      .map((f, i) => ({
        start: f.at - state.now,
        end: Math.min(closing, (starts[i + 1]?.at ?? Infinity) - state.now),
        load: chairs === 0 || !f.perHour ? 0 : loadAbove(f.perHour, priority, typical, chairs),
      }))
      .filter((s) => s.end > s.start);
    byPriority.set(priority, segments);
    return segments;
  };
}

/**
 * The wait w solving w = w0 + (work arriving ahead during w) / chairs. The arriving work grows
 * linearly within each segment, so the fixed point is found segment by segment. Pass the
 * segments from arrivalSegments when computing many waits of one state.
 */
export function withArrivals(
  state: ShopQueueState,
  priority: number,
  waitMs: number,
  segments: readonly Segment[] = arrivalSegments(state)(priority),
): number {
  let arrived = 0;
  for (const { start, end, load } of segments) {
    if (waitMs + arrived <= start) break;
    const wait = (waitMs + arrived - load * start) / (1 - load);
    if (wait <= end) return wait;
    arrived += load * (end - start);
  }
  return waitMs + arrived;
}
