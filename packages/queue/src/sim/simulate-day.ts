// A discrete-event simulation of one shop day: joins, arrivals at the door, chairs and barbers on
// duty, no-shows and cancellations. Jono's estimator is run as the server runs it: the shop's
// records (orders and the estimates it showed) go through the shared input builder
// (buildShopInputs and shopQueueState, shop-inputs.ts), every estimate that changes is stored for
// the closed loop, and each customer's estimate at joining is compared with the wait that
// followed, beside the baselines' and the oracle's.
import { allocate } from '../allocate';
import { wholeMinutes } from '../calibration';
import { estimateQueue } from '../estimate-queue';
import { localTimeToEpoch } from '../opening-hours';
import { buildShopInputs, shopQueueState } from '../shop-inputs';
import type { ShopInputs } from '../shop-inputs';
import { compareQueueOrders } from '../sort-queue';
import type { ModelWait, QueueEstimate, ShopQueueState } from '../types';
import { drawSurges, nextArrival, peakRate } from './arrivals';
import { priorityAwareWait, naiveWait } from './baselines';
import { newCustomer } from './customers';
import type { SimCustomer } from './customers';
import { emptyDayResult } from './day-types';
import type { DayOptions, DayResult, Outcome, Shown, SimHistory } from './day-types';
import { EventQueue } from './event-queue';
import { oracleWait } from './oracle';
import { barberOracleWait } from './oracle-barbers';
import { createRandom, deriveSeed } from './random';
import { chairRotaOfDay, chairsAt, goneAt, onDutyAt, rotaOfDay, shiftChanges } from './scenario';
import type { Scenario } from './scenario';
import { recordedMinutes, serviceLaws } from './service-times';

export type { DayOptions, DayResult, JoinView, Outcome, Shown, SimHistory } from './day-types';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/**
 * The engine's inputs are rebuilt from the records after every finish and at least this often,
 * as the server does (queue.ts: HISTORY_TTL_MS, and `history: true` on a finish).
 */
export const INPUTS_REFRESH_MS = 10 * MINUTE;
/**
 * The simulator relearns the calibration this often, not at every rebuild: its 14 days gain a
 * few customers in an hour (under 1 %), and relearning them at every finish made the bench's
 * days cost several times more.
 */
export const CALIBRATION_REFRESH_MS = 60 * MINUTE;
/** The server's sweep: every waiting customer's estimate is refreshed (and stored if it moved). */
export const SWEEP_MS = 60_000;

type SimEvent =
  | { kind: 'join' }
  | { kind: 'rota' }
  | { kind: 'sweep' }
  | { kind: 'end' | 'arrive' | 'cancel' | 'call'; customer: SimCustomer };

/** Opening of the scenario's day `day` (a Monday at 09:00 local time for day 0). */
export function opensAtOf(scenario: Scenario, day: number): number {
  return localTimeToEpoch(scenario.timeZone, { year: 2026, month: 1, day: 5 + day }, 9 * 60);
}

/** A whole-minute median and range, as the app shows them. */
export function shownOf(wait: ModelWait): Shown {
  const { median, low, high } = wholeMinutes({ low: wait.p10, median: wait.p50, high: wait.p90 });
  return { shown: median, low, high };
}

function insertInOrder(queue: SimCustomer[], c: SimCustomer): void {
  let lo = 0;
  let hi = queue.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const other = queue[mid];
    if (other && compareQueueOrders(other.record, c.record) <= 0) lo = mid + 1;
    else hi = mid;
  }
  queue.splice(lo, 0, c);
}

