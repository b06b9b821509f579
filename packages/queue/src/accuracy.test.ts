import { describe, expect, it } from 'vitest';
import { accuracyRow, rangeShown } from './accuracy';

describe('accuracy', () => {
  it('judges the range only where one was shown', () => {
    // Three free chairs ("0 min", no range; waited 0) and two real ranges, one held and one missed.
    const rows = [
      ...Array.from({ length: 3 }, () => ({ priority: 0, shown: 0, low: 0, high: 0, actual: 0 })),
      { priority: 0, shown: 10, low: 6, high: 15, actual: 12.4 },
      { priority: 0, shown: 10, low: 6, high: 15, actual: 15.6 },
    ];
    expect(rows.map(rangeShown)).toEqual([false, false, false, true, true]);
    const row = accuracyRow('all', 'all', rows);
    expect(row.n).toBe(5);
    expect(row.ranged).toBe(2);
    expect(row.inside).toBe(0.5);
    expect(row.width).toBe(9);
    expect(accuracyRow('all', 'all', rows.slice(0, 3)).inside).toBeNull();
  });
});
