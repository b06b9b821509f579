// Accuracy of the shown waits on the simulator's measured set (the standard scenarios and those
// of the classes an independent audit used: other service-time families, a lunch break, bus-loads
// of walk-ins, long travel with no-shows, forgotten finishes, a quiet Sunday, and issue 30's named
// barbers of different speeds with a lunch in turns; planned changes of the chairs, a lunch or a
// barber going home, are told to the engine as the server tells it the barbers' shifts): every
// target of docs/decisions/005 (issue 31) per scenario and priority, against the oracle floor on
// the same customers, with 90 % intervals from resampling whole days and a verdict each; a line
// per baseline (queue length, priority-aware queue length); and the costs of issue 31: one shop's
// estimate at 5, 30 and 100 waiting orders, and building a shop's inputs at its largest history.
// `BENCH_ONLY=accuracy npm run bench`; a smaller run while developing: `ACCURACY_DAYS=7
// ACCURACY_SCENARIOS=quiet-weekday,lunch-break` (or the flags `--days=7 --scenarios=...` running
// this file alone with tsx); the costs alone: `npx tsx bench/accuracy.ts --cost`.
import { readFileSync, writeFileSync } from 'node:fs';
import {
  BARBER_SCENARIOS,
  busiestHistory,
  DEFAULT_SAMPLES,
  figuresOf,
  formatVerdicts,
  judgeTargets,
  MEASURED_SCENARIOS,
} from '@jono/queue';
import type { DayOutcome, Figures, ScenarioResult, ShopQueueState, Verdict } from '@jono/queue';
import { shopState } from './engine-scale';
import { bundledQueue } from './lib/bundled-queue';
import { parseOptions, type BenchOptions } from './lib/options';
import { interleavedMedians, round } from './lib/stats';

export interface CostPoint {
  /** Orders waiting in the shop (plus the chairs' services under way). */
  waiting: number;
  /** Median ms of one shop's estimate (estimateQueue) on one core, its chairs counted. */
  ms: number;
  /** The same with named barbers at its chairs (withBarbers), as the chain's shops run it. */
  barbersMs?: number;
}

/** A scenario's figures for the targets (ratios to the oracle, shares, baselines). */
export interface ScenarioFigures extends Figures {
  scenario: string;
}

export interface AccuracyResult {
  status: 'ok';
  /** Monte Carlo runs per estimate (Jono's and the oracle's). */
  runs: number;
  /** Measured days per scenario (after its history days). */
  days: number;
  /** Per scenario, priority class and wait bucket, as the simulator's CLI reports them. */
  scenarios: ScenarioResult[];
  /** The targets' figures per scenario (pooled over its priorities). */
  figures: ScenarioFigures[];
  verdicts: Verdict[];
  /** The verdicts as Markdown, for docs/benchmarks.md. */
  report: string;
  /**
   * Named barbers of different speeds with a lunch in turns (issue 30), nobody, 30 % and 70 %
   * of customers choosing a barber: `byBarber` has the first available and each chosen barber.
   */
  barbers?: ScenarioResult[];
  cost: CostPoint[];
  /** Median CPU ms of building a shop's inputs at its largest history (warm, one core). */
  inputsMs: number;
  /** Seconds the scenarios took to simulate. */
  simulationSeconds: number;
}

/** Services under way in the cost's shop (engine-scale's shop has three chairs). */
const CHAIRS = 3;
export const COST_SIZES = [5, 30, 100];
/** Measured days per scenario: the targets ask for at least 28. */
export const DEFAULT_DAYS = 28;

/**
 * The cost's shop with named barbers (issue 30), as the chain's shops have them: one at each busy
 * chair, on duty all day, a third of those waiting having chosen one. The engine then runs its
 * path of barbers and their shifts, which costs more than counting chairs.
 */
export function withBarbers(state: ShopQueueState): ShopQueueState {
  const ids = Array.from({ length: CHAIRS }, (_, b) => b + 1);
  const HOUR = 3_600_000;
  let seated = 0;
  return {
    ...state,
    barbers: ids.map((id) => ({
      id,
      shifts: [{ from: state.now - HOUR, to: state.now + 10 * HOUR }],
    })),
    orders: state.orders.map((o, i) =>
      o.status === 'in_service'
        ? { ...o, barberId: ids[seated++ % CHAIRS] }
        : i % 3 === 0
          ? { ...o, wantsBarberId: ids[i % CHAIRS] }
          : o,
    ),
  };
}

/**
 * One shop's estimate at COST_SIZES waiting, the engine as shipped (lib/bundled-queue.ts), its
 * chairs counted and with named barbers, measured in interleaved rounds.
 */
export async function estimateCost(opts: BenchOptions): Promise<CostPoint[]> {
  const { estimateQueue } = await bundledQueue();
  const chairs = COST_SIZES.map((waiting) => shopState(waiting + CHAIRS, waiting));
  const states = [...chairs, ...chairs.map(withBarbers)];
  for (const state of states) for (let i = 0; i < 10; i++) estimateQueue(state);
  const medians = interleavedMedians(
    states.map((state) => () => estimateQueue(state)),
    opts.quick ? 11 : 41,
  );
  return COST_SIZES.map((waiting, i) => ({
    waiting,
    ms: round(medians[i] ?? Number.NaN, 3),
    barbersMs: round(medians[i + COST_SIZES.length] ?? Number.NaN, 3),
  }));
}

/** When the busiest history is timed (its days run back from here). */
const INPUTS_NOW = Date.UTC(2026, 0, 20, 12, 0);

