// What the server would know from the shop's history about customers still to come: per
// priority, how many per hour reach the shop, as the engine's arrivalsPerHour/arrivalsAhead.
import type { ArrivalForecast } from '../types';
import { arrivalRate } from './arrivals';
import { MEMBER_LEVELS } from './scenario';
import type { Scenario } from './scenario';

const MINUTE = 60_000;
const STEP = 15 * MINUTE;

/**
 * Customers per hour, by priority, who join after `now` and reach the shop at `at`: walk-ins
 * at once, app customers after their travel (and no-shows never).
 */
export function readyPerHour(scenario: Scenario, now: number, at: number): Record<number, number> {
  const travel = ((scenario.travelMinutes[0] + scenario.travelMinutes[1]) / 2) * MINUTE;
  const walkIns = arrivalRate(scenario, at) * 60 * (1 - scenario.appShare);
  const app =
    at - travel >= now
      ? arrivalRate(scenario, at - travel) * 60 * scenario.appShare * (1 - scenario.noShowRate)
      : 0;
  const total = walkIns + app;
  const perHour: Record<number, number> = { 0: total * (1 - scenario.memberShare) };
  for (const level of MEMBER_LEVELS) {
    perHour[level.priority] = total * scenario.memberShare * level.weight;
  }
  return perHour;
}

/** The rest of the day in quarter hours, plus the moment the first app joiners can arrive. */
export function arrivalForecast(
  scenario: Scenario,
  now: number,
): { arrivalsPerHour: Record<number, number>; arrivalsAhead: ArrivalForecast[] } {
  const closeAt = scenario.hours * 60 * MINUTE;
  const travel = ((scenario.travelMinutes[0] + scenario.travelMinutes[1]) / 2) * MINUTE;
  const starts = new Set<number>();
  for (let at = (Math.floor(now / STEP) + 1) * STEP; at < closeAt; at += STEP) starts.add(at);
  if (now + travel < closeAt) starts.add(now + travel);
  const sorted = [...starts].sort((a, b) => a - b);
  const middle = (from: number, i: number) =>
    (from + Math.min(sorted[i + 1] ?? closeAt, closeAt)) / 2;
  return {
    arrivalsPerHour: readyPerHour(scenario, now, middle(now, -1)),
    arrivalsAhead: sorted.map((at, i) => ({
      at,
      perHour: readyPerHour(scenario, now, middle(at, i)),
    })),
  };
}
