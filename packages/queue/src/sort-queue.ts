// The order in which waiting customers reach a chair.
import type { QueueOrder } from './types';

type QueueKey = Pick<QueueOrder, 'id' | 'priority' | 'rank'>;

/** Higher priority first, then lower rank (join time), then lower id. */
export function compareQueueOrders(a: QueueKey, b: QueueKey): number {
  return b.priority - a.priority || a.rank - b.rank || a.id - b.id;
}

/** The waiting orders in serving order; orders in service are left out. */
export function sortQueue<T extends QueueOrder>(orders: readonly T[]): T[] {
  return orders.filter((o) => o.status === 'waiting').sort(compareQueueOrders);
}

/** Inserts an order into a queue already in serving order, after any equal keys. */
export function insertInQueue<T extends QueueKey>(queue: T[], c: T): void {
  let lo = 0;
  let hi = queue.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const other = queue[mid];
    if (other && compareQueueOrders(other, c) <= 0) lo = mid + 1;
    else hi = mid;
  }
  queue.splice(lo, 0, c);
}
