import { describe, expect, it } from 'vitest';
import { buildDurationModel, expectedMinutes, PRIOR_RESIDUALS } from './duration-model';
import { mulberry32 } from './sim/random';

const served = (serviceIds: number[], plannedMinutes: number, actualMinutes: number, n: number) =>
  Array.from({ length: n }, () => ({ serviceIds, plannedMinutes, actualMinutes }));

describe('buildDurationModel', () => {
  it('uses planned minutes when there is no history', () => {
    const model = buildDurationModel([]);
    expect(expectedMinutes(model, 25, [1])).toBe(25);
    expect(expectedMinutes(undefined, 25, [1])).toBe(25);
  });

  it('learns that a service runs longer than planned', () => {
    const model = buildDurationModel([...served([1], 20, 30, 200), ...served([2], 20, 20, 200)]);
    expect(expectedMinutes(model, 20, [1])).toBeCloseTo(29.5, 0);
    expect(expectedMinutes(model, 20, [2])).toBeCloseTo(20.3, 0);
  });

  it('trusts a service with few samples only a little', () => {
    const model = buildDurationModel([...served([1], 20, 20, 300), ...served([9], 20, 40, 2)]);
    const minutes = expectedMinutes(model, 20, [9]);
    expect(minutes).toBeGreaterThan(20);
    expect(minutes).toBeLessThan(25);
  });

  it('clamps wild ratios', () => {
    const model = buildDurationModel(served([1], 10, 35, 500));
    expect(expectedMinutes(model, 10, [1])).toBe(20);
  });

  it('falls back to the shop-wide ratio for an unknown service', () => {
    const model = buildDurationModel(served([1], 20, 24, 500));
    expect(expectedMinutes(model, 20, [42])).toBeCloseTo(24, 0);
  });

  it('ignores records without a usable duration', () => {
    const model = buildDurationModel([{ serviceIds: [1], plannedMinutes: 0, actualMinutes: 10 }]);
    expect(model.samples).toBe(0);
  });

  it('learns the spread of real durations once there are enough, and a prior until then', () => {
    const history = [...served([1], 20, 16, 50), ...served([1], 20, 24, 50)];
    const model = buildDurationModel(history);
    // Real / expected: half 0.8, half 1.2.
    expect(model.residuals[0]).toBeCloseTo(0.8, 6);
    expect(model.residuals.at(-1)).toBeCloseTo(1.2, 6);
    expect(buildDurationModel(history.slice(0, 5)).residuals).toBe(PRIOR_RESIDUALS);
  });

  it('is not moved by a forgotten or early "finish"', () => {
    // 40 haircuts planned 25 minutes taking 22 to 31, and 40 beards planned 10 taking 8 to 12.
    const history = Array.from({ length: 40 }, (_, i) => [
      { serviceIds: [1], plannedMinutes: 25, actualMinutes: 22 + (i % 10) },
      { serviceIds: [2], plannedMinutes: 10, actualMinutes: 8 + (i % 5) },
    ]).flat();
    const clean = buildDurationModel(history);
    for (const outlier of [
      { serviceIds: [1], plannedMinutes: 25, actualMinutes: 7 }, // "finish" pressed early
      { serviceIds: [1], plannedMinutes: 25, actualMinutes: 180 }, // forgotten until closing
      { serviceIds: [2], plannedMinutes: 10, actualMinutes: 25 }, // far beyond this shop's spread
    ]) {
      const model = buildDurationModel([...history, outlier]);
      expect(model.outliers).toBe(1);
      expect(expectedMinutes(model, 25, [1])).toBe(expectedMinutes(clean, 25, [1]));
      expect(expectedMinutes(model, 10, [2])).toBe(expectedMinutes(clean, 10, [2]));
      expect(model.residuals).toEqual(clean.residuals);
    }
    // With little history too: one early finish among five records.
    const few = history.slice(0, 5);
    const early = buildDurationModel([
      ...few,
      { serviceIds: [1], plannedMinutes: 25, actualMinutes: 7 },
    ]);
    expect(expectedMinutes(early, 25, [1])).toBe(expectedMinutes(buildDurationModel(few), 25, [1]));
  });

  it('keeps the short and the long real durations of a service that varies a lot', () => {
    // 300 services planned 20 minutes that really take 4 minutes plus an exponential of mean 16
    // (mean 20, CV 0.8): one in eight under 6 minutes, one in a hundred over 80.
    const random = mulberry32(17);
    const history = Array.from({ length: 300 }, () => ({
      serviceIds: [1],
      plannedMinutes: 20,
      actualMinutes: 4 - 16 * Math.log(1 - random()),
    }));
    const mean = history.reduce((sum, h) => sum + h.actualMinutes, 0) / history.length;
    const model = buildDurationModel(history);
    expect(expectedMinutes(model, 20, [1])).toBeGreaterThan(mean * 0.95);
    expect(expectedMinutes(model, 20, [1])).toBeLessThan(mean * 1.05);
    // The spread keeps its tail: a service under way can still run past three times its mean.
    expect(model.residuals.at(-1)).toBeGreaterThan(3);
    expect(model.outliers).toBeLessThan(10);
  });

  it('learns per barber when the shop records who served', () => {
    const history = Array.from({ length: 100 }, (_, i) => ({
      serviceIds: [1],
      plannedMinutes: 20,
      actualMinutes: i % 2 ? 26 : 18,
      barberId: i % 2 ? 7 : 8,
    }));
    const model = buildDurationModel(history);
    expect(expectedMinutes(model, 20, [1], 7)).toBeGreaterThan(expectedMinutes(model, 20, [1]));
    expect(expectedMinutes(model, 20, [1], 8)).toBeLessThan(expectedMinutes(model, 20, [1]));
    expect(expectedMinutes(model, 20, [1], 9)).toBe(expectedMinutes(model, 20, [1]));
  });
});
