import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  calibrate,
  learnCalibration,
  MIN_CALIBRATION_RECORDS,
  sortedKeys,
  wholeMinutes,
} from './calibration';
import type { EstimateRecord } from './calibration';
import { mulberry32 } from './sim/random';

/** Records of a model whose median is `bias` minutes short and whose interval is too narrow. */
function records(n: number, seed: number, bias: number, priority = 0): EstimateRecord[] {
  const random = mulberry32(seed);
  return Array.from({ length: n }, () => {
    const p50 = 5 + random() * 20;
    // The truth: median p50 + bias, spread +-6 minutes uniform; the model claims +-2.
    const actual = Math.max(0, p50 + bias + (random() - 0.5) * 12);
    return { priority, model: { p10: p50 - 2, p50, p90: p50 + 2 }, actual };
  });
}

const coverage = (rs: EstimateRecord[], learnt: ReturnType<typeof learnCalibration>) => {
  let inside = 0;
  let longer = 0;
  for (const r of rs) {
    const c = calibrate(learnt, r.priority, r.model);
    if (r.actual >= c.low && r.actual <= c.high) inside++;
    if (r.actual > c.median) longer++;
  }
  return { inside: inside / rs.length, longer: longer / rs.length };
};

describe('calibration', () => {
  it('corrects a planted bias and makes the range hold 80 % of fresh waits', () => {
    const learnt = learnCalibration(records(2000, 1, 8));
    const fresh = records(2000, 2, 8);
    const before = coverage(fresh, learnCalibration([]));
    const after = coverage(fresh, learnt);
    // Uncalibrated: nearly everyone waits longer than shown and few inside the range.
    expect(before.longer).toBeGreaterThan(0.9);
    expect(before.inside).toBeLessThan(0.2);
    expect(after.longer).toBeGreaterThan(0.45);
    expect(after.longer).toBeLessThan(0.55);
    expect(after.inside).toBeGreaterThan(0.76);
    expect(after.inside).toBeLessThan(0.84);
  });

  it('learns per priority, and pools priorities with too few records', () => {
    const learnt = learnCalibration([
      ...records(1000, 3, 8, 0),
      ...records(1000, 4, -3, 3),
      ...records(MIN_CALIBRATION_RECORDS - 1, 5, 30, 2),
    ]);
    const model = { p10: 8, p50: 10, p90: 12 };
    expect(calibrate(learnt, 0, model).median).toBeCloseTo(18, 0);
    // (a little above 7: waits below 0 are clipped to 0)
    expect(calibrate(learnt, 3, model).median).toBeGreaterThan(6.5);
    expect(calibrate(learnt, 3, model).median).toBeLessThan(8);
    // Priority 2 has too few records of its own: the pooled correction (about the mean bias).
    const pooled = calibrate(learnt, 2, model).median;
    expect(pooled).toBeGreaterThan(10);
    expect(pooled).toBeLessThan(18);
  });

  it('leaves the model alone without records', () => {
    expect(calibrate(learnCalibration([]), 0, { p10: 3, p50: 5, p90: 9 })).toEqual({
      low: 3,
      median: 5,
      high: 9,
    });
  });

  it('widens the range with the model’s own spread, not by one margin for the whole bucket', () => {
    // Two kinds of state in one bucket: a sure one (the model's spread 2 min, truth +-2) and an
    // uncertain one (spread 20 min, truth +-20), both honest about their spread.
    const random = mulberry32(7);
    const mixed = (n: number): EstimateRecord[] =>
      Array.from({ length: n }, (_, i) => {
        const spread = i % 2 === 0 ? 2 : 20;
        const p50 = 20 + random() * 8;
        const actual = p50 + (random() - 0.5) * 2 * spread * 1.5;
        return {
          priority: 0,
          model: { p10: p50 - spread / 2, p50, p90: p50 + spread / 2 },
          actual,
        };
      });
    const learnt = learnCalibration(mixed(4000));
    const sure = calibrate(learnt, 0, { p10: 23, p50: 24, p90: 25 });
    const unsure = calibrate(learnt, 0, { p10: 14, p50: 24, p90: 34 });
    expect(unsure.high - unsure.low).toBeGreaterThan(5 * (sure.high - sure.low));
    // Each kind keeps about 80 % of its own waits.
    const fresh = mixed(4000);
    for (const kind of [0, 1]) {
      const rows = fresh.filter((_, i) => i % 2 === kind);
      expect(coverage(rows, learnt).inside).toBeGreaterThan(0.72);
      expect(coverage(rows, learnt).inside).toBeLessThan(0.88);
    }
  });

  it('gives the whole 20 % to the high end when nobody can wait less than the low end', () => {
    // A chair is often free: half the waits are exactly 0, and the model's low end is 0.
    const random = mulberry32(11);
    const zeros = (n: number): EstimateRecord[] =>
      Array.from({ length: n }, () => {
        const actual = random() < 0.5 ? 0 : random() * 10;
        return { priority: 0, model: { p10: 0, p50: 1, p90: 6 }, actual };
      });
    const learnt = learnCalibration(zeros(4000));
    const { inside } = coverage(zeros(4000), learnt);
    // With one end's 10 % unused the range would hold 90 %.
    expect(inside).toBeGreaterThan(0.76);
    expect(inside).toBeLessThan(0.84);
    expect(calibrate(learnt, 0, { p10: 0, p50: 1, p90: 6 }).high).toBeCloseTo(6, 0);
  });

  it('counts an order once in the margins, however often its estimate changed', () => {
    // 300 customers each shown one estimate whose range holds 80 % of them; 6 starving customers
    // re-estimated 20 times each, every time 40 minutes over.
    const random = mulberry32(13);
    const rs: EstimateRecord[] = [];
    for (let i = 0; i < 300; i++) {
      const p50 = 20 + random() * 8;
      const actual = p50 + (random() - 0.5) * 12.5;
      rs.push({ priority: 0, orderId: i, model: { p10: p50 - 5, p50, p90: p50 + 5 }, actual });
    }
    const starving = (orderId: number | undefined): EstimateRecord[] =>
      Array.from({ length: 20 }, () => {
        const p50 = 20 + random() * 8;
        return {
          priority: 0,
          orderId,
          model: { p10: p50 - 5, p50, p90: p50 + 5 },
          actual: p50 + 40,
        };
      });
    const once = learnCalibration([
      ...rs,
      ...[1, 2, 3, 4, 5, 6].flatMap((i) => starving(1000 + i)),
    ]);
    const model = { p10: 19, p50: 24, p90: 29 };
    const range = calibrate(once, 0, model);
    // 6 of 306 customers: the range is the honest customers' (about +-5), not stretched to +40.
    expect(range.high).toBeLessThan(34);
    // Counted per record, the 120 starving records are 29 % of the cell and stretch it.
    const perRecord = learnCalibration([
      ...rs,
      ...[1, 2, 3, 4, 5, 6].flatMap(() => starving(undefined)),
    ]);
    expect(calibrate(perRecord, 0, model).high).toBeGreaterThan(60);
  });

  it('learns a long wait of few customers from its own priority’s long waits', () => {
    const random = mulberry32(19);
    const shown = (priority: number, orderId: number, p50: number, bias: number) => ({
      priority,
      orderId,
      model: { p10: p50 - 5, p50, p90: p50 + 5 },
      actual: p50 + bias + (random() - 0.5) * 6,
    });
    const rs: EstimateRecord[] = [];
    // One-time customers wait 10 minutes longer than the model says, at 15-30 minutes...
    for (let i = 0; i < 200; i++) rs.push(shown(0, i, 20 + random() * 8, 10));
    // ...and at 60+ too, but only 5 of them, re-estimated 8 times each, on one odd day.
    for (let i = 0; i < 40; i++) rs.push(shown(0, 1000 + (i % 5), 70 + random() * 10, -20));
    // Members, who are not passed by anyone, wait 5 minutes less at 60+.
    for (let i = 0; i < 300; i++) rs.push(shown(3, 2000 + i, 70 + random() * 10, -5));
    const learnt = learnCalibration(rs);
    const model = { p10: 70, p50: 75, p90: 80 };
    // Neither the five odd customers (-20) nor the members (-5): the one-time customers' +10.
    expect(calibrate(learnt, 0, model).median).toBeGreaterThan(80);
    expect(calibrate(learnt, 3, model).median).toBeLessThan(72);
  });

  it('shows whole minutes with the range rounded to the nearest minute, never past the median', () => {
    // Read as whole minutes, as the customer does: 35.7 is "36", so 35.6 waited is inside.
    expect(wholeMinutes({ low: 19.2, median: 24.6, high: 35.7 })).toEqual({
      low: 19,
      median: 25,
      high: 36,
    });
    expect(wholeMinutes({ low: 0, median: 0.3, high: 0.4 })).toEqual({
      low: 0,
      median: 0,
      high: 0,
    });
    expect(wholeMinutes({ low: 0, median: 0.3, high: 0.8 })).toEqual({
      low: 0,
      median: 0,
      high: 1,
    });
    expect(wholeMinutes({ low: 4.6, median: 4.8, high: 5.4 })).toEqual({
      low: 5,
      median: 5,
      high: 5,
    });
    expect(wholeMinutes({ low: 3, median: 5, high: 8 })).toEqual({ low: 3, median: 5, high: 8 });
  });

  it('keeps the median strictly inside its range unless the range is a single minute', () => {
    // "6 min (2-6)" was shown: the median at the top of its range.
    expect(wholeMinutes({ low: 2, median: 6.2, high: 6.4 })).toEqual({
      low: 2,
      median: 6,
      high: 7,
    });
    expect(wholeMinutes({ low: 5.8, median: 6, high: 9 })).toEqual({ low: 5, median: 6, high: 9 });
    // Nothing goes below 0 minutes.
    expect(wholeMinutes({ low: 0, median: 0.2, high: 4 })).toEqual({ low: 0, median: 0, high: 4 });
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 200, noNaN: true }),
        fc.double({ min: 0, max: 60, noNaN: true }),
        fc.double({ min: 0, max: 60, noNaN: true }),
        (m, below, above) => {
          const r = wholeMinutes({ low: Math.max(0, m - below), median: m, high: m + above });
          if (r.low === r.high) return r.median === r.low;
          return r.low <= r.median && r.median < r.high && (r.low < r.median || r.median === 0);
        },
      ),
    );
  });
  it('calibrates an estimate at joining by the estimates shown at joining', () => {
    // At joining the model is 10 minutes short (members yet to arrive pass the customer); later
    // estimates of the same bucket are right. Each order: one estimate at joining, five later.
    const random = mulberry32(23);
    const rs: EstimateRecord[] = [];
    for (let i = 0; i < 400; i++) {
      const p50 = 20 + random() * 8;
      const model = { p10: p50 - 5, p50, p90: p50 + 5 };
      rs.push({ priority: 0, orderId: i, sinceJoin: 0, model, actual: p50 + 10 + random() * 4 });
      for (let k = 1; k <= 5; k++) {
        const later = p50 + (random() - 0.5) * 8;
        rs.push({ priority: 0, orderId: i, sinceJoin: 5 * k, model, actual: later });
      }
    }
    const learnt = learnCalibration(rs);
    const model = { p10: 19, p50: 24, p90: 29 };
    const joining = calibrate(learnt, 0, model, 0);
    expect(joining.median).toBeGreaterThan(33);
    expect(joining.high).toBeGreaterThan(36);
    // Later estimates keep the cell of every estimate (mostly right: a small shift).
    expect(calibrate(learnt, 0, model, 15).median).toBeLessThan(28);
    // Without the cells at joining (the records do not say when the order joined): one cell.
    const blind = learnCalibration(rs.map(({ sinceJoin: _s, ...r }) => r));
    expect(calibrate(blind, 0, model, 0).median).toBeLessThan(28);
  });

  it('counts a customer once in the cells at joining, however often the estimate was stored there', () => {
    // The server stores an estimate at the join and again at a sweep within the minute that
    // moved it; the simulator, once. The cells at joining must not count the customer twice,
    // nor take the customer's later estimates: the ranges at joining are the same either way.
    const random = mulberry32(29);
    const once: EstimateRecord[] = [];
    const twice: EstimateRecord[] = [];
    for (let i = 0; i < 300; i++) {
      const p50 = 20 + random() * 8;
      const model = { p10: p50 - 5, p50, p90: p50 + 5 };
      // One customer in twenty starves: 40 minutes over, re-estimated every minute while waiting.
      const actual = i % 20 === 0 ? p50 + 40 : p50 + (random() - 0.5) * 12;
      const joining = { priority: 0, orderId: i, sinceJoin: 0, model, actual };
      const later = Array.from({ length: i % 20 === 0 ? 40 : 3 }, (_, k) => ({
        ...joining,
        sinceJoin: 2 + k,
        actual: Math.max(0, actual - 2 - k),
      }));
      once.push(joining, ...later);
      twice.push(joining, { ...joining, sinceJoin: 0.5, actual: actual - 0.5 }, ...later);
    }
    const model = { p10: 19, p50: 24, p90: 29 };
    const a = calibrate(learnCalibration(once), 0, model, 0);
    const b = calibrate(learnCalibration(twice), 0, model, 0);
    // (Within half a minute: the second record's wait is half a minute shorter.)
    expect(b.low).toBeCloseTo(a.low, 0);
    expect(b.high).toBeCloseTo(a.high, 0);
    // Only the estimates at joining: one customer in twenty starving widens the 80 % range less
    // than the 40 minutes of the starving (their many later records stay out of these cells).
    const joiningOnly = calibrate(
      learnCalibration(once.filter((r) => r.sinceJoin === 0)),
      0,
      model,
      0,
    );
    expect(a.high).toBeCloseTo(joiningOnly.high, 1);
    expect(a.high).toBeLessThan(model.p90 + 20);
  });

  it('gives the real waits of a bucket their 80 % when free chairs share it', () => {
    // A cell where two customers in three found a chair free (the model certain: 0 in every
    // run, and they waited 0) and the rest queued a few minutes. Counting the free chairs, a
    // range would need to hold only 70 % of the real waits for the cell to hold 80 %.
    const random = mulberry32(11);
    const mixed = (n: number): EstimateRecord[] =>
      Array.from({ length: n }, () => {
        if (random() < 2 / 3) return { priority: 0, model: { p10: 0, p50: 0, p90: 0 }, actual: 0 };
        const p50 = 1 + random() * 3;
        return {
          priority: 0,
          model: { p10: p50 * 0.5, p50, p90: p50 * 1.5 },
          actual: Math.max(0, p50 + (random() - 0.5) * 8),
        };
      });
    const learnt = learnCalibration(mixed(3000));
    const real = mixed(3000).filter((r) => r.model.p90 > 0);
    const { inside } = coverage(real, learnt);
    expect(inside).toBeGreaterThan(0.76);
    expect(inside).toBeLessThan(0.84);
    // A free chair stays "no wait", whatever the cell learnt.
    expect(calibrate(learnt, 0, { p10: 0, p50: 0, p90: 0 })).toEqual({
      low: 0,
      median: 0,
      high: 0,
    });
  });
});

