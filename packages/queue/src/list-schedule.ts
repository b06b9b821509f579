// List scheduling of a shop's current state: services under way, then the queue in order onto
// the earliest free chair, passing over customers still on the way. Times are unrounded epoch ms.
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

  const queue = sortQueue(state.orders);
  // A customer still on the way sees when their turn comes: their own estimate treats them
  // as at the shop, while everyone else's allows for their arriving later.
  const waiting = assignChairs(state, free, queue).map((s, index) =>
    readyAt(state, s.order) > now ? (assignChairs(state, free, queue, s.order.id)[index] ?? s) : s,
  );
  const newStarts = new Map<number, number>();
  return {
    inService,
    waiting,
    newOrderStart(priority) {
      const known = newStarts.get(priority);
      if (known !== undefined) return known;
      // A new order is at the shop and behind everyone of the same or a higher priority.
      const ahead = queue.filter((o) => o.priority >= priority).length;
      const newcomer: QueueOrder = {
        id: Number.NaN,
        priority,
        joinedAt: now,
        rank: Infinity,
        status: 'waiting',
        plannedMinutes: 0,
        serviceIds: [],
      };
      // Those behind the new order cannot take a chair before it: it is at the shop.
      const withNew = [...queue.slice(0, ahead), newcomer];
      const start = assignChairs(state, free, withNew)[ahead]?.start ?? now;
      newStarts.set(priority, start);
      return start;
    },
  };
}

/** When a customer can take a chair: now if at the shop, else when expected to arrive. */
function readyAt(state: ShopQueueState, order: QueueOrder, readyNow?: number): number {
  if (order.id === readyNow || order.atShop !== false || state.travelMinutes === undefined)
    return state.now;
  return Math.max(state.now, order.joinedAt + state.travelMinutes * MINUTE);
}

/**
 * Each time a chair frees, it goes to the first customer in queue order who is at the shop;
 * it stays empty until someone arrives when no one is. Results are in queue order.
 */
function assignChairs(
  state: ShopQueueState,
  chairsFree: readonly number[],
  queue: readonly QueueOrder[],
  readyNow?: number,
): ScheduledOrder[] {
  const free = [...chairsFree];
  const pending = queue.map((order, index) => ({
    order,
    index,
    ready: readyAt(state, order, readyNow),
  }));
  const scheduled: ScheduledOrder[] = new Array<ScheduledOrder>(queue.length);
  while (pending.length > 0) {
    const chair = indexOfMin(free);
    const at = Math.max(state.now, free[chair] ?? state.now);
    const next = pending.findIndex((p) => p.ready <= at);
    if (next < 0) {
      free[chair] = Math.min(...pending.map((p) => p.ready));
      continue;
    }
    const [{ order, index }] = pending.splice(next, 1) as [(typeof pending)[number]];
    const end = at + orderMinutes(state, order) * MINUTE;
    free[chair] = end;
    scheduled[index] = { order, start: at, end };
  }
  return scheduled;
}

function indexOfMin(values: readonly number[]): number {
  let best = 0;
  for (let i = 1; i < values.length; i++) {
    if ((values[i] ?? Infinity) < (values[best] ?? Infinity)) best = i;
  }
  return best;
}
