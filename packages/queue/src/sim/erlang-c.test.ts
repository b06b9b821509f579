import { describe, expect, it } from 'vitest';
import { erlangC, erlangCMeanWait, mmcScenario } from './erlang-c';
import { simulateDay } from './simulate-day';

describe('erlangC', () => {
  it('matches known values', () => {
    expect(erlangC(1, 0.5)).toBeCloseTo(0.5, 10);
    expect(erlangC(2, 1)).toBeCloseTo(1 / 3, 10);
    expect(erlangCMeanWait(1, 0.9, 10)).toBeCloseTo(90, 10);
  });
});

describe('the simulator against Erlang C', () => {
  // Near saturation the mean wait of one long run is very noisy (long busy periods): at 0.9 the
  // standard error with 400 000 customers is still about 2.5 %, hence more customers there.
  const customers: Record<string, number> = { '0.5': 100_000, '0.7': 150_000, '0.9': 400_000 };
  const cases = [1, 2, 3, 4].flatMap((c) => [0.5, 0.7, 0.9].map((rho) => [c, rho] as const));

  it.each(cases)(
    'M/M/%i at utilisation %f: mean wait within 5 %',
    (c, rho) => {
      const scenario = mmcScenario(c, rho, 10, customers[String(rho)] ?? 0, 1);
      const day = simulateDay(scenario, scenario.seed, { measure: false });
      const simulated = day.totalWaitMinutes / day.servedCount;
      const expected = erlangCMeanWait(c, rho, 10);
      expect(Math.abs(simulated / expected - 1)).toBeLessThan(0.05);
    },
    30_000,
  );
});