describe('calibration: the high ends of a priority’s buckets chosen together', () => {
  // One-time customers in two kinds of state: calm (a short queue, the model honest, a light
  // tail) and exposed to members' rushes (a long wait in which one in eight is passed by members
  // and waits 40-80 minutes more than the model's 90th percentile).
  const random = mulberry32(31);
  let id = 0;
  const calm = (): EstimateRecord => {
    const p50 = 6 + random() * 8;
    const actual = Math.max(0, p50 + (random() - 0.5) * 2 * 4.5);
    return { priority: 0, orderId: id++, model: { p10: p50 - 3, p50, p90: p50 + 3 }, actual };
  };
  const exposed = (): EstimateRecord => {
    const p50 = 35 + random() * 20;
    const passed = random() < 0.12;
    const actual = passed ? p50 + 10 + 40 + random() * 40 : p50 + (random() - 0.5) * 2 * 11;
    return { priority: 0, orderId: id++, model: { p10: p50 - 10, p50, p90: p50 + 10 }, actual };
  };
  const many = (n: number, f: () => EstimateRecord) => Array.from({ length: n }, f);
  const inside = (rs: readonly EstimateRecord[], learnt: ReturnType<typeof learnCalibration>) =>
    rs.filter((r) => {
      const c = calibrate(learnt, r.priority, r.model);
      return r.actual >= c.low && r.actual <= c.high;
    }).length / rs.length;
  const width = (rs: readonly EstimateRecord[], learnt: ReturnType<typeof learnCalibration>) =>
    rs.reduce((a, r) => {
      const c = calibrate(learnt, r.priority, r.model);
      return a + c.high - c.low;
    }, 0) / rs.length;

  it('gives the same customers their ranges at fewer minutes: narrower where the tail is long', () => {
    const calmRecords = many(600, calm);
    const exposedRecords = many(200, exposed);
    const together = learnCalibration([...calmRecords, ...exposedRecords]);
    // Each bucket alone: its own 80 %, as every bucket was learnt before.
    const calmAlone = learnCalibration(calmRecords);
    const exposedAlone = learnCalibration(exposedRecords);
    const exposedModel = { p10: 35, p50: 45, p90: 55 };
    const calmModel = { p10: 7, p50: 10, p90: 13 };
    // Alone, the exposed bucket's high end must reach into the passed customers' waits.
    expect(calibrate(exposedAlone, 0, exposedModel).high).toBeGreaterThan(90);
    // Together, it stops before them (the few points more its calm neighbours hold cost far
    // fewer minutes) at about the model's own high end; the calm range widens a little.
    const exposedHigh = calibrate(together, 0, exposedModel).high;
    expect(exposedHigh).toBeLessThan(70);
    expect(exposedHigh).toBeGreaterThan(50);
    const calmHigh = calibrate(together, 0, calmModel).high;
    expect(calmHigh).toBeGreaterThanOrEqual(calibrate(calmAlone, 0, calmModel).high);
    expect(calmHigh).toBeLessThan(20);
    // On fresh customers of the same shop: the priority's ranges hold as many as each bucket
    // alone did (about 80 %), the exposed kind at least 70 %, at half the minutes of width.
    const freshCalm = many(3000, calm);
    const freshExposed = many(1000, exposed);
    const fresh = [...freshCalm, ...freshExposed];
    const separate = (rs: readonly EstimateRecord[]) =>
      rs.map((r) => {
        const c = calibrate(r.model.p50 < 15 ? calmAlone : exposedAlone, 0, r.model);
        return { inside: r.actual >= c.low && r.actual <= c.high, width: c.high - c.low };
      });
    const before = separate(fresh);
    const beforeInside = before.filter((b) => b.inside).length / before.length;
    expect(inside(fresh, together)).toBeGreaterThan(beforeInside - 0.01);
    expect(inside(fresh, together)).toBeGreaterThan(0.75);
    expect(inside(freshCalm, together)).toBeGreaterThan(0.75);
    expect(inside(freshExposed, together)).toBeGreaterThan(0.7);
    expect(inside(freshExposed, together)).toBeLessThan(inside(freshCalm, together));
    const beforeWidth = before.reduce((a, b) => a + b.width, 0) / before.length;
    expect(width(fresh, together)).toBeLessThan(0.6 * beforeWidth);
  });

  it('keeps a bucket wide when most of its customers need it', () => {
    // Every exposed customer's wait is far more uncertain than the model says (not a passed
    // few): no bucket gives up more than 5 points of its own 80 %, so its range stays wide.
    const uncertain = (): EstimateRecord => {
      const p50 = 35 + random() * 20;
      const actual = Math.max(0, p50 + (random() - 0.5) * 2 * 40);
      return { priority: 0, orderId: id++, model: { p10: p50 - 10, p50, p90: p50 + 10 }, actual };
    };
    const learnt = learnCalibration([...many(600, calm), ...many(200, uncertain)]);
    expect(calibrate(learnt, 0, { p10: 35, p50: 45, p90: 55 }).high).toBeGreaterThan(65);
    expect(inside(many(2000, uncertain), learnt)).toBeGreaterThan(0.72);
  });
});

