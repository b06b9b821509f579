import { describe, expect, it } from 'vitest';
import { MIN_CALIBRATION_RECORDS } from './calibration';
import { localTimeToEpoch } from './opening-hours';
import {
  buildShopInputs,
  cancelChanceAfter,
  shopQueueState,
  waitAfterEstimate,
} from './shop-inputs';
import { busiestHistory } from './sim/busiest-history';
import { createRandom } from './sim/random';
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

describe('buildShopInputs: a busy shop’s largest history', () => {
  it('learns 28 days of 400 orders a day and every estimate of its last 14 days', () => {
    // No record cap: the calibration reads its 14 days of estimates whole. Its cost (issue 31:
    // within 150 ms of CPU) is measured by bench/accuracy.ts (`inputsCost`), not timed here.
    const { orders, estimates } = busiestHistory(NOW);
    const inputs = buildShopInputs({ orders, estimates }, NOW, 'Europe/Helsinki');
    expect(inputs.calibration.atJoining?.byPriority.get(0)?.[3]?.n).toBe(4200);
  });
});

// Session 14 (decision 005): the three `it.fails` below are what the hour cells with a fixed
// prior do not do. The estimators that did them (empirical-Bayes weekdays, commit a987ec4; each
// hour's exposure, e8e6786) met them and lost verdicts on the accuracy bench (234 of 271, and 235
// of 270 with the exposure alone, against 238 of 271), so they were not kept; a fix that keeps
// its verdicts turns these into `it`.
describe('buildShopInputs: the members expected (issue 31, session 14)', () => {
  const ZONE = 'Europe/Helsinki';
  /** Local 9:00 of day d of January 2026 in the shop's zone. */
  const nine = (d: number) => localTimeToEpoch(ZONE, { year: 2026, month: 1, day: d }, 9 * 60);
  const TODAY = 29;

  /**
   * 28 days before TODAY of walk-in members joining from 9:00 to 19:00 at `perHour(minutes since
   * 9:00)`, a Poisson process drawn by thinning (or, `exact`, one join at each whole unit of the
   * expected count, no noise).
   */
  function history(
    perHour: (m: number, day: number) => number,
    peak: number,
    seed: number,
    exact = false,
    today = TODAY,
  ) {
    const random = createRandom(seed);
    const orders: OrderRecord[] = [];
    for (let d = today - 28; d < today; d++) {
      if (exact) {
        let due = 0.5;
        let expected = 0;
        for (let m = 0; m < 600; m += 0.25) {
          expected += perHour(m + 0.125, d) / 240;
          while (expected >= due) {
            orders.push(member(orders.length + 1, nine(d) + m * MINUTE));
            due += 1;
          }
        }
        continue;
      }
      for (let m = random.exponential(60 / peak); m < 600; m += random.exponential(60 / peak)) {
        if (random.next() * peak < perHour(m, d)) {
          orders.push(member(orders.length + 1, nine(d) + m * MINUTE));
        }
      }
    }
    return orders;
  }
  function member(id: number, joinedAt: number): OrderRecord {
    return { ...served(id, 'walk_in', joinedAt, joinedAt, joinedAt), priority: 1 };
  }
  /** Members per hour the engine expects at `minutes` after 9:00 today (the forecast's segment). */
  function expectedAt(
    orders: readonly OrderRecord[],
    minutes: number,
    day = TODAY,
    learnt = nine(day) + minutes * MINUTE,
  ): number {
    const now = nine(day) + minutes * MINUTE;
    const inputs = buildShopInputs({ orders, estimates: [] }, learnt, ZONE);
    const state = shopQueueState(inputs, [], {
      now,
      chairs: 4,
      closesAt: nine(day) + 600 * MINUTE,
      timeZone: ZONE,
    });
    return state.arrivalsPerHour?.[1] ?? Number.NaN;
  }

  it.fails("does not take a weekday's hour that happened to be busy or quiet for its usual", () => {
    // 3 members an hour all day, every day. A weekday's hour holds some 12 joins in its four
    // days, which chance alone moves by 30 %; the weekdays differ no more than that, so what the
    // engine expects at an hour is the same whatever the weekday.
    const spreads = [1, 2, 3].map((seed) => {
      const orders = history(() => 3, 3, seed);
      let sum = 0;
      const minutes = [15, 75, 135, 195, 255, 315, 375, 435, 495, 555];
      for (const m of minutes) {
        const week = [0, 1, 2, 3, 4, 5, 6].map((d) =>
          expectedAt(orders, m, TODAY + d, nine(TODAY)),
        );
        const mean = week.reduce((a, b) => a + b, 0) / 7;
        const sd = Math.sqrt(week.reduce((a, b) => a + (b - mean) ** 2, 0) / 6);
        sum += sd / mean;
      }
      return sum / minutes.length;
    });
    // The hour cells: each weekday's four days count 4 of 18 (a fixed 14 days of the all-days
    // rate), 5.7-6.4 % apart on these three histories; empirical Bayes: 0-3.9 %.
    for (const spread of spreads) expect(spread).toBeLessThan(0.05);
    expect(spreads.reduce((a, b) => a + b, 0) / spreads.length).toBeLessThan(0.03);
  });

  it.fails(
    'expects the rest of today at the usual rate in a shop with less than 28 days of records',
    () => {
      // Ten days of 3 members an hour, then today's joins until 13:00. The hour cells count today
      // as a whole day without joins after 13:00: 2.57 an hour, 14 % quieter than it ever was.
      const orders = history(() => 3, 3, 1, true, TODAY).filter(
        (o) => o.joinedAt >= nine(TODAY - 10) && o.joinedAt < nine(TODAY) + 4 * 60 * MINUTE,
      );
      const today = history(() => 3, 3, 1, true, TODAY + 1).filter(
        (o) => o.joinedAt >= nine(TODAY) && o.joinedAt < nine(TODAY) + 4 * 60 * MINUTE,
      );
      const records = [...orders, ...today].map((o, i) => ({ ...o, id: i + 1 }));
      for (const m of [240, 300, 480]) {
        expect(expectedAt(records, m, TODAY, nine(TODAY) + 240 * MINUTE)).toBeCloseTo(3, 1);
      }
    },
  );

  it('learns across a change of summer time, and expects no one at night', () => {
    // 29 March 2026, 03:00 in Helsinki became 04:00: the window of 28 days up to 10 April holds
    // the change; the shop's hours are local, 9:00-19:00 on both sides of it.
    const april10 = 31 + 28 + 31 + 10;
    const orders = history(() => 3, 3, 1, true, april10);
    expect(expectedAt(orders, 60, april10)).toBeCloseTo(3, 1);
    expect(expectedAt(orders, 540, april10)).toBeCloseTo(3, 1);
    // 02:00 local, after the 9:00-19:00 of the day before.
    expect(expectedAt(orders, -7 * 60, april10)).toBe(0);
  });

  it.fails('keeps the rate of a weekday unlike the others (Saturdays twice as busy)', () => {
    // 31 January 2026 is a Saturday: its four Saturdays of the window had 6 members an hour, the
    // other days 3. Chance alone does not make one weekday's four days differ so much. The hour
    // cells: 3.9 on Saturday (4 days of 18 its own).
    const saturday = (d: number) => new Date(Date.UTC(2026, 0, d)).getUTCDay() === 6;
    const orders = history((_, d) => (saturday(d) ? 6 : 3), 6, 5, false, 31);
    const onSaturday = [60, 200, 400].map((m) => expectedAt(orders, m, 31));
    // Friday 30 January, as learnt on the Saturday morning.
    const onFriday = [60, 200, 400].map((m) => expectedAt(orders, m, 30, nine(31)));
    for (const r of onSaturday) expect(r).toBeGreaterThan(5);
    for (const r of onFriday) expect(r).toBeLessThan(3.6);
  });

  it('keeps a peak the days agree on (an hour at 6x the rest)', () => {
    const perHour = (m: number) => (m >= 180 && m < 240 ? 18 : 3);
    const orders = history(perHour, 18, 7);
    expect(expectedAt(orders, 200)).toBeGreaterThan(15);
    expect(expectedAt(orders, 200)).toBeLessThan(21);
    expect(expectedAt(orders, 60)).toBeGreaterThan(2.4);
    expect(expectedAt(orders, 60)).toBeLessThan(3.6);
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
