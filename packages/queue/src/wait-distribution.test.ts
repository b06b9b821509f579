import { describe, expect, it } from 'vitest';
import { buildDurationModel } from './duration-model';
import { estimateQueue } from './estimate-queue';
import { mulberry32 } from './sim/random';
import { MINUTE, order, shop, T0 } from './test-factories';
import type { QueueOrder } from './types';

const random = mulberry32(9);
/** A history of 200 haircuts planned 20 minutes taking 12 to 28. */
const durationModel = buildDurationModel(
  Array.from({ length: 200 }, () => ({
    serviceIds: [1],
    plannedMinutes: 20,
    actualMinutes: 12 + random() * 16,
  })),
);
const waiting = (n: number): QueueOrder[] =>
  Array.from({ length: n }, (_, i) => order({ id: i + 1 }));

describe('the wait distribution', () => {
  it('widens the range with the queue', () => {
    const widths = [1, 4, 12].map((n) => {
      const e = estimateQueue(shop({ chairs: 2, orders: waiting(n), durationModel }));
      const range = e.serviceTimeEstimates.find((x) => x.priority === 0)?.wait_range;
      return (range?.high ?? 0) - (range?.low ?? 0);
    });
    expect(widths[1]).toBeGreaterThan(widths[0] ?? Infinity);
    expect(widths[2]).toBeGreaterThan(widths[1] ?? Infinity);
  });

  it('keeps the median inside the range, and the range of each order around its median', () => {
    const e = estimateQueue(shop({ chairs: 2, orders: waiting(8), durationModel }));
    for (const o of e.orders.values()) {
      expect(o.waitRange?.low).toBeLessThanOrEqual(o.waitMinutes ?? -1);
      expect(o.waitRange?.high).toBeGreaterThanOrEqual(o.waitMinutes ?? Infinity);
      expect(o.startRange?.early).toBeLessThanOrEqual(o.expectedStart ?? -1);
    }
  });

  it('does not extrapolate the remaining time of a long service', () => {
    // 20 minutes into a haircut whose history never took more than 28: at most 8 left, not the
    // 20 more a wide lognormal's mean remaining life gives.
    const state = shop({
      orders: [
        order({ id: 1, status: 'in_service', startedAt: T0 - 20 * MINUTE }),
        order({ id: 2 }),
      ],
      durationModel,
    });
    const e = estimateQueue(state).orders.get(2);
    expect(e?.waitRange?.high).toBeLessThanOrEqual(8);
  });

  it('gives the same answer for the same state (no clock, no global random source)', () => {
    const state = shop({ chairs: 2, orders: waiting(6), durationModel, arrivalsPerHour: { 3: 2 } });
    expect(estimateQueue(state)).toEqual(estimateQueue(state));
  });

  it('lets an absent customer who may never come hold up no one behind', () => {
    const absent = order({ id: 1, atShop: false, joinedAt: T0 - 60 * MINUTE });
    const travel = { minutes: [5, 10, 15, 20], noShowShare: 0.2 };
    const base = { chairs: 1, durationModel, travel, travelMinutes: 12 };
    const state = shop({ ...base, orders: [absent, order({ id: 2 })] });
    // An hour late, later than anyone has ever travelled: almost surely a no-show.
    expect(estimateQueue(state).orders.get(2)?.waitMinutes).toBe(0);
  });
});
