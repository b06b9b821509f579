// Runs a scenario: earlier days build the duration model, measured days compare every shown
// wait with the wait that followed.
import { buildDurationModel } from '../duration-model';
import type { ServedOrder } from '../duration-model';
import { meanOrderMinutes } from './customers';
import { summarizeErrors } from './metrics';
import type { AccuracySummary } from './metrics';
import { deriveSeed } from './random';
import type { Scenario } from './scenario';
import { simulateDay } from './simulate-day';
import type { CustomerRecord } from './simulate-day';

export interface ScenarioResult {
  scenario: string;
  /** Served customers whose shown and actual waits were compared. */
  customers: number;
  jono: AccuracySummary;
  baseline: AccuracySummary;
  meanWaitMinutes: number;
  refused: number;
  noShows: number;
  cancelled: number;
}

export function runScenario(scenario: Scenario): ScenarioResult {
  const history: ServedOrder[] = [];
  const records: CustomerRecord[] = [];
  for (let day = 0; day < scenario.historyDays + scenario.days; day++) {
    const measure = day >= scenario.historyDays;
    const durationModel = buildDurationModel(history);
    const meanServiceMinutes =
      history.length > 0
        ? history.reduce((sum, h) => sum + h.actualMinutes, 0) / history.length
        : meanOrderMinutes(scenario);
    const result = simulateDay(scenario, deriveSeed(scenario.seed, day), {
      durationModel,
      meanServiceMinutes,
      measure,
      keepRecords: true,
    });
    history.push(...result.served);
    if (measure) records.push(...result.records);
  }
  // Everyone whose turn came counts, including no-shows who were called.
  const served = records.filter((r) => r.actualWait !== null);
  const errors = (shown: (r: CustomerRecord) => number | null) =>
    served.flatMap((r) => {
      const s = shown(r);
      return s === null || r.actualWait === null ? [] : [Math.abs(s - r.actualWait)];
    });
  const count = (outcome: CustomerRecord['outcome']) =>
    records.filter((r) => r.outcome === outcome).length;
  const waits = served.map((r) => r.actualWait ?? 0);
  return {
    scenario: scenario.name,
    customers: served.length,
    jono: summarizeErrors(errors((r) => r.shownJono)),
    baseline: summarizeErrors(errors((r) => r.shownBaseline)),
    meanWaitMinutes: Math.round((waits.reduce((a, b) => a + b, 0) / (waits.length || 1)) * 10) / 10,
    refused: count('refused'),
    noShows: count('no_show'),
    cancelled: count('cancelled'),
  };
}
