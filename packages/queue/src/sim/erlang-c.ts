// The Erlang C formula for an M/M/c queue, against which the simulator is checked.
import { DEFAULT_SCENARIO, FLAT_PROFILE } from './scenario';
import type { Scenario } from './scenario';

/** Probability that an arrival has to wait, with c servers and offered load a = lambda / mu. */
export function erlangC(c: number, a: number): number {
  if (a >= c) return 1;
  let term = 1;
  let sum = 1;
  for (let k = 1; k < c; k++) {
    term *= a / k;
    sum += term;
  }
  const last = ((term * a) / c) * (c / (c - a));
  return last / (sum + last);
}

/** Mean wait in queue, in the unit of the mean service time. */
export function erlangCMeanWait(c: number, utilisation: number, meanService: number): number {
  const a = utilisation * c;
  return (erlangC(c, a) * meanService) / (c - a);
}

/** An M/M/c shop: Poisson arrivals, exponential service, one priority, everyone shows up. */
export function mmcScenario(
  c: number,
  utilisation: number,
  meanServiceMinutes: number,
  customers: number,
  seed: number,
): Scenario {
  const ratePerHour = (utilisation * c * 60) / meanServiceMinutes;
  return {
    ...DEFAULT_SCENARIO,
    name: `M/M/${c} at ${utilisation}`,
    seed,
    chairs: c,
    hours: customers / ratePerHour,
    ratePerHour,
    profile: FLAT_PROFILE,
    memberShare: 0,
    appShare: 0,
    noShowRate: 0,
    cancelRate: 0,
    orderTypes: [{ serviceIds: [1], plannedMinutes: [meanServiceMinutes], bias: [1], weight: 1 }],
    families: [{ kind: 'exponential', cv: 1 }],
    shopVariation: 0,
    misrecordShare: 0,
    daySurge: 0,
    hourSurge: { chance: 0, factor: 1 },
    farShare: 0,
    rota: [],
    refuseAfterClosing: false,
    historyDays: 0,
    days: 1,
  };
}
