// Staff's "defer": a customer who is not ready swaps places with the next one in the queue.
import { compareQueueOrders, sortQueue } from './sort-queue';
import type { QueueOrder } from './types';

export interface OrderChange {
  id: number;
  rank: number;
  priority?: number;
}

/**
 * The two swap their sort keys (priority and rank), so each takes the other's place whatever
 * their priorities; a member deferred behind a one-time customer takes that customer's priority
 * for the time being. Returns the changes to persist; none when there is no one to swap with.
 */
export function deferOrder(orders: readonly QueueOrder[], id: number): OrderChange[] {
  const queue = sortQueue(orders);
  const index = queue.findIndex((o) => o.id === id);
  const deferred = queue[index];
  const next = queue[index + 1];
  if (!deferred || !next) return [];

  const swapped = [
    { ...deferred, priority: next.priority, rank: next.rank },
    { ...next, priority: deferred.priority, rank: deferred.rank },
  ];
  const after = queue.map((o) => swapped.find((s) => s.id === o.id) ?? o).sort(compareQueueOrders);
  if (after[index]?.id === next.id && after[index + 1]?.id === deferred.id) {
    return swapped.map((o, i) => changeOf(o, i === 0 ? deferred : next));
  }
  return renumber(queue, index);
}

/**
 * Equal sort keys (same priority and rank, told apart by id) cannot be swapped: give the
 * orders of the affected priority consecutive ranks in the wanted order instead.
 */
function renumber(queue: QueueOrder[], index: number): OrderChange[] {
  const wanted = [...queue];
  const [deferred, next] = wanted.splice(index, 2);
  if (!deferred || !next) return [];
  wanted.splice(index, 0, next, deferred);
  const priority = next.priority;
  const group = wanted.filter((o) => o.priority === priority || o.id === deferred.id);
  const base = Math.min(...group.map((o) => o.rank));
  const changes: OrderChange[] = [];
  group.forEach((o, i) => {
    const change: OrderChange = { id: o.id, rank: base + i };
    if (o.priority !== priority) change.priority = priority;
    if (change.rank !== o.rank || change.priority !== undefined) changes.push(change);
  });
  return changes;
}

function changeOf(after: QueueOrder, before: QueueOrder): OrderChange {
  const change: OrderChange = { id: after.id, rank: after.rank };
  if (after.priority !== before.priority) change.priority = after.priority;
  return change;
}
