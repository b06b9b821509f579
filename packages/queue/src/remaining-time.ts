import type { ShopQueueState } from './types';
// How long a service already under way is still expected to take, from the shop's own spread of
// real durations: no fitted family is extrapolated (a lognormal's mean remaining life grows
// with the overrun; the history's does not).

/** Finishing, paying and sweeping take a moment even when a service overruns. */
export const MIN_REMAINING_MINUTES = 2;

/**
 * The mean of `expected x r - elapsed` over the residuals r (real / expected durations of the
 * history) whose duration is longer than `elapsed`; at least MIN_REMAINING_MINUTES. Without
 * residuals, or past the longest one, what is left of the expected duration (at least the floor).
 */
export function remainingMinutes(
  expected: number,
  elapsed: number,
  residuals: readonly number[] | null,
): number {
  if (elapsed <= 0) return Math.max(expected, 0);
  if (residuals && residuals.length > 0 && expected > 0) {
    let sum = 0;
    let n = 0;
    for (let i = firstAbove(residuals, elapsed / expected); i < residuals.length; i++) {
      sum += expected * (residuals[i] as number) - elapsed;
      n++;
    }
    if (n > 0) return Math.max(sum / n, MIN_REMAINING_MINUTES);
  }
  return Math.max(expected - elapsed, MIN_REMAINING_MINUTES);
}

/** Index of the first value above `x` in an ascending array (its length when none is). */
export function firstAbove(sorted: readonly number[], x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] as number) > x) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * A service is probably finished (a "finish" forgotten) when it has lasted this many times its
 * kind's 95th percentile (the expected minutes x the shop's 95th percentile of real / expected):
 * staff do not leave customers waiting beside a free chair, so the likelier truth is a finish not
 * pressed. The estimate takes the chair as free now: every wait it gives is of a customer who is
 * at the shop at their turn, when the chair would go to them. It does so whoever is waiting now,
 * so a customer who joins or arrives never shortens another's estimate (queue-properties.test.ts).
 * The staff board asks staff when customers wait at the shop (`probably_finished`).
 */
export const PROBABLY_FINISHED_P95_FACTOR = 1.5;
/** The 95th percentile of real / expected before the shop has its own spread. */
const PRIOR_P95_RATIO = 1.5;

/** The shop's 95th percentile of real / expected durations. */
export function p95Ratio(residuals: readonly number[] | null): number {
  if (!residuals || residuals.length === 0) return PRIOR_P95_RATIO;
  const i = Math.min(residuals.length - 1, Math.max(0, Math.ceil(0.95 * residuals.length) - 1));
  return residuals[i] as number;
}

export function probablyFinished(
  expected: number,
  elapsed: number,
  residuals: readonly number[] | null,
): boolean {
  if (!(expected > 0) || !(elapsed > 0)) return false;
  return elapsed > PROBABLY_FINISHED_P95_FACTOR * expected * p95Ratio(residuals);
}

/** Someone waits at the shop now, able to sit (not on the way, not asked for more time). */
export function someoneWaitingHere(state: ShopQueueState): boolean {
  return state.orders.some(
    (o) =>
      o.status === 'waiting' &&
      o.atShop !== false &&
      !(o.readyAt !== undefined && Number.isFinite(o.readyAt) && o.readyAt > state.now),
  );
}
