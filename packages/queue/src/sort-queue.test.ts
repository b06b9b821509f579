import { describe, expect, it } from 'vitest';
import { sortQueue } from './sort-queue';
import { order } from './test-factories';

describe('sortQueue', () => {
  it('serves members ahead of one-time customers, then by rank, then by id', () => {
    const orders = [
      order({ id: 1, priority: 0, rank: 100 }),
      order({ id: 2, priority: 2, rank: 300 }),
      order({ id: 3, priority: 1, rank: 50 }),
      order({ id: 4, priority: 2, rank: 200 }),
      order({ id: 6, priority: 0, rank: 100 }),
      order({ id: 5, priority: 0, rank: 100 }),
    ];
    expect(sortQueue(orders).map((o) => o.id)).toEqual([4, 2, 3, 1, 5, 6]);
  });

  it('leaves out orders already in service', () => {
    const orders = [
      order({ id: 1, status: 'in_service', startedAt: 0, priority: 3 }),
      order({ id: 2 }),
    ];
    expect(sortQueue(orders).map((o) => o.id)).toEqual([2]);
  });
});
