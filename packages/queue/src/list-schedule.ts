// List scheduling of a shop's current state: services under way, then the queue in order onto
// the earliest free chair. Times are unrounded epoch ms.
import { DEFAULT_TYPICAL_PLANNED_MINUTES, expectedMinutes } from './duration-model';
import { remainingMinutes } from './remaining-time';
import { sortQueue } from './sort-queue';
import type { QueueOrder, ShopQueueState } from './types';

const MINUTE = 60_000;

export interface ScheduledOrder {
  order: QueueOrder;
  start: number;
  end: number;
}

export interface ListSchedule {
  inService: ScheduledOrder[];
  /** Waiting orders in queue order; empty when no chair is on duty. */
  waiting: ScheduledOrder[];
  /** When a new order of this priority would reach a chair, ignoring later arrivals. */
  newOrderStart(priority: number): number;
}

export function chairsOnDuty(state: ShopQueueState): number {
  return Number.isFinite(state.chairs) ? Math.max(0, Math.floor(state.chairs)) : 0;
}

export function orderMinutes(state: ShopQueueState, order: Omit<QueueOrder, 'id' | 'rank'>) {
  return expectedMinutes(state.durationModel, order.plannedMinutes, order.serviceIds);
}

export function typicalPlannedMinutes(state: ShopQueueState): number {
  return (
    state.typicalPlannedMinutes ??
    state.durationModel?.typicalPlannedMinutes ??
    DEFAULT_TYPICAL_PLANNED_MINUTES
  );
}

/** Expected real minutes of a typical new order. */
export function typicalMinutes(state: ShopQueueState): number {
  return expectedMinutes(state.durationModel, typicalPlannedMinutes(state), []);
}

/** Services under way with their expected end; an order without startedAt starts now. */
export function servicesUnderWay(state: ShopQueueState): ScheduledOrder[] {
  const { now } = state;
  const logSd = state.durationModel?.logSd ?? null;
  return state.orders
    .filter((o) => o.status === 'in_service')
    .map((order) => {
      const start = order.startedAt ?? now;
      const elapsed = (now - start) / MINUTE;
      const remaining = remainingMinutes(orderMinutes(state, order), elapsed, logSd);
      return { order, start, end: now + remaining * MINUTE };
    });
}

export function listSchedule(state: ShopQueueState): ListSchedule | null {
  const { now } = state;
  const inService = servicesUnderWay(state);
  const chairs = chairsOnDuty(state);
  if (chairs === 0) return null;

  // More services under way than barbers on duty: those leaving are assumed to be the ones
  // finishing first, which errs on the side of longer waits.
  const ends = inService.map((s) => s.end).sort((a, b) => a - b);
  const free = ends.slice(Math.max(0, ends.length - chairs));
  while (free.length < chairs) free.push(now);

  const waiting: ScheduledOrder[] = [];
  const earliestAfter: number[] = [Math.min(...free)];
  const queue = sortQueue(state.orders);
  for (const order of queue) {
    const chair = indexOfMin(free);
    const start = Math.max(now, free[chair] ?? now);
    const end = start + orderMinutes(state, order) * MINUTE;
    free[chair] = end;
    waiting.push({ order, start, end });
    earliestAfter.push(Math.min(...free));
  }

  return {
    inService,
    waiting,
    newOrderStart(priority) {
      // Everyone of the same or a higher priority is ahead of a new order.
      let ahead = 0;
      while (ahead < queue.length && (queue[ahead]?.priority ?? -Infinity) >= priority) ahead++;
      return Math.max(now, earliestAfter[ahead] ?? now);
    },
  };
}

function indexOfMin(values: readonly number[]): number {
  let best = 0;
  for (let i = 1; i < values.length; i++) {
    if ((values[i] ?? Infinity) < (values[best] ?? Infinity)) best = i;
  }
  return best;
}
