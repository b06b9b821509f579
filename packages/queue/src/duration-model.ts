// Real service durations learnt from the shop's history, robustly: a forgotten or early "finish"
// is left out before anything is learnt, and the spread is the history's own (empirical), not
// a fitted family.
import type { DurationModel } from './types';

export interface ServedOrder {
  serviceIds: number[];
  plannedMinutes: number;
  actualMinutes: number;
  /** Who served the order, when the shop records it. */
  barberId?: number | null;
}

/** A service (or barber) seen this many times counts half its own ratio, half the shop-wide one. */
const PRIOR_SAMPLES = 10;
const MIN_RATIO = 0.5;
const MAX_RATIO = 2;
/**
 * Recorded durations outside [0.1, 8] x planned are mis-recorded whatever the history says.
 * Wide on purpose: a service whose durations vary like an exponential's is really shorter than
 * 0.3 x its mean a quarter of the time, and bounds of [0.3, 4] dropped those (and its long tail),
 * so the learnt mean came out a fifth too long and a long service under way was expected to end
 * too soon. Within the bounds the outlier rule below, on the shop's own spread, does the work.
 */
const MIN_RECORDED_RATIO = 0.1;
const MAX_RECORDED_RATIO = 8;
/**
 * A record further than this many robust standard deviations (1.4826 x MAD of the log ratio)
 * from the median is an outlier; at least ln 1.5 either way, so a tight history keeps its edges.
 */
const OUTLIER_SDS = 5;
const MIN_OUTLIER_LOG = Math.log(1.5);
/** Below this many kept records the spread comes from PRIOR_RESIDUALS. */
export const MIN_SAMPLES_FOR_SPREAD = 20;
export const DEFAULT_TYPICAL_PLANNED_MINUTES = 20;

const clampRatio = (r: number) => Math.min(MAX_RATIO, Math.max(MIN_RATIO, r));
const shrink = (raw: number, n: number, prior: number) =>
  clampRatio((n * raw + PRIOR_SAMPLES * prior) / (n + PRIOR_SAMPLES));

/**
 * The spread assumed until a shop has its own: 21 evenly spaced quantiles of real / expected
 * duration with a spread (sigma of the log) of 0.3, scaled to mean 1. Replaced by the shop's own
 * residuals as soon as it has MIN_SAMPLES_FOR_SPREAD served orders.
 */
export const PRIOR_RESIDUALS: readonly number[] = (() => {
  // Normal quantiles at (i + 0.5) / 21, i = 0..20 (Acklam's approximation is overkill here).
  const z = [
    -1.98, -1.47, -1.17, -0.94, -0.75, -0.59, -0.44, -0.31, -0.18, -0.06, 0, 0.06, 0.18, 0.31, 0.44,
    0.59, 0.75, 0.94, 1.17, 1.47, 1.98,
  ];
  const raw = z.map((x) => Math.exp(0.3 * x));
  const mean = raw.reduce((a, b) => a + b, 0) / raw.length;
  return raw.map((r) => r / mean);
})();

export const EMPTY_DURATION_MODEL: DurationModel = {
  globalRatio: 1,
  serviceRatios: new Map(),
  barberRatios: new Map(),
  residuals: PRIOR_RESIDUALS,
  typicalPlannedMinutes: null,
  samples: 0,
  outliers: 0,
};

