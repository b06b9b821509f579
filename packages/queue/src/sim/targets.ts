// Issue 31's targets (docs/decisions/005), judged against the oracle on the same customers, per
// scenario and priority class, with 90 % intervals from resampling whole measured days (a day's
// customers share its surges and its queue: they are not independent). Each target gets a
// verdict; the baselines (queue length, priority-aware queue length) get a line of their own.
import { insideRange, rangeShown } from '../accuracy';
import type { Outcome } from './day-types';
import { percentile } from './metrics';
import { createRandom, deriveSeed, mulberry32 } from './random';
import { bucketName, scenarioResultOf } from './run-scenario';
import type { ScenarioResult } from './run-scenario';
import type { Scenario } from './scenario';
import { serviceLaws } from './service-times';
import { opensAtOf, simulateDay } from './simulate-day';
import type { DayResult, SimHistory } from './day-types';

export const TARGETS = {
  pooledMae: 1.05,
  pooledP90: 1.08,
  groupMae: 1.1,
  groupP90: 1.15,
  groupUpper: 1.2,
  longerPooledPoints: 3,
  longerScenarioPoints: 6,
  over5Points: 2,
  over10Points: 1,
  coverageGroupPoints: 3,
  coverageBucketPoints: 6,
  coveragePooled: 0.75,
  coverageFloor: 0.7,
  widthRatio: 1.15,
  /** The width is judged where the oracle covers at least this share. */
  widthJudgedFrom: 0.75,
  naiveRatio: 0.6,
  awareRatio: 0.8,
  /** Customers shown a range a group needs to be judged on coverage; a bucket. */
  groupRanged: 100,
  bucketRanged: 50,
} as const;

/** Resamples of the measured days for the intervals. */
export const RESAMPLES = 400;

export interface DayOutcome extends Outcome {
  day: number;
}

/**
 * Every measured day's outcomes, tagged with the day (history days first fill the records), and
 * the scenario's figures of run-scenario.ts from the same days.
 */
export function measureDays(scenario: Scenario): {
  outcomes: DayOutcome[];
  result: ScenarioResult;
} {
  const laws = serviceLaws(scenario, createRandom(scenario.seed));
  const history: SimHistory = { orders: [], estimates: [] };
  const out: DayOutcome[] = [];
  const results: DayResult[] = [];
  for (let day = 0; day < scenario.historyDays + scenario.days; day++) {
    const measure = day >= scenario.historyDays;
    const result = simulateDay(scenario, deriveSeed(scenario.seed, day), {
      history,
      measure,
      laws,
      opensAt: opensAtOf(scenario, day),
    });
    if (!measure) continue;
    results.push(result);
    for (const o of result.outcomes) out.push({ ...o, day });
  }
  return { outcomes: out, result: scenarioResultOf(scenario, out, results) };
}

const mean = (xs: readonly number[]) =>
  xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length;
const errorsOf = (rows: readonly DayOutcome[], shown: (o: DayOutcome) => number) =>
  rows.map((o) => Math.abs(o.actual - shown(o))).sort((a, b) => a - b);
const share = (rows: readonly DayOutcome[], f: (o: DayOutcome) => boolean) =>
  rows.length === 0 ? 0 : rows.filter(f).length / rows.length;

/** The figures of one set of customers; ratios are Jono / the oracle (or / a baseline). */
export interface Figures {
  n: number;
  ranged: number;
  mae: number;
  oracleMae: number;
  maeRatio: number;
  p90Ratio: number;
  /** Shares waiting longer than the unrounded median shown (Jono, oracle). */
  longer: number;
  oracleLonger: number;
  /** Shares waiting more than 5 and 10 minutes longer than shown. */
  over5: number;
  oracleOver5: number;
  over10: number;
  oracleOver10: number;
  /** Of customers shown a range (Jono's), the share inside it, in whole minutes. */
  coverage: number;
  oracleCoverage: number;
  widthRatio: number;
  naiveRatio: number;
  awareRatio: number;
}

export function figuresOf(rows: readonly DayOutcome[]): Figures {
  const jono = errorsOf(rows, (o) => o.jono.shown);
  const oracle = errorsOf(rows, (o) => o.oracle.shown);
  const ranged = rows.filter((o) => rangeShown(o.jono));
  const ratio = (a: number, b: number) => (b === 0 ? (a === 0 ? 1 : Infinity) : a / b);
  const mae = mean(jono);
  const oracleMae = mean(oracle);
  return {
    n: rows.length,
    ranged: ranged.length,
    mae,
    oracleMae,
    maeRatio: ratio(mae, oracleMae),
    p90Ratio: ratio(percentile(jono, 90), percentile(oracle, 90)),
    longer: share(rows, (o) => o.actual > o.jonoMedian),
    oracleLonger: share(rows, (o) => o.actual > o.oracleMedian),
    over5: share(rows, (o) => o.actual - o.jono.shown > 5),
    oracleOver5: share(rows, (o) => o.actual - o.oracle.shown > 5),
    over10: share(rows, (o) => o.actual - o.jono.shown > 10),
    oracleOver10: share(rows, (o) => o.actual - o.oracle.shown > 10),
    coverage: share(ranged, (o) => insideRange(o.actual, o.jono)),
    oracleCoverage: share(ranged, (o) => insideRange(o.actual, o.oracle)),
    widthRatio: ratio(
      mean(ranged.map((o) => o.jono.high - o.jono.low)),
      mean(ranged.map((o) => o.oracle.high - o.oracle.low)),
    ),
    naiveRatio: ratio(mae, mean(errorsOf(rows, (o) => o.naive))),
    awareRatio: ratio(mae, mean(errorsOf(rows, (o) => o.aware))),
  };
}

