// The closed loop: corrections of the model's waits learnt from the shop's stored estimates and
// the waits that followed. Per priority and wait bucket (by the model's median): the median of
// (actual - model median) corrects the bias, and split conformal margins on each end of the
// model's 80 % interval make it hold what it claims (conformalised quantile regression).
import type { Calibration, CalibrationCell, ModelWait } from './types';

/** Wait buckets by the model's median (minutes): 0-5, 5-15, 15-30, 30-60, 60+. */
export const WAIT_BUCKET_EDGES: readonly number[] = [5, 15, 30, 60];
/** A cell needs this many records; fewer: the pooled row, then no correction. */
export const MIN_CALIBRATION_RECORDS = 30;
/** Each end of the 80 % interval misses one wait in ten. */
const TAIL = 0.1;

export interface EstimateRecord {
  priority: number;
  /** The model's wait (before calibration), minutes. */
  model: ModelWait;
  /** The wait that followed, minutes from the estimate. */
  actual: number;
}

export function bucketOf(edges: readonly number[], minutes: number): number {
  let b = 0;
  while (b < edges.length && minutes >= (edges[b] as number)) b++;
  return b;
}

/** Finite-sample conformal quantile: the ceil((n + 1)(1 - tail))-th smallest score. */
function conformal(scores: number[], tail: number): number {
  const sorted = scores.sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.ceil((sorted.length + 1) * (1 - tail)));
  return sorted[rank - 1] ?? 0;
}

function median(values: number[]): number {
  const sorted = values.sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  if (sorted.length === 0) return 0;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

function cellOf(records: readonly EstimateRecord[]): CalibrationCell | null {
  if (records.length < MIN_CALIBRATION_RECORDS) return null;
  return {
    shift: median(records.map((r) => r.actual - r.model.p50)),
    lowerMargin: conformal(
      records.map((r) => r.model.p10 - r.actual),
      TAIL,
    ),
    upperMargin: conformal(
      records.map((r) => r.actual - r.model.p90),
      TAIL,
    ),
    n: records.length,
  };
}

export function learnCalibration(
  records: readonly EstimateRecord[],
  bucketEdges: readonly number[] = WAIT_BUCKET_EDGES,
): Calibration {
  const buckets = bucketEdges.length + 1;
  const split = (rs: readonly EstimateRecord[]) => {
    const cells: EstimateRecord[][] = Array.from({ length: buckets }, () => []);
    for (const r of rs) cells[bucketOf(bucketEdges, r.model.p50)]?.push(r);
    return cells.map(cellOf);
  };
  const usable = records.filter(
    (r) =>
      Number.isFinite(r.actual) &&
      r.actual >= 0 &&
      Number.isFinite(r.model.p10) &&
      Number.isFinite(r.model.p50) &&
      Number.isFinite(r.model.p90),
  );
  const byPriority = new Map<number, readonly (CalibrationCell | null)[]>();
  for (const p of new Set(usable.map((r) => r.priority))) {
    byPriority.set(p, split(usable.filter((r) => r.priority === p)));
  }
  return { bucketEdges, byPriority, pooled: split(usable) };
}

export interface CalibratedWait {
  /** Unrounded minutes, low <= median <= high, all >= 0. */
  low: number;
  median: number;
  high: number;
}

export function calibrate(
  calibration: Calibration | undefined,
  priority: number,
  model: ModelWait,
): CalibratedWait {
  let cell: CalibrationCell | null = null;
  if (calibration) {
    const b = bucketOf(calibration.bucketEdges, model.p50);
    cell = calibration.byPriority.get(priority)?.[b] ?? calibration.pooled[b] ?? null;
  }
  const median = Math.max(0, model.p50 + (cell?.shift ?? 0));
  const low = Math.min(median, Math.max(0, model.p10 - (cell?.lowerMargin ?? 0)));
  const high = Math.max(median, model.p90 + (cell?.upperMargin ?? 0));
  return { low, median, high };
}
