// Accuracy of the shown waits on the simulator's standard scenarios (@jono/queue's honest
// simulator: several service-time families, surges, far joiners, 1 and 8 chairs, 0 % and 70 %
// members, 20 % no-shows, barbers going off duty), Jono's estimate against the queue-length and
// priority-aware baselines and the oracle floor, per priority class and wait bucket; and the cost
// of one shop's estimate at 5, 30 and 100 waiting orders. `BENCH_ONLY=accuracy npm run bench`.
import {
  BARBER_SCENARIOS,
  DEFAULT_SAMPLES,
  estimateQueue,
  runScenario,
  STANDARD_SCENARIOS,
} from '@jono/queue';
import type { ScenarioResult } from '@jono/queue';
import { shopState } from './engine-scale';
import { parseOptions, type BenchOptions } from './lib/options';
import { interleavedMedians, round } from './lib/stats';

export interface CostPoint {
  /** Orders waiting in the shop (plus the chairs' services under way). */
  waiting: number;
  /** Median ms of one shop's estimate (estimateQueue) on one core. */
  ms: number;
}

export interface AccuracyResult {
  status: 'ok';
  /** Monte Carlo runs per estimate (Jono's and the oracle's). */
  runs: number;
  scenarios: ScenarioResult[];
  /**
   * Named barbers of different speeds with a lunch in turns (issue 30), nobody, 30 % and 70 %
   * of customers choosing a barber: `byBarber` has the first available and each chosen barber.
   */
  barbers?: ScenarioResult[];
  cost: CostPoint[];
  /** Seconds the scenarios took to simulate. */
  simulationSeconds: number;
}

/** Services under way in the cost's shop (engine-scale's shop has three chairs). */
const CHAIRS = 3;
export const COST_SIZES = [5, 30, 100];

export function estimateCost(opts: BenchOptions): CostPoint[] {
  const states = COST_SIZES.map((waiting) => shopState(waiting + CHAIRS, waiting));
  for (const state of states) for (let i = 0; i < 10; i++) estimateQueue(state);
  const medians = interleavedMedians(
    states.map((state) => () => estimateQueue(state)),
    opts.quick ? 11 : 41,
  );
  return COST_SIZES.map((waiting, i) => ({ waiting, ms: round(medians[i] ?? Number.NaN, 3) }));
}

export function runAccuracy(opts: BenchOptions): AccuracyResult {
  const t0 = Date.now();
  const scenarios = STANDARD_SCENARIOS.map((scenario) => runScenario(scenario));
  const barbers = BARBER_SCENARIOS.map((scenario) => runScenario(scenario));
  const simulationSeconds = Math.round((Date.now() - t0) / 1000);
  return {
    status: 'ok',
    runs: DEFAULT_SAMPLES,
    scenarios,
    barbers,
    cost: estimateCost(opts),
    simulationSeconds,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(runAccuracy(parseOptions(process.argv.slice(2))), null, 2));
}