/** A figure with its 90 % interval from resampling whole days. */
export interface Interval {
  value: number;
  low: number;
  high: number;
}

/**
 * 90 % percentile-bootstrap intervals of `pick(figures)` over resamples of the days (with
 * replacement), seeded: the same outcomes give the same intervals.
 */
export function dayIntervals(
  rows: readonly DayOutcome[],
  picks: Record<string, (f: Figures) => number>,
  resamples = RESAMPLES,
): Record<string, Interval> {
  const byDay = new Map<number, DayOutcome[]>();
  for (const o of rows) byDay.set(o.day, [...(byDay.get(o.day) ?? []), o]);
  const days = [...byDay.values()];
  const point = figuresOf(rows);
  const samples: Record<string, number[]> = {};
  for (const k of Object.keys(picks)) samples[k] = [];
  const random = mulberry32(0x5eed + rows.length);
  for (let b = 0; b < resamples && days.length > 1; b++) {
    const drawn: DayOutcome[] = [];
    for (let d = 0; d < days.length; d++) {
      drawn.push(...(days[Math.floor(random() * days.length)] as DayOutcome[]));
    }
    const f = figuresOf(drawn);
    for (const [k, pick] of Object.entries(picks)) {
      const v = pick(f);
      if (Number.isFinite(v)) samples[k]?.push(v);
    }
  }
  const out: Record<string, Interval> = {};
  for (const [k, pick] of Object.entries(picks)) {
    const s = (samples[k] ?? []).sort((a, b) => a - b);
    const value = pick(point);
    out[k] = {
      value,
      low: s.length > 0 ? percentile(s, 5) : value,
      high: s.length > 0 ? percentile(s, 95) : value,
    };
  }
  return out;
}

export interface Verdict {
  target: string;
  group: string;
  /** What was measured, as shown in the report ("1.04x (0.98-1.11)"). */
  measured: string;
  goal: string;
  met: boolean;
}

const x = (i: Interval) => `${i.value.toFixed(2)}x (${i.low.toFixed(2)}-${i.high.toFixed(2)})`;
const pct = (v: number) => `${(v * 100).toFixed(1)} %`;
const pts = (v: number) => `${v >= 0 ? '+' : ''}${(v * 100).toFixed(1)} pts`;

const groupsOf = (rows: readonly DayOutcome[]) => [
  { group: 'one-time', rows: rows.filter((o) => o.priority === 0) },
  { group: 'members', rows: rows.filter((o) => o.priority > 0) },
];

