// How the simulator prints a scenario's accuracy: a small table, or one JSON object.
import type { ScenarioResult } from './run-scenario';

export function toJson(result: ScenarioResult): string {
  return JSON.stringify({
    customers: result.customers,
    jono: result.jono,
    baseline: result.baseline,
  });
}

export function toTable(result: ScenarioResult): string {
  const row = (name: string, s: ScenarioResult['jono']) =>
    `${name.padEnd(10)}${String(result.customers).padStart(10)}${fmt(s.mae)}${fmt(s.p50)}${fmt(s.p90)}`;
  return [
    `scenario ${result.scenario}: mean wait ${result.meanWaitMinutes} min, ` +
      `${result.refused} refused, ${result.noShows} no-shows, ${result.cancelled} cancelled`,
    `${'estimator'.padEnd(10)}${'customers'.padStart(10)}${'MAE'.padStart(8)}${'p50'.padStart(8)}${'p90'.padStart(8)}`,
    row('jono', result.jono),
    row('baseline', result.baseline),
    '(|shown - actual| wait in minutes)',
  ].join('\n');
}

const fmt = (x: number) => x.toFixed(1).padStart(8);