describe("the median's shift, by its uncertainty (session 13)", () => {
  // Long waits of a few days: each day's customers share its surge (+15 or -15 minutes), and
  // each errs +-10 minutes of their own. Over five days the median error lands some 8 minutes
  // above 0, but the model is not biased: two of the five days alone turn it.
  const surges = [15, 15, 15, -15, -15];
  const days = (bias: number, perDay = 10, dayKeys = true): EstimateRecord[] => {
    const random = mulberry32(31);
    let orderId = 0;
    return surges.flatMap((surge, day) =>
      Array.from({ length: perDay }, () => {
        const p50 = 35 + random() * 20;
        const actual = p50 + bias + surge + (random() - 0.5) * 20;
        return {
          priority: 0,
          orderId: orderId++,
          ...(dayKeys ? { day } : {}),
          model: { p10: p50 - 10, p50, p90: p50 + 10 },
          actual,
        };
      }),
    );
  };
  const model = { p10: 35, p50: 45, p90: 55 };
  const medianError = (rs: EstimateRecord[]) => {
    const errors = rs.map((r) => r.actual - r.model.p50).sort((a, b) => a - b);
    return (errors[24]! + errors[25]!) / 2;
  };

  it('adds no shift where the median error is within the days’ noise', () => {
    const rs = days(0);
    // The records' own median error: what the shift was before.
    expect(medianError(rs)).toBeGreaterThan(5);
    expect(calibrate(learnCalibration(rs), 0, model).median).toBeCloseTo(45, 6);
  });

  it('counts the customers of one day together, not as independent draws', () => {
    // The same errors without their days: 50 draws know the median to about +-3 minutes, so
    // most of it is kept; by days it is none (above).
    const rs = days(0, 10, false);
    const shift = calibrate(learnCalibration(rs), 0, model).median - 45;
    expect(shift).toBeGreaterThan(3);
    expect(shift).toBeLessThan(medianError(rs));
  });

  it('keeps a bias that every day shows', () => {
    // The model 20 minutes short on every day, surges and all: the shift stands far out of its
    // noise and most of it is kept.
    const rs = days(20);
    const shift = calibrate(learnCalibration(rs), 0, model).median - 45;
    expect(shift).toBeGreaterThan(0.75 * medianError(rs));
    expect(shift).toBeLessThanOrEqual(medianError(rs) + 1e-9);
  });
});

