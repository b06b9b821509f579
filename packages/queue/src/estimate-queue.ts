// Wait estimates for every active order and for a new customer of each priority level: the
// median and 80 % interval of the Monte Carlo distribution (wait-distribution.ts), corrected by
// the shop's calibration (calibration.ts).
import { calibrate, strictRange, wholeMinutes } from './calibration';
import { servicesUnderWay } from './list-schedule';
import { sortQueue } from './sort-queue';
import { PRIORITY_LEVELS } from './types';
import type {
  ModelWait,
  OrderEstimate,
  QueueEstimate,
  ServiceTimeEstimate,
  ShopQueueState,
  WaitRange,
} from './types';
import { quantileOf, sampleWaits } from './wait-distribution';
import type { WaitSamples } from './wait-distribution';

const MINUTE = 60_000;

/** Nearest whole minute, never negative: over many customers the error averages out. */
export function toWholeMinutes(ms: number): number {
  return Math.max(0, Math.round(ms / MINUTE));
}

function modelWait(sorted: Float64Array, from: number, runs: number): ModelWait {
  return {
    p10: quantileOf(sorted, from, runs, 0.1) / MINUTE,
    p50: quantileOf(sorted, from, runs, 0.5) / MINUTE,
    p90: quantileOf(sorted, from, runs, 0.9) / MINUTE,
  };
}

interface Shown {
  /** Whole minutes, as shown. */
  median: number;
  range: WaitRange;
  /** Unrounded minutes. */
  low: number;
  high: number;
  exact: number;
}

/** `sinceJoin`: minutes since the order joined (0 for a new customer). */
function shown(
  state: ShopQueueState,
  priority: number,
  model: ModelWait,
  sinceJoin: number,
): Shown {
  const c = calibrate(state.calibration, priority, model, sinceJoin);
  const { median, low, high } = wholeMinutes(c);
  return {
    median,
    range: { low, high },
    low: c.low,
    high: c.high,
    exact: c.median,
  };
}

/**
 * The new customers' estimates, one per level, higher levels never waiting longer: of the first
 * available, or (barber >= 0) of a customer who chooses samples.barberIds[barber].
 */
function newcomerEstimates(
  state: ShopQueueState,
  samples: WaitSamples | null,
  levels: readonly number[],
  barber = -1,
): ServiceTimeEstimate[] {
  const source = barber < 0 ? samples?.newcomers : samples?.barberNewcomers;
  // A barber with no time left today has no wait of their own (the server refuses them).
  const gone = barber >= 0 && samples?.barberAhead?.[barber] === false;
  if (!samples || !source || gone)
    return levels.map((priority) => ({ priority, wait_time: null, wait_range: null, model: null }));
  const offset = barber < 0 ? 0 : barber * levels.length;
  const estimates = levels.map((priority, j) => {
    const model = modelWait(source, (offset + j) * samples.runs, samples.runs);
    const s = shown(state, priority, model, 0);
    return { priority, wait_time: s.median, wait_range: s.range, model };
  });
  // Calibration differs per priority: keep a member's wait at most a lower level's.
  const byLevel = [...estimates].sort((a, b) => b.priority - a.priority);
  for (let i = 1; i < byLevel.length; i++) {
    const above = byLevel[i - 1] as ServiceTimeEstimate;
    const e = byLevel[i] as ServiceTimeEstimate;
    if (e.wait_time !== null && above.wait_time !== null && e.wait_time < above.wait_time) {
      e.wait_time = above.wait_time;
      if (e.wait_range) {
        const r = strictRange(e.wait_time, e.wait_range.low, e.wait_range.high);
        e.wait_range = { low: r.low, high: r.high };
      }
    }
  }
  return estimates;
}

/**
 * What a new customer of these levels would be shown now (median and range, calibrated): one who
 * takes the first available barber, or, with `barberId` (a named barber of state.barbers), one
 * who chooses that barber (all null when the shop has no such barber).
 */
export function estimateNewcomers(
  state: ShopQueueState,
  levels: readonly number[] = PRIORITY_LEVELS,
  barberId?: number | null,
): ServiceTimeEstimate[] {
  const samples = sampleWaits(state, levels, false);
  if (barberId == null) return newcomerEstimates(state, samples, levels);
  const b = samples?.barberIds?.indexOf(barberId) ?? -1;
  return newcomerEstimates(state, b < 0 ? null : samples, levels, b);
}

/** Per named barber, a new customer who chooses them (estimateQueue's barberEstimates). */
function barberEstimatesOf(
  state: ShopQueueState,
  samples: WaitSamples | null,
): Map<number, ServiceTimeEstimate[]> | undefined {
  const ids = state.barbers && state.barbers.length > 0 ? state.barbers.map((b) => b.id) : null;
  if (!ids) return undefined;
  return new Map(
    ids.map((id, b) => [
      id,
      newcomerEstimates(state, samples?.barberIds ? samples : null, PRIORITY_LEVELS, b),
    ]),
  );
}

export function estimateQueue(state: ShopQueueState): QueueEstimate {
  const samples = sampleWaits(state, PRIORITY_LEVELS, true);
  const orders = new Map<number, OrderEstimate>();
  for (const { order, start, end } of servicesUnderWay(state)) {
    orders.set(order.id, {
      waitMinutes: 0,
      waitRange: { low: 0, high: 0 },
      model: null,
      startRange: samples ? { early: start, late: start } : null,
      expectedStart: start,
      expectedEnd: end,
      position: 0,
    });
  }
  if (!samples) {
    sortQueue(state.orders).forEach((order, index) => {
      orders.set(order.id, {
        waitMinutes: null,
        waitRange: null,
        model: null,
        startRange: null,
        expectedStart: null,
        expectedEnd: null,
        position: index + 1,
      });
    });
  } else {
    const { queue, runs, turns, minutes } = samples;
    queue.forEach((order, i) => {
      const model = modelWait(turns, i * runs, runs);
      const s = shown(state, order.priority, model, (state.now - order.joinedAt) / MINUTE);
      const start = state.now + s.exact * MINUTE;
      orders.set(order.id, {
        waitMinutes: s.median,
        waitRange: s.range,
        model,
        startRange: { early: state.now + s.low * MINUTE, late: state.now + s.high * MINUTE },
        expectedStart: start,
        expectedEnd: start + (minutes[i] as number) * MINUTE,
        position: i + 1,
      });
    });
  }
  const serviceTimeEstimates = newcomerEstimates(state, samples, PRIORITY_LEVELS);
  const barberEstimates = barberEstimatesOf(state, samples);
  return barberEstimates
    ? { orders, serviceTimeEstimates, barberEstimates }
    : { orders, serviceTimeEstimates };
}
