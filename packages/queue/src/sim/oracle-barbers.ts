// The oracle floor of a shop with named barbers (issue 30): the oracle of oracle.ts (the same
// knowledge: true duration laws, the true travel, no-show and cancel laws, the expected arrival
// rates; not the draws nor the surges) that also knows each barber's speed and shifts and who
// chose whom, and seats customers exactly as simulate-day.ts does: a barber on duty with a free
// chair takes the first customer here, in queue order, who takes the first available or chose
// them; a barber gone for the day has their customers take the first available.
//
// With ties, customers behind the target matter (a free customer behind can keep another barber
// busy), so every customer waiting and every arrival is simulated, not only those ahead.
import type { ModelWait } from '../types';
import { nextArrival } from './arrivals';
import { CANCEL_WITHIN_MINUTES, drawPriority, drawTravel } from './customers';
import { arrivalGiven, cancelGiven, givenUpAt, waitDistribution } from './oracle';
import type { OracleView } from './oracle';
import type { Random } from './random';
import { goneAt, onDutyAt, shiftChanges } from './scenario';
import type { Scenario } from './scenario';
import { drawOrderMinutes, drawOrderMinutesBeyond } from './service-times';
import type { ServiceLaw } from './service-times';

const MINUTE = 60_000;
export const BARBER_ORACLE_RUNS = 200;

interface Entry {
  priority: number;
  /** Join time, then a counter: queue order within a priority. */
  rank: number;
  order: number;
  /** Index of the chosen barber, -1 first available. */
  wants: number;
  ready: number;
  leave: number;
  minutes: number;
  called: boolean;
  target: boolean;
}

const before = (a: Entry, b: Entry) =>
  b.priority - a.priority || a.rank - b.rank || a.order - b.order;

