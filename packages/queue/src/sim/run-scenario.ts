// Runs a scenario: history days fill the shop's records (the estimator learns from them through
// the shared input builder, as on the server), measured days compare every wait shown at joining
// with the wait that followed, for Jono, the two baselines and the oracle floor.
import { insideRange, rangeShown } from '../accuracy';
import type { Outcome, Shown, SimHistory } from './day-types';
import { percentile } from './metrics';
import { createRandom, deriveSeed } from './random';
import type { Scenario } from './scenario';
import { serviceLaws } from './service-times';
import { opensAtOf, simulateDay } from './simulate-day';

/** Buckets of the wait shown (Jono's median), minutes: 0-15, 15-30, 30-60, 60+. */
export const REPORT_BUCKET_EDGES = [15, 30, 60] as const;

export interface ErrorSummary {
  n: number;
  /** Absolute error of the number shown, minutes. */
  mae: number;
  p50: number;
  p90: number;
  /** Mean of actual - shown (positive: waits longer than shown). */
  bias: number;
  /**
   * Of the customers shown a wait (1 minute or more) whose wait in whole minutes was not the one
   * shown, the share who waited longer (aim 0.45-0.55: no systematic over- or under-promise).
   * A customer shown 0 is left out: when a chair is free a wait of 0 is the most likely one, so
   * 0 is the right median, yet nobody can wait less.
   */
  longer: number;
  /** Share whose wait in whole minutes was the number shown. */
  exact: number;
}

export interface RangeSummary extends ErrorSummary {
  /**
   * Customers shown a range (Jono's, wider than the median); the range's figures below are over
   * them alone. A free chair is shown as "0 min" without a range (see rangeShown).
   */
  ranged: number;
  /** Share of waits inside the range shown (aim 0.75-0.85). */
  coverage: number;
  /** Share who waited longer than the upper end of the range. */
  above: number;
  /** Mean width of the range, minutes. */
  width: number;
}

export interface GroupFigures {
  group: string;
  jono: RangeSummary;
  oracle: RangeSummary;
  naive: ErrorSummary;
  aware: ErrorSummary;
}

export interface ScenarioResult extends GroupFigures {
  scenario: string;
  heldOut: boolean;
  /** Customers whose shown and actual waits were compared. */
  customers: number;
  meanWaitMinutes: number;
  refused: number;
  noShows: number;
  cancelled: number;
  byPriority: GroupFigures[];
  byBucket: GroupFigures[];
  /**
   * With named barbers: the customers who took the first available ('first available'), and
   * those who chose each barber ('barber N'), each against the oracle.
   */
  byBarber?: GroupFigures[];
}

const round2 = (x: number) => Math.round(x * 100) / 100;
const mean = (xs: readonly number[]) =>
  xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length;

export function errorSummary(rows: readonly { actual: number; shown: number }[]): ErrorSummary {
  const errors = rows.map((r) => Math.abs(r.actual - r.shown)).sort((a, b) => a - b);
  const n = rows.length;
  const told = rows.filter((r) => r.shown >= 1);
  const longer = told.filter((r) => Math.round(r.actual) > r.shown).length;
  const shorter = told.filter((r) => Math.round(r.actual) < r.shown).length;
  return {
    n,
    mae: round2(mean(errors)),
    p50: round2(percentile(errors, 50)),
    p90: round2(percentile(errors, 90)),
    bias: round2(mean(rows.map((r) => r.actual - r.shown))),
    longer: round2(longer + shorter === 0 ? 0.5 : longer / (longer + shorter)),
    exact: round2(n === 0 ? 0 : rows.filter((r) => Math.round(r.actual) === r.shown).length / n),
  };
}

type ShownRow = Shown & { actual: number };

/** The errors of every row; the range's figures over `ranged`, the rows shown a range. */
export function rangeSummary(rows: readonly ShownRow[], ranged: readonly ShownRow[]): RangeSummary {
  const n = ranged.length;
  const share = (f: (r: ShownRow) => boolean) => round2(n === 0 ? 0 : ranged.filter(f).length / n);
  return {
    ...errorSummary(rows),
    ranged: n,
    // In whole minutes, as the customer reads "20-35".
    coverage: share((r) => insideRange(r.actual, r)),
    above: share((r) => Math.round(r.actual) > r.high),
    width: round2(mean(ranged.map((r) => r.high - r.low))),
  };
}

