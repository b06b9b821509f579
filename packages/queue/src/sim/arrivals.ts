// Time-varying arrivals: a non-homogeneous Poisson process drawn by thinning. A day's rate is
// the scenario's profile times the day's own factor (busy and quiet days) and each hour's (a
// surge or not); both average 1, so the profile is the expected rate, all a forecast can know.
import type { Random } from './random';
import type { Scenario } from './scenario';

const MINUTE = 60_000;

/** What makes one day's arrivals differ from the usual. */
export interface DaySurges {
  day: number;
  /** Factor per hour since opening. */
  hours: number[];
}

export const NO_SURGES: DaySurges = { day: 1, hours: [] };

export function drawSurges(scenario: Scenario, random: Random): DaySurges {
  const { chance, factor } = scenario.hourSurge;
  if (scenario.daySurge <= 0 && chance <= 0) return NO_SURGES;
  const calm = chance > 0 && chance < 1 ? Math.max(0, (1 - chance * factor) / (1 - chance)) : 1;
  return {
    day: scenario.daySurge > 0 ? random.lognormal(1, scenario.daySurge) : 1,
    hours: Array.from({ length: Math.ceil(scenario.hours) }, () =>
      random.chance(chance) ? factor : calm,
    ),
  };
}

const surgeAt = (surges: DaySurges, t: number) =>
  surges.day * (surges.hours[Math.floor(t / (60 * MINUTE))] ?? 1);

/** Arrivals per minute at `t` ms after opening, following the profile (and the day's surges). */
export function arrivalRate(scenario: Scenario, t: number, surges = NO_SURGES): number {
  const { profile } = scenario;
  const dayMs = scenario.hours * 60 * MINUTE;
  const x = (Math.min(Math.max(t, 0), dayMs) / dayMs) * (profile.length - 1);
  const i = Math.min(Math.floor(x), profile.length - 2);
  const a = profile[i] ?? 1;
  const b = profile[i + 1] ?? a;
  const shape = profile.length < 2 ? 1 : a + (b - a) * (x - i);
  return (((scenario.ratePerHour / 60) * shape) / profileMean(profile)) * surgeAt(surges, t);
}

/** Mean of the piecewise-linear profile, so that ratePerHour is the day's mean rate. */
export function profileMean(profile: readonly number[]): number {
  if (profile.length < 2) return profile[0] ?? 1;
  let sum = 0;
  for (let i = 1; i < profile.length; i++) sum += ((profile[i - 1] ?? 0) + (profile[i] ?? 0)) / 2;
  return sum / (profile.length - 1);
}

/** Arrivals per minute at the busiest moment of the day (an upper bound with the surges). */
export function peakRate(scenario: Scenario, surges = NO_SURGES): number {
  const surge = surges.day * Math.max(1, ...surges.hours);
  return (
    (scenario.ratePerHour / 60) *
    (Math.max(...scenario.profile) / profileMean(scenario.profile)) *
    surge
  );
}

/** The next arrival after `t` (ms after opening), or null when none comes before closing. */
export function nextArrival(
  scenario: Scenario,
  random: Random,
  t: number,
  surges = NO_SURGES,
  peak = peakRate(scenario, surges),
): number | null {
  const closeAt = scenario.hours * 60 * MINUTE;
  if (!(peak > 0)) return null;
  let time = t;
  for (;;) {
    time += random.exponential(1 / peak) * MINUTE;
    if (time >= closeAt) return null;
    if (random.next() * peak < arrivalRate(scenario, time, surges)) return time;
  }
}
