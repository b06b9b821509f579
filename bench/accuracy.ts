// Accuracy of the shown waits: the simulator's standard scenarios, Jono's estimate against the
// queue-length baseline (people ahead x mean service time / chairs), in minutes of error.
import { parseOptions } from './lib/options';

export interface AccuracySummary {
  mae: number;
  p50: number;
  p90: number;
}

export interface ScenarioAccuracy {
  scenario: string;
  customers: number;
  meanWaitMinutes: number;
  jono: AccuracySummary;
  baseline: AccuracySummary;
  /** Jono's MAE / the baseline's. */
  maeRatio: number | null;
}

export interface AccuracyResult {
  status: 'ok' | 'not available';
  note?: string;
  /** Where the simulator was loaded from. */
  source?: string;
  scenarios: ScenarioAccuracy[];
}

interface Simulator {
  STANDARD_SCENARIOS: readonly { name: string }[];
  runScenario: (scenario: unknown) => {
    scenario: string;
    customers: number;
    meanWaitMinutes: number;
    jono: AccuracySummary;
    baseline: AccuracySummary;
  };
}

const isSimulator = (m: Record<string, unknown>): m is Record<string, unknown> & Simulator =>
  Array.isArray(m.STANDARD_SCENARIOS) && typeof m.runScenario === 'function';

async function loadSimulator(): Promise<{ sim: Simulator; source: string } | string> {
  // The package's entry point is where the simulator belongs; it is still being finished, so
  // this checks for it at run time instead of failing the typecheck.
  const pkg = (await import('@jono/queue')) as Record<string, unknown>;
  if (isSimulator(pkg)) return { sim: pkg, source: '@jono/queue' };
  // Until it is exported, read the simulator's own modules (paths held in variables so that the
  // typecheck does not depend on files in progress).
  const dir = new URL('../packages/queue/src/sim/', import.meta.url);
  try {
    const scenarioFile = new URL('scenario.ts', dir).href;
    const runFile = new URL('run-scenario.ts', dir).href;
    const [scenario, run] = (await Promise.all([import(scenarioFile), import(runFile)])) as [
      Record<string, unknown>,
      Record<string, unknown>,
    ];
    const sim = { ...scenario, ...run };
    if (isSimulator(sim)) {
      return { sim, source: 'packages/queue/src/sim (not yet exported from @jono/queue)' };
    }
  } catch {
    // Not there either.
  }
  return '@jono/queue does not export STANDARD_SCENARIOS and runScenario yet';
}

export async function runAccuracy(): Promise<AccuracyResult> {
  const loaded = await loadSimulator();
  if (typeof loaded === 'string') return { status: 'not available', note: loaded, scenarios: [] };
  const scenarios = loaded.sim.STANDARD_SCENARIOS.map((scenario) => {
    const r = loaded.sim.runScenario(scenario);
    return {
      scenario: r.scenario,
      customers: r.customers,
      meanWaitMinutes: r.meanWaitMinutes,
      jono: r.jono,
      baseline: r.baseline,
      maeRatio: r.baseline.mae > 0 ? Math.round((r.jono.mae / r.baseline.mae) * 100) / 100 : null,
    };
  });
  return { status: 'ok', source: loaded.source, scenarios };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  parseOptions(process.argv.slice(2));
  console.log(JSON.stringify(await runAccuracy(), null, 2));
}
