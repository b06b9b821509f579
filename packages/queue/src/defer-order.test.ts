import { describe, expect, it } from 'vitest';
import { deferOrder } from './defer-order';
import type { OrderChange } from './defer-order';
import { sortQueue } from './sort-queue';
import { order } from './test-factories';
import type { QueueOrder } from './types';

function apply(orders: QueueOrder[], changes: OrderChange[]): QueueOrder[] {
  return orders.map((o) => ({ ...o, ...changes.find((c) => c.id === o.id) }));
}
const ids = (orders: QueueOrder[]) => sortQueue(orders).map((o) => o.id);

describe('deferOrder', () => {
  it('swaps a customer with the next one of the same priority', () => {
    const orders = [order({ id: 1 }), order({ id: 2 }), order({ id: 3 })];
    const changes = deferOrder(orders, 1);
    expect(ids(apply(orders, changes))).toEqual([2, 1, 3]);
    expect(changes).toHaveLength(2);
  });

  it('moves a member behind a one-time customer who was next', () => {
    const orders = [order({ id: 1, priority: 2 }), order({ id: 2 }), order({ id: 3 })];
    const changes = deferOrder(orders, 1);
    expect(ids(apply(orders, changes))).toEqual([2, 1, 3]);
    expect(changes).toContainEqual(expect.objectContaining({ id: 1, priority: 0 }));
  });

  it('copes with equal ranks told apart only by id', () => {
    const orders = [1, 2, 3].map((id) => order({ id, rank: 100 }));
    expect(ids(apply(orders, deferOrder(orders, 1)))).toEqual([2, 1, 3]);
    const mixed = [
      order({ id: 5, priority: 1, rank: 50 }),
      order({ id: 2, rank: 100 }),
      order({ id: 3, rank: 100 }),
    ];
    expect(ids(apply(mixed, deferOrder(mixed, 5)))).toEqual([2, 5, 3]);
  });

  it('changes nothing for the last customer or one in service', () => {
    const orders = [order({ id: 1, status: 'in_service', startedAt: 0 }), order({ id: 2 })];
    expect(deferOrder(orders, 2)).toEqual([]);
    expect(deferOrder(orders, 1)).toEqual([]);
    expect(deferOrder(orders, 99)).toEqual([]);
  });
});
