import { describe, expect, it } from 'vitest';
import { MIN_CALIBRATION_RECORDS } from './calibration';
import { buildShopInputs, cancelChanceAfter, waitAfterEstimate } from './shop-inputs';
import type { OrderRecord, ShownEstimate } from './shop-inputs';

const MINUTE = 60_000;
const NOW = Date.UTC(2026, 0, 20, 12, 0);

/** A one-time customer served 20 minutes from `startedAt`, checked in at `checkedInAt`. */
function served(
  id: number,
  source: 'app' | 'walk_in',
  joinedAt: number,
  startedAt: number,
  checkedInAt: number,
): OrderRecord {
  return {
    id,
    priority: 0,
    source,
    status: 'serviced',
    rank: joinedAt,
    joinedAt,
    checkedInAt,
    startedAt,
    finishedAt: startedAt + 20 * MINUTE,
    plannedMinutes: 20,
    serviceIds: [1],
    barberId: null,
  };
}

/** Orders each shown 10 minutes (model 5-10-15) that then waited `waited` minutes. */
function shop(n: number, waited: number, app: { checkInAfter: number } | null) {
  const orders: OrderRecord[] = [];
  const estimates: ShownEstimate[] = [];
  for (let i = 0; i < n; i++) {
    const joinedAt = NOW - (n - i) * 60 * MINUTE;
    const startedAt = joinedAt + waited * MINUTE;
    orders.push(
      app
        ? served(i + 1, 'app', joinedAt, startedAt, joinedAt + app.checkInAfter * MINUTE)
        : served(i + 1, 'walk_in', joinedAt, startedAt, joinedAt),
    );
    estimates.push({
      orderId: i + 1,
      priority: 0,
      at: joinedAt,
      model: { p10: 5, p50: 10, p90: 15 },
    });
  }
  return { orders, estimates };
}

describe('buildShopInputs: the closed loop', () => {
  const n = MIN_CALIBRATION_RECORDS + 10;

  it('learns from the waits of customers who were at the shop when shown', () => {
    const { calibration } = buildShopInputs(shop(n, 16, null), NOW, 'Europe/Helsinki');
    expect(calibration.pooled[1]?.shift).toBeCloseTo(6, 6);
  });

  it('does not take an app customer’s travel for the estimate’s error', () => {
    // They arrived 40 minutes after joining and sat at once: their start says nothing about
    // when their turn came, which may have been long before.
    const { calibration } = buildShopInputs(
      shop(n, 41, { checkInAfter: 40 }),
      NOW,
      'Europe/Helsinki',
    );
    expect(calibration.pooled.every((cell) => cell === null)).toBe(true);
  });

  it("counts the median shift's uncertainty by the shop's days (session 13)", () => {
    // Five days of ten customers, each day's waits 15 minutes over or under the model's median
    // together (a surge, a quiet day) and +-9 minutes apart: the median error, some 8 minutes,
    // is two days' luck, not a bias, and no shift is learnt. Counted as 50 independent
    // customers it would stand out of its noise and most of it would be added.
    const DAY = 24 * 60 * MINUTE;
    const orders: OrderRecord[] = [];
    const estimates: ShownEstimate[] = [];
    [15, 15, 15, -15, -15].forEach((surge, d) => {
      for (let i = 0; i < 10; i++) {
        const id = d * 10 + i + 1;
        const joinedAt = NOW - (5 - d) * DAY + (i - 5) * 30 * MINUTE;
        const startedAt = joinedAt + (40 + surge + (i - 4.5) * 2) * MINUTE;
        orders.push(served(id, 'walk_in', joinedAt, startedAt, joinedAt));
        estimates.push({
          orderId: id,
          priority: 0,
          at: joinedAt,
          model: { p10: 30, p50: 40, p90: 50 },
        });
      }
    });
    const { calibration } = buildShopInputs({ orders, estimates }, NOW, 'Europe/Helsinki');
    expect(calibration.pooled[3]?.n).toBe(50);
    expect(calibration.pooled[3]?.shift).toBe(0);
  });
});

