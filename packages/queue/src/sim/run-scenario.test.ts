import { describe, expect, it } from 'vitest';
import { runScenario } from './run-scenario';
import { DEFAULT_SCENARIO, STANDARD_SCENARIOS } from './scenario';

describe('runScenario', () => {
  it('is reproducible from its seed', () => {
    const small = { ...DEFAULT_SCENARIO, historyDays: 2, days: 2 };
    expect(runScenario(small)).toEqual(runScenario(small));
    expect(runScenario({ ...small, seed: 2 })).not.toEqual(runScenario(small));
    // Four short scenario runs with a Monte Carlo per join: over 5 s on busy shared cores.
  }, 30_000);

  // The target; the p90 target of 5 minutes is not reached (see docs/queue.md).
  it.each(STANDARD_SCENARIOS)(
    '$name: Jono errs at most 60 % as much as the baseline',
    (scenario) => {
      const result = runScenario(scenario);
      expect(result.customers).toBeGreaterThan(300);
      expect(result.jono.mae).toBeLessThanOrEqual(0.6 * result.baseline.mae);
      expect(result.jono.p90).toBeLessThan(result.baseline.p90);
    },
    30_000,
  );
});