export function groupFigures(group: string, outcomes: readonly Outcome[]): GroupFigures {
  // Both ranges are judged on the customers who saw Jono's: the same people for both.
  const ranged = outcomes.filter((o) => rangeShown(o.jono));
  const rows = (list: readonly Outcome[], of: 'jono' | 'oracle') =>
    list.map((o) => ({ ...o[of], actual: o.actual }));
  return {
    group,
    jono: rangeSummary(rows(outcomes, 'jono'), rows(ranged, 'jono')),
    oracle: rangeSummary(rows(outcomes, 'oracle'), rows(ranged, 'oracle')),
    naive: errorSummary(outcomes.map((o) => ({ shown: o.naive, actual: o.actual }))),
    aware: errorSummary(outcomes.map((o) => ({ shown: o.aware, actual: o.actual }))),
  };
}

export function bucketName(minutes: number): string {
  const edges = REPORT_BUCKET_EDGES;
  const b = edges.findIndex((e) => minutes < e);
  if (b === -1) return `${edges[edges.length - 1]}+`;
  return `${b === 0 ? 0 : edges[b - 1]}-${edges[b]}`;
}

/** Every history and measured day of a scenario; the shop's records as the server would hold them. */
export function simulateScenario(scenario: Scenario): {
  outcomes: Outcome[];
  history: SimHistory;
  days: ReturnType<typeof simulateDay>[];
} {
  const laws = serviceLaws(scenario, createRandom(scenario.seed));
  const history: SimHistory = { orders: [], estimates: [] };
  const outcomes: Outcome[] = [];
  const days: ReturnType<typeof simulateDay>[] = [];
  for (let day = 0; day < scenario.historyDays + scenario.days; day++) {
    const measure = day >= scenario.historyDays;
    const result = simulateDay(scenario, deriveSeed(scenario.seed, day), {
      history,
      measure,
      laws,
      opensAt: opensAtOf(scenario, day),
    });
    if (measure) {
      outcomes.push(...result.outcomes);
      days.push(result);
    }
  }
  return { outcomes, history, days };
}

export function runScenario(scenario: Scenario): ScenarioResult {
  const { outcomes, days } = simulateScenario(scenario);
  return scenarioResultOf(scenario, outcomes, days);
}

/** A scenario's figures from its measured days' outcomes and results. */
export function scenarioResultOf(
  scenario: Scenario,
  outcomes: readonly Outcome[],
  days: readonly ReturnType<typeof simulateDay>[],
): ScenarioResult {
  const sum = (f: (d: (typeof days)[number]) => number) => days.reduce((s, d) => s + f(d), 0);
  const served = sum((d) => d.servedCount);
  const classes = [
    { group: 'one-time', rows: outcomes.filter((o) => o.priority === 0) },
    { group: 'members', rows: outcomes.filter((o) => o.priority > 0) },
  ];
  const buckets = new Map<string, Outcome[]>();
  for (const o of outcomes) {
    const name = bucketName(o.jono.shown);
    buckets.set(name, [...(buckets.get(name) ?? []), o]);
  }
  const bucketOrder = ['0-15', '15-30', '30-60', '60+'];
  const byBarber = scenario.barbers
    ? [
        { group: 'first available', rows: outcomes.filter((o) => o.barberId == null) },
        ...scenario.barbers.map((b) => ({
          group: `barber ${b.id}`,
          rows: outcomes.filter((o) => o.barberId === b.id),
        })),
      ]
        .filter((g) => g.rows.length > 0)
        .map((g) => groupFigures(g.group, g.rows))
    : undefined;
  return {
    scenario: scenario.name,
    heldOut: scenario.heldOut === true,
    customers: outcomes.length,
    meanWaitMinutes:
      Math.round((served === 0 ? 0 : sum((d) => d.totalWaitMinutes) / served) * 10) / 10,
    refused: sum((d) => d.refused),
    noShows: sum((d) => d.noShows),
    cancelled: sum((d) => d.cancelled),
    ...groupFigures('all', outcomes),
    byPriority: classes.filter((c) => c.rows.length > 0).map((c) => groupFigures(c.group, c.rows)),
    byBucket: bucketOrder
      .filter((b) => buckets.has(b))
      .map((b) => groupFigures(b, buckets.get(b) ?? [])),
    ...(byBarber ? { byBarber } : {}),
  };
}