describe('waitAfterEstimate', () => {
  const at = NOW;
  it('is the minutes until the start for a customer at the shop when shown', () => {
    expect(waitAfterEstimate(at, { checkedInAt: at - MINUTE, startedAt: at + 12 * MINUTE })).toBe(
      12,
    );
  });
  it('is unknown for a customer still on the way, never seated, or seated before', () => {
    expect(waitAfterEstimate(at, { checkedInAt: at + MINUTE, startedAt: at + 30 * MINUTE })).toBe(
      null,
    );
    expect(waitAfterEstimate(at, { checkedInAt: null, startedAt: at + 30 * MINUTE })).toBe(null);
    expect(waitAfterEstimate(at, { checkedInAt: at, startedAt: null })).toBe(null);
    expect(waitAfterEstimate(at, { checkedInAt: at - 9, startedAt: at - 1 })).toBe(null);
  });
  it('is the minutes until the recorded turn of a customer away when shown', () => {
    // Passed over at +8 while on the way, seated at +30 after arriving late: the turn was at +8.
    const away = { checkedInAt: at + 25 * MINUTE, startedAt: at + 30 * MINUTE };
    expect(waitAfterEstimate(at, { ...away, turnAt: at + 8 * MINUTE })).toBe(8);
    // A no-show's turn came too (marked at +15), though they never sat.
    expect(
      waitAfterEstimate(at, { checkedInAt: null, startedAt: null, turnAt: at + 15 * MINUTE }),
    ).toBe(15);
    // A turn before the estimate says nothing about it.
    expect(waitAfterEstimate(at, { ...away, turnAt: at - MINUTE })).toBe(null);
  });
});

describe('buildShopInputs: cost at a busy shop’s largest history', () => {
  it('learns 28 days of 400 orders a day and 14 days of estimates within 150 ms', () => {
    // Every 60-second sweep that moved an estimate is stored (server: queue.ts): some 15 per
    // order, 84,000 in 14 days. No record cap: the calibration reads its 14 days whole.
    const DAY = 86_400_000;
    const orders: OrderRecord[] = [];
    const estimates: ShownEstimate[] = [];
    for (let d = 0; d < 28; d++) {
      for (let k = 0; k < 400; k++) {
        const id = d * 400 + k + 1;
        const joinedAt = NOW - (28 - d) * DAY + k * 1.8 * MINUTE;
        const startedAt = joinedAt + 30 * MINUTE;
        const priority = k % 4 === 0 ? 1 : 0;
        orders.push({
          id,
          priority,
          source: k % 2 ? 'app' : 'walk_in',
          status: 'serviced',
          rank: joinedAt,
          joinedAt,
          checkedInAt: joinedAt + 5 * MINUTE,
          startedAt,
          finishedAt: startedAt + 25 * MINUTE,
          plannedMinutes: 20,
          serviceIds: [k % 5],
          barberId: k % 8,
          turnAt: startedAt,
        });
        if (d < 14) continue;
        for (let e = 0; e < 15; e++) {
          const model = { p10: 10, p50: 30 - e, p90: 50 };
          estimates.push({ orderId: id, priority, at: joinedAt + e * 2 * MINUTE, model });
        }
      }
    }
    const costs = [0, 1, 2].map(() => {
      const before = process.cpuUsage();
      const inputs = buildShopInputs({ orders, estimates }, NOW, 'Europe/Helsinki');
      const used = process.cpuUsage(before);
      expect(inputs.calibration.atJoining?.byPriority.get(0)?.[3]?.n).toBe(4200);
      return (used.user + used.system) / 1000;
    });
    // CPU time of the warm runs (the server keeps a shop's inputs for 10 minutes).
    expect(Math.min(...costs.slice(1))).toBeLessThanOrEqual(150);
  });
});

describe('cancelChanceAfter', () => {
  it('gives a customer who has waited past most cancels a smaller chance of leaving', () => {
    // A tenth of customers leave, all of them within 40 minutes of joining.
    const inputs = {
      ...buildShopInputs({ orders: [], estimates: [] }, NOW, 'Europe/Helsinki'),
      cancelShare: 0.1,
      cancelMinutes: Array.from({ length: 40 }, (_, i) => i + 0.5),
    };
    expect(cancelChanceAfter(inputs, 0)).toBeCloseTo(0.1, 6);
    expect(cancelChanceAfter(inputs, 20)).toBeCloseTo(0.05 / 0.95, 6);
    // An hour in, nobody leaves any more: the queue ahead is not thinned by cancels.
    expect(cancelChanceAfter(inputs, 60)).toBe(0);
    // Without recorded cancel times, the shop's share.
    expect(cancelChanceAfter({ ...inputs, cancelMinutes: [] }, 60)).toBe(0.1);
  });
});
