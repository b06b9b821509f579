// Builders for test data; not exported from the package.
import type { QueueOrder, ShopQueueState } from './types';

export const MINUTE = 60_000;
export const T0 = Date.UTC(2026, 10, 21, 10, 0);

export function order(fields: Partial<QueueOrder> & { id: number }): QueueOrder {
  const joinedAt = fields.joinedAt ?? T0 - 60 * MINUTE + fields.id * MINUTE;
  return {
    priority: 0,
    joinedAt,
    rank: joinedAt,
    status: 'waiting',
    plannedMinutes: 20,
    serviceIds: [1],
    ...fields,
  };
}

export function shop(fields: Partial<ShopQueueState> = {}): ShopQueueState {
  return { now: T0, chairs: 1, orders: [], ...fields };
}
