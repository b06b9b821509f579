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
