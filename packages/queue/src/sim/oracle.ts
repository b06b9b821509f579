// The oracle floor: a Monte Carlo from the exact state at the moment of an estimate that knows
// what the estimator can only learn (every order's true duration law, the barbers' rota, the true
// travel, no-show and cancel laws, the expected arrival rate of each priority) but not the future
// (the draws, the day's surges). No estimator can beat its median and range on average; the
// bench reports Jono's error as a ratio to it.
import type { ModelWait } from '../types';
import { nextArrival } from './arrivals';
import { CANCEL_WITHIN_MINUTES, drawPriority, drawTravel } from './customers';
import type { SimCustomer } from './customers';
import { createRandom } from './random';
import type { Random } from './random';
import { chairsAt } from './scenario';
import type { OrderType, Scenario } from './scenario';
import { drawOrderMinutes, drawOrderMinutesBeyond } from './service-times';
import type { ServiceLaw } from './service-times';

const MINUTE = 60_000;
export const ORACLE_RUNS = 200;

export interface OracleView {
  now: number;
  /** Epoch ms of opening and closing of the day. */
  opensAt: number;
  closesAt: number;
  inService: readonly SimCustomer[];
  /** Waiting customers in queue order, the target among them. */
  waiting: readonly SimCustomer[];
  target: SimCustomer;
}

interface Entry {
  priority: number;
  ready: number;
  leave: number;
  minutes: number;
  called: boolean;
  seated: boolean;
}

/** When an absent customer arrives (Infinity: never), given they have not by `now`. */
export function arrivalGiven(
  scenario: Scenario,
  random: Random,
  c: SimCustomer,
  now: number,
): number {
  for (let i = 0; i < 100; i++) {
    if (random.chance(scenario.noShowRate)) return Infinity;
    const at = c.record.joinedAt + drawTravel(scenario, random) * MINUTE;
    if (at > now) return at;
  }
  return Infinity;
}

/** When a waiting customer leaves the queue (Infinity: they stay), given they have not yet. */
export function cancelGiven(
  scenario: Scenario,
  random: Random,
  c: SimCustomer,
  now: number,
): number {
  for (let i = 0; i < 100; i++) {
    if (!random.chance(scenario.cancelRate)) return Infinity;
    const at = c.record.joinedAt + random.uniform(0, CANCEL_WITHIN_MINUTES) * MINUTE;
    if (at > now) return at;
  }
  return Infinity;
}

/** When staff give up on a customer called while away: at the grace's end, unless they came. */
export function givenUpAt(graceEnd: number, ready: number): number {
  return ready <= graceEnd ? Infinity : graceEnd;
}

function quantile(sorted: readonly number[], q: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i] ?? 0;
}

/** The target's turn in one run: when a chair is free and everyone present ahead is seated. */
function oneRun(
  scenario: Scenario,
  laws: ReadonlyMap<number, ServiceLaw>,
  view: OracleView,
  random: Random,
): number {
  const { now, opensAt, closesAt, target } = view;
  const ends = view.inService.map((c) => {
    const start = c.record.startedAt ?? now;
    const elapsed = (now - start) / MINUTE;
    return start + drawOrderMinutesBeyond(random, laws, c.type, elapsed) * MINUTE;
  });
  const ahead: Entry[] = [];
  for (const c of view.waiting) {
    if (c === target) break;
    const present = c.arriveAt <= now;
    const ready = present ? now : arrivalGiven(scenario, random, c, now);
    // Called while away: staff give up at the end of the grace period unless they arrived by
    // then (simulate-day.ts keeps a customer who arrives within it, and so do staff).
    const grace =
      c.calledAt === null
        ? Infinity
        : givenUpAt(c.calledAt + scenario.graceMinutes * MINUTE, ready);
    ahead.push({
      priority: c.record.priority,
      ready,
      leave: Math.min(grace, cancelGiven(scenario, random, c, now)),
      minutes: drawOrderMinutes(random, laws, c.type),
      called: c.calledAt !== null,
      seated: false,
    });
  }
  const types: readonly OrderType[] = scenario.orderTypes;
  let arrival = nextArrival(scenario, random, now - opensAt);
  const rotaTimes = scenario.rota.map((r) => opensAt + r.fromHour * 3_600_000);
  let t = now;
  for (let guard = 0; guard < 100_000; guard++) {
    // Members who join before t and go ahead of the target.
    while (arrival !== null && opensAt + arrival <= t) {
      const at = opensAt + arrival;
      const priority = drawPriority(scenario, random);
      const type = random.pick(types);
      const app = random.chance(scenario.appShare);
      const noShow = app && random.chance(scenario.noShowRate);
      const travel = drawTravel(scenario, random);
      const cancels = random.chance(scenario.cancelRate);
      const minutes = drawOrderMinutes(random, laws, type);
      if (priority > target.record.priority && at < closesAt) {
        ahead.push({
          priority,
          ready: !app ? at : noShow ? Infinity : at + travel * MINUTE,
          leave: cancels ? at + random.uniform(0, CANCEL_WITHIN_MINUTES) * MINUTE : Infinity,
          minutes,
          called: false,
          seated: false,
        });
        // Keep queue order: higher priority first, then who joined first.
        ahead.sort((a, b) => b.priority - a.priority);
      }
      arrival = nextArrival(scenario, random, arrival);
    }
    const capacity = chairsAt(scenario, t - opensAt);
    let busy = 0;
    for (const e of ends) if (e > t) busy++;
    while (busy < capacity) {
      let next: Entry | undefined;
      for (const e of ahead) {
        if (e.seated || t >= e.leave) continue;
        if (e.ready <= t) {
          next = e;
          break;
        }
        if (!e.called) {
          e.called = true;
          e.leave = Math.min(e.leave, givenUpAt(t + scenario.graceMinutes * MINUTE, e.ready));
        }
      }
      if (!next) return t - now;
      next.seated = true;
      ends.push(t + next.minutes * MINUTE);
      busy++;
    }
    // The next moment anything changes.
    let nextT = Infinity;
    for (const e of ends) if (e > t && e < nextT) nextT = e;
    for (const e of ahead) {
      if (e.seated) continue;
      if (e.ready > t && e.ready < nextT) nextT = e.ready;
      if (e.leave > t && e.leave < nextT) nextT = e.leave;
    }
    if (arrival !== null && opensAt + arrival < nextT) nextT = opensAt + arrival;
    for (const r of rotaTimes) if (r > t && r < nextT) nextT = r;
    if (!Number.isFinite(nextT)) return t - now;
    t = nextT;
  }
  return t - now;
}

/** The oracle's distribution of the target's wait (minutes). */
export function oracleWait(
  scenario: Scenario,
  laws: ReadonlyMap<number, ServiceLaw>,
  view: OracleView,
  seed: number,
  runs = ORACLE_RUNS,
): ModelWait {
  return waitDistribution(seed, runs, (random) => oneRun(scenario, laws, view, random));
}

/** The 10th, 50th and 90th percentiles (minutes) of `runs` waits (ms) drawn by `run`. */
export function waitDistribution(
  seed: number,
  runs: number,
  run: (random: Random) => number,
): ModelWait {
  const random = createRandom(seed);
  const waits = Array.from({ length: runs }, () => run(random) / MINUTE);
  waits.sort((a, b) => a - b);
  return { p10: quantile(waits, 0.1), p50: quantile(waits, 0.5), p90: quantile(waits, 0.9) };
}
