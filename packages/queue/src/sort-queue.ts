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
