// Time-varying arrivals: a non-homogeneous Poisson process drawn by thinning.
import type { Random } from './random';
import type { Scenario } from './scenario';

const MINUTE = 60_000;

/** Arrivals per minute at `t` ms after opening, following the scenario's daily profile. */
export function arrivalRate(scenario: Scenario, t: number): number {
  const { profile } = scenario;
  const dayMs = scenario.hours * 60 * MINUTE;
  const x = (Math.min(Math.max(t, 0), dayMs) / dayMs) * (profile.length - 1);
  const i = Math.min(Math.floor(x), profile.length - 2);
  const a = profile[i] ?? 1;
  const b = profile[i + 1] ?? a;
  const shape = profile.length < 2 ? 1 : a + (b - a) * (x - i);
  return ((scenario.ratePerHour / 60) * shape) / profileMean(profile);
}

/** Mean of the piecewise-linear profile, so that ratePerHour is the day's mean rate. */
export function profileMean(profile: readonly number[]): number {
  if (profile.length < 2) return profile[0] ?? 1;
  let sum = 0;
  for (let i = 1; i < profile.length; i++) sum += ((profile[i - 1] ?? 0) + (profile[i] ?? 0)) / 2;
  return sum / (profile.length - 1);
}

/** Arrivals per minute at the busiest moment of the day. */
export function peakRate(scenario: Scenario): number {
  return (
    (scenario.ratePerHour / 60) * (Math.max(...scenario.profile) / profileMean(scenario.profile))
  );
}

/** The next arrival after `t`, or null when none comes before closing. */
export function nextArrival(
  scenario: Scenario,
  random: Random,
  t: number,
  peak = peakRate(scenario),
): number | null {
  const closeAt = scenario.hours * 60 * MINUTE;
  if (!(peak > 0)) return null;
  let time = t;
  for (;;) {
    time += random.exponential(1 / peak) * MINUTE;
    if (time >= closeAt) return null;
    if (random.next() * peak < arrivalRate(scenario, time)) return time;
  }
}
