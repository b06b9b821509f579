// The 80 % interval of a wait, first version: the spread that the durations of the customers
// ahead add up to (about CV x sqrt(wait x typical minutes / chairs), the noise formula),
// around the estimate. The Monte Carlo distribution replaces it.
import { chairsOnDuty, typicalMinutes } from './list-schedule';
import type { ShopQueueState, WaitRange } from './types';

const MINUTE = 60_000;
/** z of the 90th percentile of a normal: the 80 % interval is the estimate +- 1.2816 sd. */
const Z90 = 1.2816;
const DEFAULT_CV = 0.35;

export function waitRangeOf(state: ShopQueueState, waitMs: number): WaitRange | null {
  const chairs = chairsOnDuty(state);
  if (chairs === 0 || !Number.isFinite(waitMs)) return null;
  const logSd = state.durationModel?.logSd ?? null;
  const cv = logSd === null ? DEFAULT_CV : Math.sqrt(Math.exp(logSd * logSd) - 1);
  const wait = Math.max(0, waitMs / MINUTE);
  const sd = cv * Math.sqrt((wait * typicalMinutes(state)) / chairs);
  return {
    low: Math.max(0, Math.floor(wait - Z90 * sd)),
    high: Math.max(0, Math.ceil(wait + Z90 * sd)),
  };
}
