import { describe, expect, it } from 'vitest';
import { estimateQueue } from './estimate-queue';
import { probablyFinishedIds } from './forgotten-finish';
import { listSchedule } from './list-schedule';
import { p95Ratio, probablyFinished } from './remaining-time';
import { MINUTE, order, shop, T0 } from './test-factories';
import type { DurationModel } from './types';

/** A shop whose durations run 0.6-1.4 x expected. */
const model: DurationModel = {
  globalRatio: 1,
  serviceRatios: new Map(),
  barberRatios: new Map(),
  residuals: Array.from({ length: 20 }, (_, i) => 0.6 + (0.8 * i) / 19),
  typicalPlannedMinutes: 20,
  samples: 300,
  outliers: 0,
};

/** One chair: a 20-minute haircut started `minutesAgo` minutes ago and one customer waiting. */
const state = (minutesAgo: number, waiting: { atShop: boolean }) =>
  shop({
    durationModel: model,
    orders: [
      order({ id: 1, status: 'in_service', startedAt: T0 - minutesAgo * MINUTE }),
      order({ id: 2, atShop: waiting.atShop, joinedAt: T0 - 10 * MINUTE }),
    ],
  });

describe('forgotten finishes', () => {
  it("flags a service far past its kind's 95th percentile", () => {
    expect(p95Ratio(model.residuals)).toBeCloseTo(1.358, 3);
    // 1.5 x 20 x 1.358 = 40.7 minutes.
    expect(probablyFinished(20, 40, model.residuals)).toBe(false);
    expect(probablyFinished(20, 41, model.residuals)).toBe(true);
  });

  it('takes the chair as free when customers wait at the shop, and asks staff', () => {
    const forgotten = state(60, { atShop: true });
    expect(probablyFinishedIds(forgotten)).toEqual([1]);
    // The customer waiting beside it is next now, not after "another couple of minutes".
    expect(estimateQueue(forgotten).orders.get(2)?.waitMinutes).toBe(0);
    expect(listSchedule(forgotten)?.inService[0]?.end).toBe(T0);
  });

  it('keeps the service under way when nobody waits at the shop, or it is not far past', () => {
    expect(probablyFinishedIds(state(60, { atShop: false }))).toEqual([]);
    const long = state(35, { atShop: true });
    expect(probablyFinishedIds(long)).toEqual([]);
    expect(estimateQueue(long).orders.get(2)?.waitMinutes).toBeGreaterThan(0);
  });
});
