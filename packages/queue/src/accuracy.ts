// How honest the shown waits were: per priority and wait bucket, the errors of the median shown,
// the share of customers who waited longer than shown, and the share of waits inside the range.
// The same figures for stored records (`npm run accuracy`) and simulated days (the bench).
import { bucketOf, WAIT_BUCKET_EDGES } from './calibration';
import { percentile } from './sim/metrics';

export interface ShownOutcome {
  priority: number;
  /** What was shown (minutes): the median and the range. */
  shown: number;
  low: number;
  high: number;
  /** The wait that followed (minutes). */
  actual: number;
}

export interface AccuracyRow {
  /** "all", or a priority; and a bucket label such as "5-15" or "all". */
  priority: string;
  bucket: string;
  n: number;
  mae: number;
  p50: number;
  p90: number;
  /** Share who waited longer than the median shown (aim: 0.45-0.55). */
  longer: number;
  /** Customers who were shown a range (not a single number). */
  ranged: number;
  /** Of them, the share inside the range (aim: 0.75-0.85 for the 80 % range); null if none. */
  inside: number | null;
  /** Mean width of the ranges shown (minutes); 0 if none. */
  width: number;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/** A wait lies in a shown range as the customer reads it: in whole minutes ("20-35"). */
/**
 * Whether a range is shown at all: the apps show one only when it is wider than the median
 * itself (QueueTimer). A free chair is "0 min" with no range; its wait of 0 cannot miss, so
 * counting it as a range that held would only inflate the share (most of a quiet day's
 * customers). Coverage is judged on the ranges customers saw.
 */
export function rangeShown(range: { low: number; high: number }): boolean {
  return range.low < range.high;
}

export function insideRange(actual: number, range: { low: number; high: number }): boolean {
  const minutes = Math.round(actual);
  return minutes >= range.low && minutes <= range.high;
}

export function accuracyRow(
  priority: string,
  bucket: string,
  rows: readonly ShownOutcome[],
): AccuracyRow {
  const errors = rows.map((r) => Math.abs(r.actual - r.shown)).sort((a, b) => a - b);
  const n = rows.length;
  const mean = (xs: number[]) => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);
  const ranged = rows.filter(rangeShown);
  return {
    priority,
    bucket,
    n,
    mae: round2(mean(errors)),
    p50: round2(percentile(errors, 50)),
    p90: round2(percentile(errors, 90)),
    longer: round2(n === 0 ? 0 : rows.filter((r) => r.actual > r.shown).length / n),
    ranged: ranged.length,
    inside:
      ranged.length === 0
        ? null
        : round2(ranged.filter((r) => insideRange(r.actual, r)).length / ranged.length),
    width: round2(mean(ranged.map((r) => r.high - r.low))),
  };
}

export function bucketLabel(b: number, edges: readonly number[] = WAIT_BUCKET_EDGES): string {
  const lo = b === 0 ? 0 : edges[b - 1];
  const hi = edges[b];
  return hi === undefined ? `${lo}+` : `${lo}-${hi}`;
}

/** One row for everyone, one per priority, and one per priority and wait bucket (by the median shown). */
export function accuracyTable(rows: readonly ShownOutcome[]): AccuracyRow[] {
  const table = [accuracyRow('all', 'all', rows)];
  const priorities = [...new Set(rows.map((r) => r.priority))].sort((a, b) => b - a);
  for (const p of priorities) {
    const mine = rows.filter((r) => r.priority === p);
    table.push(accuracyRow(String(p), 'all', mine));
    for (let b = 0; b <= WAIT_BUCKET_EDGES.length; b++) {
      const inBucket = mine.filter((r) => bucketOf(WAIT_BUCKET_EDGES, r.shown) === b);
      if (inBucket.length > 0) table.push(accuracyRow(String(p), bucketLabel(b), inBucket));
    }
  }
  return table;
}

export function formatAccuracyTable(table: readonly AccuracyRow[]): string {
  const head = [
    'priority',
    'bucket',
    'n',
    'MAE',
    'p50',
    'p90',
    'longer',
    'ranged',
    'inside',
    'width',
  ];
  const lines = table.map((r) =>
    [
      r.priority,
      r.bucket,
      r.n,
      r.mae,
      r.p50,
      r.p90,
      r.longer,
      r.ranged,
      r.inside ?? '-',
      r.width,
    ].map(String),
  );
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const fmt = (cells: string[]) => cells.map((c, i) => c.padStart(widths[i] ?? 0)).join('  ');
  return [fmt(head), ...lines.map(fmt)].join('\n');
}
