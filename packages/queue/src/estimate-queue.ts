// Wait estimates for every active order and for a new customer of each priority level.
import { arrivalSegments, withArrivals } from './arrivals-ahead';
import { listSchedule, servicesUnderWay } from './list-schedule';
import { sortQueue } from './sort-queue';
import { waitRangeOf } from './wait-range';
import type { Segment } from './arrivals-ahead';
import type { ListSchedule } from './list-schedule';
import { PRIORITY_LEVELS } from './types';
import type { OrderEstimate, QueueEstimate, ShopQueueState } from './types';

const MINUTE = 60_000;

/** Nearest whole minute, never negative: over many customers the error averages out. */
export function toWholeMinutes(ms: number): number {
  return Math.max(0, Math.round(ms / MINUTE));
}

/** Unrounded ms until a new order of this priority would reach a chair; null without chairs. */
export function newOrderWaitMs(
  state: ShopQueueState,
  priority: number,
  schedule: ListSchedule | null = listSchedule(state),
  segments: (priority: number) => Segment[] = arrivalSegments(state),
): number | null {
  if (!schedule) return null;
  const waitMs = schedule.newOrderStart(priority) - state.now;
  return withArrivals(state, priority, waitMs, segments(priority));
}

export function estimateQueue(state: ShopQueueState): QueueEstimate {
  const schedule = listSchedule(state);
  // Arrivals ahead depend on the state and the priority only: at most four sets per call.
  const segments = arrivalSegments(state);
  const orders = new Map<number, OrderEstimate>();
  for (const { order, start, end } of schedule?.inService ?? servicesUnderWay(state)) {
    orders.set(order.id, {
      waitMinutes: 0,
      waitRange: { low: 0, high: 0 },
      expectedStart: start,
      expectedEnd: end,
      position: 0,
    });
  }
  const waiting = schedule?.waiting ?? [];
  waiting.forEach(({ order, start, end }, index) => {
    const waitMs = withArrivals(state, order.priority, start - state.now, segments(order.priority));
    orders.set(order.id, {
      waitMinutes: toWholeMinutes(waitMs),
      waitRange: waitRangeOf(state, waitMs),
      expectedStart: state.now + waitMs,
      expectedEnd: state.now + waitMs + (end - start),
      position: index + 1,
    });
  });
  if (!schedule) {
    sortQueue(state.orders).forEach((order, index) => {
      const position = index + 1;
      orders.set(order.id, {
        waitMinutes: null,
        waitRange: null,
        expectedStart: null,
        expectedEnd: null,
        position,
      });
    });
  }
  const serviceTimeEstimates = PRIORITY_LEVELS.map((priority) => {
    const waitMs = newOrderWaitMs(state, priority, schedule, segments);
    if (waitMs === null) return { priority, wait_time: null, wait_range: null };
    return { priority, wait_time: toWholeMinutes(waitMs), wait_range: waitRangeOf(state, waitMs) };
  });
  return { orders, serviceTimeEstimates };
}
