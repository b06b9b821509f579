import { describe, expect, it } from 'vitest';
import { axisMax, chartDays } from './chart';

const day = (date: string, mean: number | null, bias: number | null) => ({
  date,
  joined: 10,
  served: 8,
  no_shows: 1,
  cancelled: 1,
  mean_wait_minutes: mean,
  p90_wait_minutes: mean,
  estimate_mae_minutes: bias === null ? null : Math.abs(bias),
  estimate_bias_minutes: bias,
  estimate_median_error_minutes: null,
  estimate_inside_range_share: null,
  waits_counted: 8,
  estimates_compared: 8,
  estimates_judged: 0,
  ranges_judged: 0,
  barbers: [],
});

describe('week chart numbers', () => {
  it('derives the mean shown wait from the actual mean and the bias', () => {
    const [a, b] = chartDays([day('2026-11-20', 20, 5), day('2026-11-21', null, null)]);
    expect(a).toMatchObject({ actual: 20, shown: 15, served: 8 });
    expect(b).toMatchObject({ actual: null, shown: null });
  });

  it('rounds the axis up to a readable step', () => {
    expect(axisMax([3, null])).toBe(5);
    expect(axisMax([31])).toBe(45);
    expect(axisMax([])).toBe(5);
  });
});