export function simulateDay(scenario: Scenario, seed: number, options: DayOptions): DayResult {
  const random = createRandom(seed, options.antithetic);
  // Mis-recorded finishes draw from their own stream: measuring never changes the day.
  const recordRandom = createRandom(deriveSeed(seed, 0x7265));
  const laws = options.laws ?? serviceLaws(scenario, createRandom(scenario.seed));
  const opensAt = options.opensAt ?? opensAtOf(scenario, 0);
  const closesAt = opensAt + scenario.hours * HOUR;
  const surges = drawSurges(scenario, random);
  const peak = peakRate(scenario, surges);
  const events = new EventQueue<SimEvent>();
  const waiting: SimCustomer[] = [];
  const inService = new Set<SimCustomer>();
  const result = emptyDayResult();
  const history = options.history;
  const pending = new Map<number, Omit<Outcome, 'actual'>>();
  const lastShown = new Map<number, string>();
  let inputs: ShopInputs | null = null;
  let inputsAt = -Infinity;
  /** A finish since the inputs were built: the next state rebuilds them (the server does). */
  let finishedSince = false;
  let calibratedAt = -Infinity;
  let nextId = (history?.orders.reduce((max, o) => Math.max(max, o.id), 0) ?? 0) + 1;
  // Named barbers: who sits in each barber's chair; customers' choices from a stream of their
  // own (the same customers arrive whatever share chooses).
  const barbers = scenario.barbers ?? null;
  const chairOf = barbers ? barbers.map((): SimCustomer | null => null) : [];
  const chooseRandom = createRandom(deriveSeed(seed, 0x6261));
  const rota = barbers
    ? rotaOfDay(scenario, opensAt)
    : scenario.rotaKnown && scenario.rota.length > 0
      ? chairRotaOfDay(scenario, opensAt)
      : undefined;

  const turn = (c: SimCustomer, t: number) => {
    // The shop records the turn as the server does (staff passed the customer over, or seated).
    c.record.turnAt ??= t;
    const o = pending.get(c.record.id);
    if (!o) return;
    pending.delete(c.record.id);
    result.outcomes.push({ ...o, actual: (t - c.record.joinedAt) / MINUTE });
  };

  const leave = (c: SimCustomer, status: 'cancelled' | 'noShow', t: number) => {
    const index = waiting.indexOf(c);
    if (index >= 0) waiting.splice(index, 1);
    c.left = true;
    c.record.status = status;
    // As the server: a cancel or no-show closes the order (finished_at) when it happens.
    c.record.finishedAt = t;
    pending.delete(c.record.id);
    if (status === 'cancelled') result.cancelled += 1;
    else result.noShows += 1;
  };

  /**
   * Not at the shop: passed over, but keeps the place until staff give up on them. Called (the
   * turn recorded, once) when a free chair they could take is reached in the walk below: the
   * rule the server records `turn_at` by (barber-eligibility.ts awayTurns, server turns.ts).
   */
  const call = (c: SimCustomer, t: number) => {
    if (c.calledAt !== null) return;
    c.calledAt = t;
    turn(c, t);
    events.push(t + scenario.graceMinutes * MINUTE, { kind: 'call', customer: c });
  };

  /**
   * The free chairs of barbers on duty go to the customers here in queue order, as the board's
   * nextPerChair offers them: a customer who chose a barber takes that barber's chair; one who
   * takes the first available, the first free chair whose barber has none of their own here
   * waiting, else the first. A customer away is called when a chair they could take is free. A
   * barber gone for the day has their customers take the first available (the server offers it).
   */
  const dispatchBarbers = (t: number, list: NonNullable<typeof barbers>) => {
    const index = new Map(list.map((x, b) => [x.id, b]));
    for (const c of waiting) {
      const b = index.get(c.record.wantsBarberId ?? -1);
      if (b !== undefined && goneAt(scenario, list[b] as (typeof list)[number], t - opensAt))
        c.record.wantsBarberId = null;
    }
    const open = list
      .map((_, b) => b)
      .filter(
        (b) => !chairOf[b] && onDutyAt(scenario, list[b] as (typeof list)[number], t - opensAt),
      );
    if (open.length === 0) return;
    const tiedHere = new Map<number, number>();
    for (const c of waiting) {
      const b = index.get(c.record.wantsBarberId ?? -1);
      if (b !== undefined && c.arriveAt <= t) tiedHere.set(b, (tiedHere.get(b) ?? 0) + 1);
    }
    for (const c of [...waiting]) {
      if (open.length === 0) break;
      const wanted = index.get(c.record.wantsBarberId ?? -1) ?? -1;
      let at = wanted >= 0 ? open.indexOf(wanted) : 0;
      if (at < 0) continue;
      if (c.arriveAt > t) {
        call(c, t);
        continue;
      }
      if (wanted >= 0) tiedHere.set(wanted, (tiedHere.get(wanted) ?? 1) - 1);
      else {
        const own = open.findIndex((b) => (tiedHere.get(b) ?? 0) === 0);
        at = own >= 0 ? own : 0;
      }
      const [b] = open.splice(at, 1) as [number];
      const barber = list[b] as (typeof list)[number];
      waiting.splice(waiting.indexOf(c), 1);
      c.record.startedAt = t;
      c.record.barberId = barber.id;
      c.actualMinutes *= barber.speed;
      chairOf[b] = c;
      inService.add(c);
      result.servedCount += 1;
      result.totalWaitMinutes += (t - c.record.joinedAt) / MINUTE;
      result.totalServiceMinutes += c.actualMinutes;
      turn(c, t);
      events.push(Math.round(t + c.actualMinutes * MINUTE), { kind: 'end', customer: c });
    }
  };

  const dispatch = (t: number) => {
    if (barbers) {
      dispatchBarbers(t, barbers);
      return;
    }
    const capacity = chairsAt(scenario, t - opensAt);
    let i = 0;
    while (inService.size < capacity && i < waiting.length) {
      const c = waiting[i];
      if (!c) break;
      if (c.arriveAt > t) {
        call(c, t);
        i++;
        continue;
      }
      waiting.splice(i, 1);
      c.record.startedAt = t;
      inService.add(c);
      result.servedCount += 1;
      result.totalWaitMinutes += (t - c.record.joinedAt) / MINUTE;
      result.totalServiceMinutes += c.actualMinutes;
      turn(c, t);
      events.push(Math.round(t + c.actualMinutes * MINUTE), { kind: 'end', customer: c });
    }
  };

  /** The engine's state now, from inputs the shared builder learnt from the shop's records. */
  const stateAt = (t: number): ShopQueueState | null => {
    if (!history) return null;
    if (!inputs || finishedSince || t - inputsAt >= INPUTS_REFRESH_MS) {
      // Durations, travel and rates as the server; the calibration every CALIBRATION_REFRESH_MS.
      const fresh = inputs && t - calibratedAt < CALIBRATION_REFRESH_MS;
      inputs = buildShopInputs(
        history,
        t,
        scenario.timeZone,
        fresh && inputs ? { calibration: inputs.calibration } : {},
      );
      if (!fresh) calibratedAt = t;
      inputsAt = t;
      finishedSince = false;
    }
    return shopQueueState(
      inputs,
      [...inService, ...waiting].map((c) => c.record),
      {
        now: t,
        chairs: chairsAt(scenario, t - opensAt),
        closesAt,
        timeZone: scenario.timeZone,
        ...(rota ? { barbers: rota } : {}),
      },
    );
  };

  /** The closed loop: every estimate that changed is stored, as the server does. */
  const persist = (t: number, estimate: QueueEstimate) => {
    for (const c of waiting) {
      const e = estimate.orders.get(c.record.id);
      if (!e?.model || e.waitMinutes === null || !e.waitRange) continue;
      const key = `${e.waitMinutes},${e.waitRange.low},${e.waitRange.high}`;
      if (lastShown.get(c.record.id) === key) continue;
      lastShown.set(c.record.id, key);
      history?.estimates.push({
        orderId: c.record.id,
        priority: c.record.priority,
        at: t,
        model: e.model,
      });
    }
  };

  const schedule = (c: SimCustomer, t: number) => {
    if (c.arriveAt > t && Number.isFinite(c.arriveAt)) {
      events.push(c.arriveAt, { kind: 'arrive', customer: c });
    }
    if (Number.isFinite(c.cancelAt)) events.push(c.cancelAt, { kind: 'cancel', customer: c });
  };

  const join = (t: number) => {
    const c = newCustomer(scenario, random, laws, nextId++, t);
    result.joinedCount += 1;
    if (barbers && (scenario.chooseShare ?? 0) > 0) {
      const choosing = chooseRandom.chance(scenario.chooseShare ?? 0);
      const onDuty = barbers.filter((b) => onDutyAt(scenario, b, t - opensAt));
      const pick = chooseRandom.next();
      if (choosing && onDuty.length > 0)
        c.record.wantsBarberId =
          (onDuty[Math.floor(pick * onDuty.length)] ?? onDuty[0])?.id ?? null;
    }
    // An inspected join learns everything afresh: the inspector compares with the server's.
    if (options.inspect) {
      inputs = null;
      calibratedAt = -Infinity;
    }
    const records = options.inspect && history ? copyOf(history) : null;
    insertInOrder(waiting, c);
    const state = stateAt(t);
    if (!state || !history) {
      schedule(c, t);
      dispatch(t);
      return;
    }
    const estimate = estimateQueue(state);
    const own = estimate.orders.get(c.record.id);
    if (scenario.refuseAfterClosing) {
      const known =
        own?.model && own.waitMinutes !== null && own.waitRange
          ? [
              {
                priority: c.record.priority,
                wait_time: own.waitMinutes,
                wait_range: own.waitRange,
                model: own.model,
              },
            ]
          : [];
      if (!allocate(state, c.record, closesAt, known).ok) {
        waiting.splice(waiting.indexOf(c), 1);
        result.refused += 1;
        return;
      }
    }
    if (records && options.inspect) {
      options.inspect({
        now: t,
        records,
        active: [...inService, ...waiting].map((x) => ({ ...x.record })),
        chairs: state.chairs,
        closesAt,
        state,
      });
    }
    history.orders.push(c.record);
    persist(t, estimate);
    if (options.measure && own?.model && own.waitMinutes !== null && own.waitRange) {
      const view = { now: t, opensAt, closesAt, inService: [...inService], waiting, target: c };
      const oracle = barbers
        ? barberOracleWait(scenario, laws, view, deriveSeed(seed, c.record.id))
        : oracleWait(scenario, laws, view, deriveSeed(seed, c.record.id));
      pending.set(c.record.id, {
        id: c.record.id,
        priority: c.record.priority,
        app: c.record.source === 'app',
        ...(barbers ? { barberId: c.record.wantsBarberId ?? null } : {}),
        jono: { shown: own.waitMinutes, low: own.waitRange.low, high: own.waitRange.high },
        jonoMedian: own.expectedStart === null ? own.waitMinutes : (own.expectedStart - t) / MINUTE,
        model: own.model,
        naive: Math.round(naiveWait(state, c.record)),
        aware: Math.round(priorityAwareWait(state, c.record)),
        oracle: shownOf(oracle),
        oracleMedian: oracle.p50,
      });
    }
    schedule(c, t);
    dispatch(t);
  };

  /** A change of the queue: the server refreshes its view and stores the estimates that moved. */
  const changed = (t: number) => {
    const state = waiting.length > 0 ? stateAt(t) : null;
    if (state) persist(t, estimateQueue(state));
  };

  const first = nextArrival(scenario, random, 0, surges, peak);
  if (history) events.push(opensAt + SWEEP_MS, { kind: 'sweep' });
  if (first !== null) events.push(Math.round(opensAt + first), { kind: 'join' });
  for (const change of scenario.rota)
    events.push(opensAt + change.fromHour * HOUR, { kind: 'rota' });
  for (const at of shiftChanges(scenario)) events.push(opensAt + at, { kind: 'rota' });
  for (let e = events.pop(); e; e = events.pop()) {
    const { time, event } = e;
    if (event.kind === 'join') {
      join(time);
      const next = nextArrival(scenario, random, time - opensAt, surges, peak);
      if (next !== null) events.push(Math.round(opensAt + next), { kind: 'join' });
    } else if (event.kind === 'rota') {
      dispatch(time);
      changed(time);
    } else if (event.kind === 'sweep') {
      changed(time);
      if (time < closesAt || waiting.length > 0 || inService.size > 0) {
        events.push(time + SWEEP_MS, { kind: 'sweep' });
      }
    } else if (event.kind === 'end') {
      const c = event.customer;
      inService.delete(c);
      const chair = chairOf.indexOf(c);
      if (chair >= 0) chairOf[chair] = null;
      c.record.status = 'serviced';
      c.record.finishedAt = Math.round(
        (c.record.startedAt ?? time) +
          recordedMinutes(recordRandom, scenario, c.actualMinutes) * MINUTE,
      );
      finishedSince = true;
      dispatch(time);
      changed(time);
    } else if (event.customer.record.startedAt !== null || event.customer.left) {
      continue;
    } else if (event.kind === 'arrive') {
      event.customer.record.checkedInAt = time;
      dispatch(time);
      changed(time);
    } else if (event.kind === 'cancel') {
      leave(event.customer, 'cancelled', time);
      changed(time);
    } else if (event.customer.arriveAt > time) {
      leave(event.customer, 'noShow', time);
      dispatch(time);
      changed(time);
    }
  }
  return result;
}

function copyOf(h: SimHistory): SimHistory {
  return {
    orders: h.orders.map((o) => ({ ...o, serviceIds: [...o.serviceIds] })),
    estimates: h.estimates.map((e) => ({ ...e, model: { ...e.model } })),
  };
}
