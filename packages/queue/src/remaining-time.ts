// How long a service already under way is still expected to take.

/** Finishing, paying and sweeping take a moment even when a service overruns. */
export const MIN_REMAINING_MINUTES = 2;

/**
 * With a known spread, the mean residual life of a lognormal duration whose mean is
 * `expected`: an overrunning service is expected to end soon, but not at once. Without one,
 * simply what is left of the expected duration.
 */
export function remainingMinutes(expected: number, elapsed: number, logSd: number | null): number {
  if (elapsed <= 0) return Math.max(expected, 0);
  if (logSd === null || logSd <= 0 || expected <= 0) {
    return Math.max(expected - elapsed, MIN_REMAINING_MINUTES);
  }
  const mu = Math.log(expected) - (logSd * logSd) / 2;
  const z = (Math.log(elapsed) - mu) / logSd;
  const survival = normalCdf(-z);
  if (survival < 1e-5) return MIN_REMAINING_MINUTES;
  const residual = (expected * normalCdf(logSd - z)) / survival - elapsed;
  return Math.max(residual, MIN_REMAINING_MINUTES);
}

/** Standard normal CDF (Abramowitz and Stegun 7.1.26, error below 1.5e-7). */
export function normalCdf(x: number): number {
  const t = 1 / (1 + (0.3275911 * Math.abs(x)) / Math.SQRT2);
  const poly =
    t *
    (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-(x * x) / 2);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}
