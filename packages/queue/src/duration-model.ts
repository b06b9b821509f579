// Expected service durations, corrected by what the shop's history shows about real durations.
import type { DurationModel } from './types';

export interface ServedOrder {
  serviceIds: number[];
  plannedMinutes: number;
  actualMinutes: number;
}

/** A service seen this many times counts half its own ratio, half the shop-wide one. */
const PRIOR_SAMPLES = 10;
const MIN_RATIO = 0.5;
const MAX_RATIO = 2;
const MIN_SAMPLES_FOR_SPREAD = 20;
export const DEFAULT_TYPICAL_PLANNED_MINUTES = 20;

const clampRatio = (r: number) => Math.min(MAX_RATIO, Math.max(MIN_RATIO, r));
const shrink = (raw: number, n: number, prior: number) =>
  clampRatio((n * raw + PRIOR_SAMPLES * prior) / (n + PRIOR_SAMPLES));

export const EMPTY_DURATION_MODEL: DurationModel = {
  globalRatio: 1,
  serviceRatios: new Map(),
  logSd: null,
  typicalPlannedMinutes: null,
  samples: 0,
};

/**
 * Ratios of sums (actual / planned) rather than means of ratios, so that short services with
 * noisy ratios do not dominate. An order with several services counts for each of them.
 */
export function buildDurationModel(history: readonly ServedOrder[]): DurationModel {
  const valid = history.filter(
    (h) =>
      Number.isFinite(h.plannedMinutes) &&
      Number.isFinite(h.actualMinutes) &&
      h.plannedMinutes > 0 &&
      h.actualMinutes > 0,
  );
  if (valid.length === 0) return EMPTY_DURATION_MODEL;

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
  const partial: DurationModel = {
    globalRatio,
    serviceRatios,
    logSd: null,
    typicalPlannedMinutes: planned / valid.length,
    samples: valid.length,
  };
  return { ...partial, logSd: logSpread(partial, valid) };
}

function logSpread(model: DurationModel, history: readonly ServedOrder[]): number | null {
  if (history.length < MIN_SAMPLES_FOR_SPREAD) return null;
  const logs = history.map((h) =>
    Math.log(h.actualMinutes / expectedMinutes(model, h.plannedMinutes, h.serviceIds)),
  );
  const mean = logs.reduce((a, b) => a + b, 0) / logs.length;
  const variance = logs.reduce((a, b) => a + (b - mean) ** 2, 0) / (logs.length - 1);
  return Math.sqrt(variance);
}

/** Expected real minutes of an order; planned minutes when there is no model. */
export function expectedMinutes(
  model: DurationModel | undefined,
  plannedMinutes: number,
  serviceIds: readonly number[],
): number {
  const planned = Math.max(0, plannedMinutes);
  if (!model) return planned;
  if (serviceIds.length === 0) return planned * model.globalRatio;
  let sum = 0;
  for (const id of serviceIds) sum += model.serviceRatios.get(id) ?? model.globalRatio;
  return planned * (sum / serviceIds.length);
}