function median(sorted: readonly number[]): number {
  const n = sorted.length;
  if (n === 0) return 0;
  const mid = n >> 1;
  return n % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Records of one kind of order (the same services) with at least this many have their own center. */
const MIN_GROUP_FOR_CENTER = 2;

/**
 * The records kept for learning: usable, and not outliers. The log ratio real / planned of a
 * record is compared with the median of its kind of order (the same services; the shop's median
 * for a kind seen once), on the scale of the shop's robust spread (MAD).
 */
export function keptRecords(history: readonly ServedOrder[]): ServedOrder[] {
  const usable = history.filter((h) => {
    if (!Number.isFinite(h.plannedMinutes) || !Number.isFinite(h.actualMinutes)) return false;
    if (h.plannedMinutes <= 0 || h.actualMinutes <= 0) return false;
    const ratio = h.actualMinutes / h.plannedMinutes;
    return ratio >= MIN_RECORDED_RATIO && ratio <= MAX_RECORDED_RATIO;
  });
  const logs = usable.map((h) => Math.log(h.actualMinutes / h.plannedMinutes));
  const kinds = usable.map((h) => [...new Set(h.serviceIds)].sort((a, b) => a - b).join(','));
  const byKind = new Map<string, number[]>();
  kinds.forEach((k, i) => {
    const list = byKind.get(k) ?? [];
    list.push(logs[i] as number);
    byKind.set(k, list);
  });
  const shopCenter = median([...logs].sort((a, b) => a - b));
  const centers = new Map<string, number>();
  for (const [k, list] of byKind) {
    centers.set(
      k,
      list.length >= MIN_GROUP_FOR_CENTER ? median(list.sort((a, b) => a - b)) : shopCenter,
    );
  }
  const deviations = logs.map((l, i) => l - (centers.get(kinds[i] as string) ?? shopCenter));
  const mad = median(deviations.map(Math.abs).sort((a, b) => a - b));
  const limit = Math.max(OUTLIER_SDS * 1.4826 * mad, MIN_OUTLIER_LOG);
  return usable.filter((_, i) => Math.abs(deviations[i] as number) <= limit);
}

/**
 * Ratios of sums (real / planned) over the kept records, per service and per barber, shrunk
 * toward the shop-wide ratio; an order with several services counts for each of them. The
 * residuals (real / expected, sorted, mean 1) are the spread the Monte Carlo draws from.
 */
export function buildDurationModel(history: readonly ServedOrder[]): DurationModel {
  const valid = keptRecords(history);
  if (valid.length === 0) return { ...EMPTY_DURATION_MODEL, outliers: history.length };

  let planned = 0;
  let actual = 0;
  const perService = new Map<number, { n: number; planned: number; actual: number }>();
  for (const h of valid) {
    planned += h.plannedMinutes;
    actual += h.actualMinutes;
    for (const id of new Set(h.serviceIds)) {
      const s = perService.get(id) ?? { n: 0, planned: 0, actual: 0 };
      s.n += 1;
      s.planned += h.plannedMinutes;
      s.actual += h.actualMinutes;
      perService.set(id, s);
    }
  }
  const globalRatio = shrink(actual / planned, valid.length, 1);
  const serviceRatios = new Map<number, number>();
  for (const [id, s] of perService) {
    serviceRatios.set(id, shrink(s.actual / s.planned, s.n, globalRatio));
  }
  const base: DurationModel = {
    ...EMPTY_DURATION_MODEL,
    globalRatio,
    serviceRatios,
    typicalPlannedMinutes: planned / valid.length,
    samples: valid.length,
    outliers: history.length - valid.length,
  };
  const perBarber = new Map<number, { n: number; expected: number; actual: number }>();
  for (const h of valid) {
    if (h.barberId === undefined || h.barberId === null) continue;
    const b = perBarber.get(h.barberId) ?? { n: 0, expected: 0, actual: 0 };
    b.n += 1;
    b.expected += expectedMinutes(base, h.plannedMinutes, h.serviceIds);
    b.actual += h.actualMinutes;
    perBarber.set(h.barberId, b);
  }
  const barberRatios = new Map<number, number>();
  for (const [id, b] of perBarber) barberRatios.set(id, shrink(b.actual / b.expected, b.n, 1));
  const model = { ...base, barberRatios };
  if (valid.length < MIN_SAMPLES_FOR_SPREAD) return model;
  const residuals = valid
    .map(
      (h) => h.actualMinutes / expectedMinutes(model, h.plannedMinutes, h.serviceIds, h.barberId),
    )
    .sort((a, b) => a - b);
  const mean = residuals.reduce((a, b) => a + b, 0) / residuals.length;
  return { ...model, residuals: residuals.map((r) => r / mean) };
}

/** Expected real minutes of an order; planned minutes when there is no model. */
export function expectedMinutes(
  model: DurationModel | undefined,
  plannedMinutes: number,
  serviceIds: readonly number[],
  barberId?: number | null,
): number {
  const planned = Math.max(0, plannedMinutes);
  if (!model) return planned;
  const barber =
    barberId === undefined || barberId === null ? 1 : (model.barberRatios.get(barberId) ?? 1);
  if (serviceIds.length === 0) return planned * model.globalRatio * barber;
  let sum = 0;
  for (const id of serviceIds) sum += model.serviceRatios.get(id) ?? model.globalRatio;
  return planned * (sum / serviceIds.length) * barber;
}
