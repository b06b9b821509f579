import { describe, expect, it } from 'vitest';
import { buildDurationModel, expectedMinutes } from './duration-model';

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
    const model = buildDurationModel(served([1], 10, 200, 500));
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

  it('measures the spread of real durations once there are enough', () => {
    const history = [...served([1], 20, 16, 50), ...served([1], 20, 24, 50)];
    const model = buildDurationModel(history);
    expect(model.logSd).toBeGreaterThan(0.15);
    expect(model.logSd).toBeLessThan(0.25);
    expect(buildDurationModel(history.slice(0, 5)).logSd).toBeNull();
  });
});
