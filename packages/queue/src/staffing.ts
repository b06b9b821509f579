// Staffing by Erlang C: how many barbers an hour needs so that a one-time customer's mean wait
// stays under a target. Members are served first (non-preemptive priority), so one-time
// customers wait longer than the average: with equal service times the lowest class's mean wait
// in an M/M/c queue is Cobham's formula (Erlang C's mean wait when nobody is a member).
import { erlangC } from './sim/erlang-c';

/**
 * Mean wait (minutes) of the lowest priority with `c` barbers, arrivals per hour by priority
 * (index 0 one-time ... 3 platinum) and the mean service time in minutes; Infinity when the
 * barbers cannot keep up.
 */
export function oneTimeMeanWait(
  c: number,
  ratesPerHour: readonly number[],
  meanServiceMinutes: number,
): number {
  const total = ratesPerHour.reduce((a, b) => a + b, 0);
  if (total <= 0) return 0;
  if (c <= 0) return Infinity;
  const mu = 60 / meanServiceMinutes; // services per hour per barber
  const a = total / mu;
  if (a >= c) return Infinity;
  const rho = a / c;
  const members = ratesPerHour.slice(1).reduce((x, y) => x + y, 0) / mu / c;
  // Cobham: W0 = C(c, a) / (c μ), the lowest class waits W0 / ((1 - σ_members)(1 - ρ)).
  const w0 = (erlangC(c, a) * meanServiceMinutes) / c;
  return w0 / ((1 - members) * (1 - rho));
}

/** The fewest barbers (at most `max`) keeping the one-time mean wait at or under `target`. */
export function barbersNeeded(
  ratesPerHour: readonly number[],
  meanServiceMinutes: number,
  targetMinutes: number,
  max = 30,
): number {
  const total = ratesPerHour.reduce((a, b) => a + b, 0);
  if (total <= 0) return 0;
  for (let c = 1; c <= max; c++) {
    if (oneTimeMeanWait(c, ratesPerHour, meanServiceMinutes) <= targetMinutes) return c;
  }
  return max;
}
