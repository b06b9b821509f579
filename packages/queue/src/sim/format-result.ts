// How the simulator prints a scenario's accuracy: a small table, or one JSON object.
import type { ErrorSummary, RangeSummary, ScenarioResult } from './run-scenario';

export function toJson(result: ScenarioResult): string {
  return JSON.stringify({
    customers: result.customers,
    jono: result.jono,
    oracle: result.oracle,
    naive: result.naive,
    aware: result.aware,
  });
}

const fmt = (x: number) => x.toFixed(1).padStart(8);
const pct = (x: number) => `${Math.round(x * 100)} %`.padStart(9);

export function toTable(result: ScenarioResult): string {
  const row = (name: string, s: ErrorSummary, r?: RangeSummary) =>
    `${name.padEnd(16)}${fmt(s.mae)}${fmt(s.p50)}${fmt(s.p90)}${pct(s.longer)}` +
    (r ? `${pct(r.coverage)}${pct(r.above)}${fmt(r.width)}` : '');
  return [
    `scenario ${result.scenario}: ${result.customers} customers, mean wait ${result.meanWaitMinutes} min, ` +
      `${result.refused} refused, ${result.noShows} no-shows, ${result.cancelled} cancelled`,
    `${'estimator'.padEnd(16)}${'MAE'.padStart(8)}${'p50'.padStart(8)}${'p90'.padStart(8)}` +
      `${'longer'.padStart(9)}${'inside'.padStart(9)}${'above'.padStart(9)}${'width'.padStart(8)}`,
    row('jono', result.jono, result.jono),
    row('oracle', result.oracle, result.oracle),
    row('queue length', result.naive),
    row('priority-aware', result.aware),
    '(|shown - actual| wait in minutes; longer: waited longer than shown; inside/above: the 80 % range, of the customers shown one)',
  ].join('\n');
}
