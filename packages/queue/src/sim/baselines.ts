// Two simple estimators Jono's is compared with, both from what the shop knows at joining (the
// shared input builder's state): the queue length, and the queue ahead with members still to come.
import { chairsOnDuty, typicalMinutes } from '../list-schedule';
import { sortQueue } from '../sort-queue';
import type { QueueOrder, ShopQueueState } from '../types';

/** Members arriving ahead take at most this share of the chairs in the priority-aware baseline. */
const MAX_LOAD_AHEAD = 0.9;

/** Customers who must be seated or finish before a chair is free for the `ahead + 1`-th. */
function wait(state: ShopQueueState, ahead: number): number {
  const chairs = chairsOnDuty(state);
  if (chairs === 0) return Infinity;
  const inService = state.orders.filter((o) => o.status === 'in_service').length;
  return (Math.max(0, ahead + inService - chairs + 1) * typicalMinutes(state)) / chairs;
}

/** Queue length: everyone waiting, whatever their priority, x mean service / chairs. */
export function naiveWait(state: ShopQueueState, order: Pick<QueueOrder, 'id'>): number {
  return wait(
    state,
    state.orders.filter((o) => o.status === 'waiting' && o.id !== order.id).length,
  );
}

/**
 * Priority-aware: the customers ahead in queue order x mean service / chairs, stretched by the
 * share of the chairs that members of a higher priority, arriving at the learnt rates, take.
 */
export function priorityAwareWait(state: ShopQueueState, order: Pick<QueueOrder, 'id'>): number {
  const queue = sortQueue(state.orders);
  const index = queue.findIndex((o) => o.id === order.id);
  const own = queue[index];
  if (!own) return Infinity;
  const chairs = chairsOnDuty(state);
  let perHour = 0;
  for (const [level, rate] of Object.entries(state.arrivalsPerHour ?? {})) {
    if (Number(level) > own.priority && Number.isFinite(rate)) perHour += rate;
  }
  const load = chairs === 0 ? 0 : (perHour / 60) * (typicalMinutes(state) / chairs);
  return wait(state, index) / (1 - Math.min(MAX_LOAD_AHEAD, load));
}