/** Every verdict of the targets over scenarios' outcomes (by scenario name). */
export function judgeTargets(byScenario: ReadonlyMap<string, readonly DayOutcome[]>): Verdict[] {
  const verdicts: Verdict[] = [];
  const T = TARGETS;
  // Pooled: every scenario's customers together (days of different scenarios are distinct).
  const pooledRows: DayOutcome[] = [];
  let offset = 0;
  for (const rows of byScenario.values()) {
    pooledRows.push(...rows.map((o) => ({ ...o, day: o.day + offset })));
    offset += 10_000;
  }
  const pooled = dayIntervals(pooledRows, {
    mae: (f) => f.maeRatio,
    p90: (f) => f.p90Ratio,
  });
  const pf = figuresOf(pooledRows);
  verdicts.push(
    {
      target: '1 median: MAE',
      group: 'pooled',
      measured: x(pooled.mae as Interval),
      goal: `<= ${T.pooledMae}x`,
      met: (pooled.mae as Interval).value <= T.pooledMae,
    },
    {
      target: '1 median: p90',
      group: 'pooled',
      measured: x(pooled.p90 as Interval),
      goal: `<= ${T.pooledP90}x`,
      met: (pooled.p90 as Interval).value <= T.pooledP90,
    },
    {
      target: '2 longer than the unrounded median',
      group: 'pooled',
      measured: `${pct(pf.longer)} (oracle ${pct(pf.oracleLonger)})`,
      goal: `within ${T.longerPooledPoints} pts`,
      met: Math.abs(pf.longer - pf.oracleLonger) <= T.longerPooledPoints / 100,
    },
    {
      target: '3 range: coverage',
      group: 'pooled',
      measured: `${pct(pf.coverage)} of ${pf.ranged} (oracle ${pct(pf.oracleCoverage)})`,
      goal: `>= ${pct(T.coveragePooled)}`,
      met: pf.coverage >= T.coveragePooled,
    },
  );
  for (const [scenario, rows] of byScenario) {
    const sf = figuresOf(rows);
    verdicts.push(
      {
        target: '2 longer than the unrounded median',
        group: scenario,
        measured: `${pct(sf.longer)} (oracle ${pct(sf.oracleLonger)})`,
        goal: `within ${T.longerScenarioPoints} pts`,
        met: Math.abs(sf.longer - sf.oracleLonger) <= T.longerScenarioPoints / 100,
      },
      {
        target: '2 over 5 min longer than shown',
        group: scenario,
        measured: `${pct(sf.over5)} (oracle ${pct(sf.oracleOver5)})`,
        goal: `<= oracle + ${T.over5Points} pts`,
        met: sf.over5 - sf.oracleOver5 <= T.over5Points / 100,
      },
      {
        target: '2 over 10 min longer than shown',
        group: scenario,
        measured: `${pct(sf.over10)} (oracle ${pct(sf.oracleOver10)})`,
        goal: `<= oracle + ${T.over10Points} pts`,
        met: sf.over10 - sf.oracleOver10 <= T.over10Points / 100,
      },
      {
        target: '4 baseline: queue length',
        group: scenario,
        measured: `${sf.naiveRatio.toFixed(2)}x`,
        goal: `<= ${T.naiveRatio}x`,
        met: sf.naiveRatio <= T.naiveRatio,
      },
      {
        target: '4 baseline: priority-aware queue length',
        group: scenario,
        measured: `${sf.awareRatio.toFixed(2)}x`,
        goal: `<= ${T.awareRatio}x`,
        met: sf.awareRatio <= T.awareRatio,
      },
    );
    for (const { group, rows: mine } of groupsOf(rows)) {
      if (mine.length === 0) continue;
      const name = `${scenario} ${group}`;
      const iv = dayIntervals(mine, { mae: (f) => f.maeRatio, p90: (f) => f.p90Ratio });
      const mae = iv.mae as Interval;
      const p90 = iv.p90 as Interval;
      verdicts.push(
        {
          target: '1 median: MAE',
          group: name,
          measured: x(mae),
          goal: `<= ${T.groupMae}x, upper <= ${T.groupUpper}x`,
          met: mae.value <= T.groupMae && mae.high <= T.groupUpper,
        },
        {
          target: '1 median: p90',
          group: name,
          measured: x(p90),
          goal: `<= ${T.groupP90}x, upper <= ${T.groupUpper}x`,
          met: p90.value <= T.groupP90 && p90.high <= T.groupUpper,
        },
      );
      const f = figuresOf(mine);
      if (f.ranged >= T.groupRanged) {
        verdicts.push(
          {
            target: '3 range: coverage',
            group: name,
            measured: `${pct(f.coverage)} of ${f.ranged} (oracle ${pct(f.oracleCoverage)}, ${pts(f.coverage - f.oracleCoverage)})`,
            goal: `>= oracle - ${T.coverageGroupPoints} pts, >= ${pct(T.coverageFloor)}`,
            met:
              f.coverage >= f.oracleCoverage - T.coverageGroupPoints / 100 &&
              f.coverage >= T.coverageFloor,
          },
          ...(f.oracleCoverage >= T.widthJudgedFrom
            ? [
                {
                  target: '3 range: width',
                  group: name,
                  measured: `${f.widthRatio.toFixed(2)}x`,
                  goal: `<= ${T.widthRatio}x (oracle covers ${pct(f.oracleCoverage)})`,
                  met: f.widthRatio <= T.widthRatio,
                },
              ]
            : []),
        );
      }
    }
    const buckets = new Map<string, DayOutcome[]>();
    for (const o of rows) {
      const b = bucketName(o.jono.shown);
      buckets.set(b, [...(buckets.get(b) ?? []), o]);
    }
    for (const [bucket, mine] of buckets) {
      const f = figuresOf(mine);
      if (f.ranged < T.bucketRanged) continue;
      verdicts.push({
        target: '3 range: coverage per wait bucket',
        group: `${scenario} ${bucket}`,
        measured: `${pct(f.coverage)} of ${f.ranged} (oracle ${pct(f.oracleCoverage)}, ${pts(f.coverage - f.oracleCoverage)})`,
        goal: `>= oracle - ${T.coverageBucketPoints} pts`,
        met: f.coverage >= f.oracleCoverage - T.coverageBucketPoints / 100,
      });
    }
  }
  return verdicts;
}

/** The verdicts as a Markdown table, the misses counted first. */
export function formatVerdicts(verdicts: readonly Verdict[]): string {
  const missed = verdicts.filter((v) => !v.met).length;
  const lines = [
    `${verdicts.length - missed} of ${verdicts.length} met, ${missed} missed.`,
    '',
    '| target | group | measured | goal | verdict |',
    '| --- | --- | --- | --- | --- |',
    ...verdicts.map(
      (v) =>
        `| ${v.target} | ${v.group} | ${v.measured} | ${v.goal} | ${v.met ? 'met' : 'MISSED'} |`,
    ),
  ];
  return lines.join('\n');
}