// Session 15 tried shrinking a narrowing at joining toward the cell of every estimate by its
// own uncertainty (decision 005): 238 of 271 verdicts on the accuracy bench, as main, none of the
// range misses met, so main keeps a cell's own high end. The first test is what that rule did
// and main does not (it.fails); the second holds either way.
describe('a narrowing at joining, by its uncertainty (session 15, not kept)', () => {
  // The cell of every estimate: 3,000 estimates over 14 days whose waits the model's 80 %
  // range holds (its high end stays about the model's p90). The cell at joining: the same
  // model, a few orders a day.
  const model = { p10: 35, p50: 45, p90: 55 };
  const every = (): EstimateRecord[] => {
    const random = mulberry32(41);
    return Array.from({ length: 3000 }, (_, i) => {
      const p50 = 35 + random() * 20;
      return {
        priority: 0,
        orderId: 10_000 + i,
        sinceJoin: 5,
        day: i % 14,
        model: { p10: p50 - 10, p50, p90: p50 + 10 },
        actual: p50 + (random() - 0.5) * 2 * 12.5,
      };
    });
  };
  // Orders at joining, `perDay` a day over `days` days, each day's waits moved by `offset(day)`.
  const joining = (days: number, perDay: number, offset: (day: number) => number) => {
    const random = mulberry32(43);
    return Array.from({ length: days * perDay }, (_, i): EstimateRecord => {
      const day = Math.floor(i / perDay);
      const p50 = 35 + random() * 20;
      return {
        priority: 0,
        orderId: i,
        sinceJoin: 0,
        day,
        model: { p10: p50 - 10, p50, p90: p50 + 10 },
        actual: Math.max(0, p50 + offset(day) + (random() - 0.5) * 2 * 12.5),
      };
    });
  };
  const fallbackHigh = calibrate(learnCalibration(every()), 0, model).high;

  it.fails(
    'keeps the high end of the cell of every estimate where a few days narrowed it by chance',
    () => {
      // Four of five days' customers at joining waited 15 minutes less (a quiet spell): over 40
      // orders the cell's own 90th percentile falls several minutes inside, and the next days
      // may be any of the five kinds.
      const rs = [...every(), ...joining(5, 8, (day) => (day < 4 ? -15 : 0))];
      const own = calibrate(learnCalibration(rs.filter((r) => r.sinceJoin === 0)), 0, model, 0);
      expect(own.high).toBeLessThan(fallbackHigh - 2);
      expect(calibrate(learnCalibration(rs), 0, model, 0).high).toBeGreaterThan(fallbackHigh - 1);
    },
  );

  it('keeps a narrowing that every day shows', () => {
    // Every day's customers at joining wait 10 minutes less than the model says, over 14 days.
    const rs = [...every(), ...joining(14, 8, () => -10)];
    expect(calibrate(learnCalibration(rs), 0, model, 0).high).toBeLessThan(fallbackHigh - 5);
  });
});

describe('sortedKeys: the scores sorted with their indices', () => {
  // The packed keys' plain numeric sort, as every cell was sorted before session 19.
  const reference = (scores: Float64Array) =>
    Float64Array.from(scores, (x, i) => {
      const s = Math.min(1e4, Math.max(-1e4, x));
      return (Math.round(s / 1e-4) + 1e4 / 1e-4) * 2 ** 20 + i;
    }).sort();

  it("equals the keys' numeric sort, for small cells and for large ones (radix), ties and clamps included", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 6000 }),
        fc.integer(),
        fc.constantFrom(0.5, 3, 400, 3e4),
        (n, seed, scale) => {
          const random = mulberry32(seed);
          // Few distinct scores at scale 0.5 (many ties), beyond the clamp at 3e4.
          const scores = Float64Array.from(
            { length: n },
            () => Math.round((random() - 0.5) * scale * 8) / 4,
          );
          expect(sortedKeys(scores)).toEqual(reference(scores));
        },
      ),
      { numRuns: 40 },
    );
  });
});