/**
 * Median CPU milliseconds of building one shop's inputs (buildShopInputs) from the largest history
 * a shop keeps (busiestHistory: 28 days of 400 orders, 84,000 estimates), warm: the server keeps a
 * shop's inputs for 10 minutes and builds them again from the same rows. CPU time, so that other
 * processes on the shared cores do not count; the first three builds (JIT) are not counted. The engine
 * as shipped (lib/bundled-queue.ts).
 */
export async function inputsCost(opts: BenchOptions): Promise<number> {
  const { buildShopInputs } = await bundledQueue();
  const history = busiestHistory(INPUTS_NOW);
  for (let i = 0; i < 3; i++) buildShopInputs(history, INPUTS_NOW, 'Europe/Helsinki');
  const runs = opts.quick ? 3 : 9;
  const costs = Array.from({ length: runs }, () => {
    const before = process.cpuUsage();
    buildShopInputs(history, INPUTS_NOW, 'Europe/Helsinki');
    const used = process.cpuUsage(before);
    return (used.user + used.system) / 1000;
  }).sort((a, b) => a - b);
  return round(costs[Math.floor(runs / 2)] ?? Number.NaN, 1);
}

/** `--days=N` and `--scenarios=a,b` (or ACCURACY_DAYS, ACCURACY_SCENARIOS). */
export function accuracySize(argv: readonly string[]): { days: number; names: string[] } {
  const flag = (name: string) =>
    argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ??
    process.env[`ACCURACY_${name.toUpperCase()}`];
  const days = Number(flag('days') ?? DEFAULT_DAYS);
  const names = (flag('scenarios') ?? '').split(',').filter(Boolean);
  if (!Number.isInteger(days) || days < 1) throw new Error(`--days must be a whole number >= 1`);
  const unknown = names.filter((n) => !MEASURED_SCENARIOS.some((s) => s.name === n));
  if (unknown.length > 0) throw new Error(`unknown scenarios: ${unknown.join(', ')}`);
  return { days, names };
}

export async function runAccuracy(
  opts: BenchOptions,
  argv: readonly string[] = [],
): Promise<AccuracyResult> {
  const { days, names } = accuracySize(argv);
  const chosen = MEASURED_SCENARIOS.filter((s) => names.length === 0 || names.includes(s.name));
  // The costs first, on a young heap: after the simulation's days (or the estimates' garbage) the
  // same build of a shop's inputs took 150-180 ms of CPU instead of 125-140, in collections of
  // garbage it did not make.
  const inputsMs = await inputsCost(opts);
  const cost = await estimateCost(opts);
  // The days simulated by the engine as shipped: the same outcomes, in 70 % of tsx's time.
  const engine = await bundledQueue();
  const t0 = Date.now();
  const byScenario = new Map<string, DayOutcome[]>();
  const scenarios: ScenarioResult[] = [];
  for (const scenario of chosen) {
    const measured = engine.measureDays({ ...scenario, days });
    byScenario.set(scenario.name, measured.outcomes);
    scenarios.push(measured.result);
  }
  const simulationSeconds = Math.round((Date.now() - t0) / 1000);
  const verdicts = judgeTargets(byScenario);
  return {
    status: 'ok',
    runs: DEFAULT_SAMPLES,
    days,
    scenarios,
    figures: [...byScenario].map(([scenario, rows]) => ({ scenario, ...figuresOf(rows) })),
    verdicts,
    report: formatVerdicts(verdicts),
    barbers: scenarios.filter((r) => BARBER_SCENARIOS.some((b) => b.name === r.scenario)),
    cost,
    inputsMs,
    simulationSeconds,
  };
}

/**
 * Runs alone: `--save=file.json` keeps each scenario's outcomes as it finishes (runs of a few
 * scenarios each can share the machine's cores), `--load=a.json,b.json` judges saved ones
 * together; `--markdown` prints the verdicts' table.
 */
async function main(argv: readonly string[]): Promise<void> {
  const flag = (name: string) =>
    argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  if (argv.includes('--cost')) {
    const opts = parseOptions(argv);
    const inputsMs = await inputsCost(opts);
    console.log(JSON.stringify({ cost: await estimateCost(opts), inputsMs }, null, 2));
    return;
  }
  const load = flag('load');
  if (load) {
    const byScenario = new Map<string, DayOutcome[]>();
    for (const file of load.split(',')) {
      const saved = JSON.parse(readFileSync(file, 'utf8')) as Record<string, DayOutcome[]>;
      for (const [name, rows] of Object.entries(saved)) byScenario.set(name, rows);
    }
    const verdicts = judgeTargets(byScenario);
    const figures = [...byScenario].map(([scenario, rows]) => ({ scenario, ...figuresOf(rows) }));
    if (argv.includes('--markdown')) console.log(formatVerdicts(verdicts));
    else console.log(JSON.stringify({ figures, verdicts }, null, 2));
    return;
  }
  const save = flag('save');
  if (save) {
    const { days, names } = accuracySize(argv);
    const saved: Record<string, DayOutcome[]> = {};
    const engine = await bundledQueue();
    for (const scenario of MEASURED_SCENARIOS) {
      if (names.length > 0 && !names.includes(scenario.name)) continue;
      saved[scenario.name] = engine.measureDays({ ...scenario, days }).outcomes;
      writeFileSync(save, JSON.stringify(saved));
    }
    return;
  }
  const result = await runAccuracy(parseOptions(argv), argv);
  if (argv.includes('--markdown')) console.log(result.report);
  else console.log(JSON.stringify(result, null, 2));
}

if (import.meta.url === `file://${process.argv[1]}`) await main(process.argv.slice(2));
