import { describe, expect, it } from 'vitest';
import { erlangCMeanWait } from './sim/erlang-c';
import { barbersNeeded, oneTimeMeanWait } from './staffing';

describe('staffing by Erlang C', () => {
  it('is Erlang C when everyone is a one-time customer', () => {
    // 3 barbers, 30-minute services, 4.8 customers an hour: utilisation 0.8.
    expect(oneTimeMeanWait(3, [4.8, 0, 0, 0], 30)).toBeCloseTo(erlangCMeanWait(3, 0.8, 30), 9);
  });

  it('makes one-time customers wait longer when members are served first', () => {
    const plain = oneTimeMeanWait(3, [4.8, 0, 0, 0], 30);
    expect(oneTimeMeanWait(3, [2.4, 1.2, 0.8, 0.4], 30)).toBeGreaterThan(plain);
  });

  it('needs no barber without customers and more barbers for a lower target', () => {
    expect(barbersNeeded([0, 0, 0, 0], 30, 15)).toBe(0);
    const loose = barbersNeeded([6, 1, 1, 0], 30, 30);
    const tight = barbersNeeded([6, 1, 1, 0], 30, 5);
    expect(tight).toBeGreaterThan(loose);
    expect(oneTimeMeanWait(tight, [6, 1, 1, 0], 30)).toBeLessThanOrEqual(5);
    expect(oneTimeMeanWait(tight - 1, [6, 1, 1, 0], 30)).toBeGreaterThan(5);
  });

  it('never staffs below the load (utilisation under 1)', () => {
    // 10 an hour at 30 minutes is 5 barbers' work: 5 cannot keep up.
    expect(barbersNeeded([10, 0, 0, 0], 30, 1000)).toBe(6);
  });
});
