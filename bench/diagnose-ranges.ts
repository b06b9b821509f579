// Where the shown ranges go wrong against the oracle's (decision 005, session 15): from the
// accuracy bench's saved outcomes (`bench/accuracy.ts --save=...`), per scenario and priority
// class and per wait bucket of the median shown (the groups the targets judge: 50+ customers shown
// a range), the share each range holds and its width against the oracle's on the same customers,
// for Jono's range and for the model's own p10-p90 before any calibration (rounded to the nearest
// minute, as shown); where each range misses (the wait in whole minutes below its low end, above
// its high end); and the widths at equal coverage: the oracle's range stretched or shrunk about
// its own median until it holds what Jono's does, and Jono's until it holds what the oracle's does.
// A width 1.3x the oracle's that holds 5 points more is a different miss from one that holds the
// same. `npx tsx bench/diagnose-ranges.ts /tmp/acc.json [--scenarios=a,b] [--all]` (without
// --all, only the groups whose range verdict is missed); seconds, no simulation.
import { readFileSync } from 'node:fs';
import { insideRange, rangeShown } from '@jono/queue';
import type { DayOutcome } from '@jono/queue';
import { bucketName } from '../packages/queue/src/sim/run-scenario';
import { TARGETS } from '../packages/queue/src/sim/targets';

/** The range targets of decision 005 (sim/targets.ts): points under the oracle's, width ratio. */
const GROUP_POINTS = TARGETS.coverageGroupPoints;
const BUCKET_POINTS = TARGETS.coverageBucketPoints;
const WIDTH_RATIO = TARGETS.widthRatio;
const WIDTH_JUDGED_FROM = TARGETS.widthJudgedFrom;
const GROUP_RANGED = TARGETS.groupRanged;
const BUCKET_RANGED = TARGETS.bucketRanged;

interface Range {
  low: number;
  high: number;
}

const share = (rows: readonly DayOutcome[], f: (o: DayOutcome) => boolean) =>
  rows.filter(f).length / rows.length;
const meanWidth = (ranges: readonly Range[]) =>
  ranges.reduce((a, r) => a + r.high - r.low, 0) / ranges.length;
const pct = (x: number) => `${(100 * x).toFixed(1)} %`;

/** The model's own p10-p90 as the app would show it: whole minutes, never below 0. */
const modelRange = (o: DayOutcome): Range => ({
  low: Math.max(0, Math.round(o.model.p10)),
  high: Math.round(o.model.p90),
});

/** A shown range stretched (k > 1) or shrunk about its median, in whole minutes. */
function scaled(o: { shown: number; low: number; high: number }, k: number): Range {
  return {
    low: Math.max(0, Math.round(o.shown - (o.shown - o.low) * k)),
    high: Math.round(o.shown + (o.high - o.shown) * k),
  };
}

/** The mean width of `which`'s ranges scaled to hold `target` of the customers (bisection). */
function widthAtCoverage(
  rows: readonly DayOutcome[],
  which: 'jono' | 'oracle',
  target: number,
): { coverage: number; width: number } {
  const at = (k: number) => {
    const ranges = rows.map((o) => scaled(o[which], k));
    const inside = rows.filter((o, i) => insideRange(o.actual, ranges[i] as Range)).length;
    return { coverage: inside / rows.length, width: meanWidth(ranges) };
  };
  let lo = 0.2;
  let hi = 5;
  for (let i = 0; i < 40; i++) {
    const mid = (lo + hi) / 2;
    if (at(mid).coverage < target) lo = mid;
    else hi = mid;
  }
  return at(hi);
}

function row(scenario: string, group: string, rows: readonly DayOutcome[], bucket: boolean) {
  const jono = share(rows, (o) => insideRange(o.actual, o.jono));
  const oracle = share(rows, (o) => insideRange(o.actual, o.oracle));
  const model = share(rows, (o) => insideRange(o.actual, modelRange(o)));
  const oracleWidth = meanWidth(rows.map((o) => o.oracle));
  const jonoWidth = meanWidth(rows.map((o) => o.jono));
  const below = (r: (o: DayOutcome) => Range) =>
    share(rows, (o) => Math.round(o.actual) < r(o).low);
  const above = (r: (o: DayOutcome) => Range) =>
    share(rows, (o) => Math.round(o.actual) > r(o).high);
  const oracleAtJono = widthAtCoverage(rows, 'oracle', jono);
  const jonoAtOracle = widthAtCoverage(rows, 'jono', oracle);
  const coverageMissed = jono < oracle - (bucket ? BUCKET_POINTS : GROUP_POINTS) / 100;
  const widthMissed =
    !bucket && oracle >= WIDTH_JUDGED_FROM && jonoWidth / oracleWidth > WIDTH_RATIO;
  return {
    missed: coverageMissed || widthMissed,
    cells: [
      `${scenario} ${group}${coverageMissed ? ' (coverage)' : ''}${widthMissed ? ' (width)' : ''}`,
      `${rows.length}`,
      `${pct(jono)} / ${(jonoWidth / oracleWidth).toFixed(2)}x`,
      pct(oracle),
      `${pct(model)} / ${(meanWidth(rows.map(modelRange)) / oracleWidth).toFixed(2)}x`,
      `${pct(below((o) => o.jono))} / ${pct(above((o) => o.jono))}`,
      `${pct(below((o) => o.oracle))} / ${pct(above((o) => o.oracle))}`,
      `${(jonoWidth / oracleAtJono.width).toFixed(2)}x (${pct(oracleAtJono.coverage)})`,
      `${(jonoAtOracle.width / oracleWidth).toFixed(2)}x (${pct(jonoAtOracle.coverage)})`,
    ],
  };
}

function main(argv: readonly string[]): void {
  const files = argv.filter((a) => !a.startsWith('--'));
  const only = argv
    .find((a) => a.startsWith('--scenarios='))
    ?.slice('--scenarios='.length)
    .split(',');
  const all = argv.includes('--all');
  if (files.length === 0)
    throw new Error('usage: diagnose-ranges.ts saved.json [--scenarios=a,b] [--all]');
  const header = [
    'group',
    'shown a range',
    'Jono: holds / width',
    'oracle holds',
    'model (uncalibrated): holds / width',
    'Jono misses below / above',
    'oracle misses below / above',
    'Jono / oracle at Jono’s coverage',
    'Jono at the oracle’s coverage / oracle',
  ];
  console.log(`| ${header.join(' | ')} |`);
  console.log(`| ${header.map(() => '---').join(' | ')} |`);
  for (const file of files) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Record<string, DayOutcome[]>;
    for (const [scenario, outcomes] of Object.entries(saved)) {
      if (only && !only.includes(scenario)) continue;
      const ranged = outcomes.filter((o) => rangeShown(o.jono));
      const groups: [string, DayOutcome[], boolean][] = [
        ['one-time', ranged.filter((o) => o.priority === 0), false],
        ['members', ranged.filter((o) => o.priority !== 0), false],
      ];
      const buckets = new Map<string, DayOutcome[]>();
      for (const o of ranged) {
        const b = bucketName(o.jono.shown);
        buckets.set(b, [...(buckets.get(b) ?? []), o]);
      }
      for (const [b, rows] of buckets) groups.push([b, rows, true]);
      for (const [group, rows, bucket] of groups) {
        if (rows.length < (bucket ? BUCKET_RANGED : GROUP_RANGED)) continue;
        const r = row(scenario, group, rows, bucket);
        if (all || r.missed) console.log(`| ${r.cells.join(' | ')} |`);
      }
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main(process.argv.slice(2));