/** The target's turn in one run: an eligible barber free for it with no one eligible here ahead. */
function oneRun(
  scenario: Scenario,
  laws: ReadonlyMap<number, ServiceLaw>,
  view: OracleView,
  random: Random,
): number {
  const barbers = scenario.barbers ?? [];
  const { now, opensAt, closesAt, target } = view;
  const index = new Map(barbers.map((b, i) => [b.id, i]));
  const busyUntil = barbers.map(() => now);
  for (const c of view.inService) {
    const b = index.get(c.record.barberId ?? -1);
    if (b === undefined) continue;
    const speed = (barbers[b] as (typeof barbers)[number]).speed;
    const start = c.record.startedAt ?? now;
    const elapsed = (now - start) / MINUTE;
    // The chair's customer was drawn at the barber's speed: draw the order's own beyond it.
    const own = drawOrderMinutesBeyond(random, laws, c.type, elapsed / speed);
    busyUntil[b] = Math.max(now, start + own * speed * MINUTE);
  }
  const entries: Entry[] = [];
  let order = 0;
  for (const c of view.waiting) {
    const isTarget = c === target;
    const present = c.arriveAt <= now;
    const ready = isTarget || present ? now : arrivalGiven(scenario, random, c, now);
    const grace =
      isTarget || c.calledAt === null
        ? Infinity
        : givenUpAt(c.calledAt + scenario.graceMinutes * MINUTE, ready);
    entries.push({
      priority: c.record.priority,
      rank: c.record.rank,
      order: order++,
      wants: index.get(c.record.wantsBarberId ?? -1) ?? -1,
      ready,
      leave: isTarget ? Infinity : Math.min(grace, cancelGiven(scenario, random, c, now)),
      minutes: drawOrderMinutes(random, laws, c.type),
      called: c.calledAt !== null,
      target: isTarget,
    });
  }
  const changes = shiftChanges(scenario).map((t) => opensAt + t);
  let arrival = nextArrival(scenario, random, now - opensAt);
  let t = now;
  for (let guard = 0; guard < 100_000; guard++) {
    // Everyone who joins before t, of any priority: with ties, those behind count too.
    while (arrival !== null && opensAt + arrival <= t) {
      const at = opensAt + arrival;
      const priority = drawPriority(scenario, random);
      const type = random.pick(scenario.orderTypes);
      const app = random.chance(scenario.appShare);
      const noShow = app && random.chance(scenario.noShowRate);
      const travel = drawTravel(scenario, random);
      const cancels = random.chance(scenario.cancelRate);
      const minutes = drawOrderMinutes(random, laws, type);
      const chooses = random.chance(scenario.chooseShare ?? 0);
      const onDuty = barbers
        .map((_, b) => b)
        .filter((b) => onDutyAt(scenario, barbers[b] as (typeof barbers)[number], at - opensAt));
      const pick = onDuty[Math.floor(random.next() * onDuty.length)];
      if (at < closesAt) {
        const e: Entry = {
          priority,
          rank: at,
          order: order++,
          wants: chooses && pick !== undefined ? pick : -1,
          ready: !app ? at : noShow ? Infinity : at + travel * MINUTE,
          leave: cancels ? at + random.uniform(0, CANCEL_WITHIN_MINUTES) * MINUTE : Infinity,
          minutes,
          called: false,
          target: false,
        };
        let i = entries.length;
        while (i > 0 && before(e, entries[i - 1] as Entry) < 0) i--;
        entries.splice(i, 0, e);
      }
      arrival = nextArrival(scenario, random, arrival);
    }
    for (const e of entries) {
      const b = e.wants;
      if (b >= 0 && goneAt(scenario, barbers[b] as (typeof barbers)[number], t - opensAt))
        e.wants = -1;
    }
    // Free chairs to the customers here in queue order, as simulate-day.ts (the board's rule).
    const open: number[] = [];
    for (let b = 0; b < barbers.length; b++) {
      const barber = barbers[b] as (typeof barbers)[number];
      if ((busyUntil[b] as number) <= t && onDutyAt(scenario, barber, t - opensAt)) open.push(b);
    }
    if (open.length > 0) {
      const tiedHere = new Map<number, number>();
      for (const e of entries) {
        if (e.wants >= 0 && e.ready <= t && t < e.leave)
          tiedHere.set(e.wants, (tiedHere.get(e.wants) ?? 0) + 1);
      }
      for (let i = 0; i < entries.length && open.length > 0; i++) {
        const e = entries[i] as Entry;
        if (t >= e.leave) continue;
        let at = e.wants >= 0 ? open.indexOf(e.wants) : 0;
        if (at < 0) continue;
        if (e.target) return t - now;
        if (e.ready > t) {
          if (!e.called) {
            e.called = true;
            e.leave = Math.min(e.leave, givenUpAt(t + scenario.graceMinutes * MINUTE, e.ready));
          }
          continue;
        }
        if (e.wants >= 0) tiedHere.set(e.wants, (tiedHere.get(e.wants) ?? 1) - 1);
        else {
          const own = open.findIndex((b) => (tiedHere.get(b) ?? 0) === 0);
          at = own >= 0 ? own : 0;
        }
        const [b] = open.splice(at, 1) as [number];
        busyUntil[b] = t + e.minutes * (barbers[b] as (typeof barbers)[number]).speed * MINUTE;
        entries.splice(i, 1);
        i--;
      }
    }
    // The next moment anything changes.
    let nextT = Infinity;
    for (const u of busyUntil) if (u > t && u < nextT) nextT = u;
    for (const e of entries) {
      if (e.ready > t && e.ready < nextT) nextT = e.ready;
      if (e.leave > t && e.leave < nextT) nextT = e.leave;
    }
    if (arrival !== null && opensAt + arrival < nextT) nextT = opensAt + arrival;
    for (const c of changes) if (c > t && c < nextT) nextT = c;
    if (!Number.isFinite(nextT)) return t - now;
    t = nextT;
  }
  return t - now;
}

/** The oracle's distribution of the target's wait (minutes) in a shop with named barbers. */
export function barberOracleWait(
  scenario: Scenario,
  laws: ReadonlyMap<number, ServiceLaw>,
  view: OracleView,
  seed: number,
  runs = BARBER_ORACLE_RUNS,
): ModelWait {
  return waitDistribution(seed, runs, (random) => oneRun(scenario, laws, view, random));
}
