// A discrete-event simulation of one shop day: joins, arrivals at the door, chairs, no-shows
// and cancellations, recording the wait shown at joining and the wait that followed.
import { allocate } from '../allocate';
import type { ServedOrder } from '../duration-model';
import { estimateQueue } from '../estimate-queue';
import { compareQueueOrders } from '../sort-queue';
import type { DurationModel, ShopQueueState } from '../types';
import { nextArrival, peakRate } from './arrivals';
import { newCustomer } from './customers';
import type { SimCustomer } from './customers';
import { EventQueue } from './event-queue';
import { arrivalForecast } from './forecast';
import { createRandom } from './random';
import type { Scenario } from './scenario';

const MINUTE = 60_000;

export interface CustomerRecord {
  id: number;
  priority: number;
  app: boolean;
  outcome: 'served' | 'no_show' | 'cancelled' | 'refused';
  /**
   * Minutes from joining until a chair was free for the customer: served, or called while not
   * yet at the shop (an app customer's own travel is not the estimate's error).
   */
  actualWait: number | null;
  shownJono: number | null;
  shownBaseline: number | null;
}

export interface DayOptions {
  durationModel?: DurationModel;
  /** Mean real minutes of an order, for the baseline estimate. */
  meanServiceMinutes: number;
  /** Compute the estimates shown at joining (off for long validation runs). */
  measure: boolean;
  /** Keep per-customer records and served orders (off for long validation runs). */
  keepRecords: boolean;
  /** Draw from 1 - u instead of u (see createRandom). */
  antithetic?: boolean;
}

export interface DayResult {
  records: CustomerRecord[];
  served: ServedOrder[];
  servedCount: number;
  totalWaitMinutes: number;
  /** Real minutes of all services given, and customers who joined: the load the day drew. */
  totalServiceMinutes: number;
  joinedCount: number;
}

type SimEvent =
  | { kind: 'join' }
  | { kind: 'end'; customer: SimCustomer }
  | { kind: 'arrive' | 'cancel' | 'call'; customer: SimCustomer };

export function simulateDay(scenario: Scenario, seed: number, options: DayOptions): DayResult {
  const random = createRandom(seed, options.antithetic);
  const events = new EventQueue<SimEvent>();
  const closeAt = scenario.hours * 60 * MINUTE;
  const waiting: SimCustomer[] = [];
  const inService = new Set<SimCustomer>();
  const records = new Map<number, CustomerRecord>();
  const result: DayResult = {
    records: [],
    served: [],
    servedCount: 0,
    totalWaitMinutes: 0,
    totalServiceMinutes: 0,
    joinedCount: 0,
  };
  let nextId = 1;

  const leave = (c: SimCustomer, outcome: CustomerRecord['outcome']) => {
    const index = waiting.indexOf(c);
    if (index >= 0) waiting.splice(index, 1);
    c.left = true;
    const record = records.get(c.id);
    if (record) record.outcome = outcome;
  };

  const dispatch = (t: number) => {
    let i = 0;
    while (inService.size < scenario.chairs && i < waiting.length) {
      const c = waiting[i];
      if (!c) break;
      if (c.arriveAt > t) {
        // Not at the shop: skipped but keeps the place until staff give up on them.
        if (c.calledAt === null) {
          c.calledAt = t;
          const record = records.get(c.id);
          if (record) record.actualWait = (t - c.joinedAt) / MINUTE;
          events.push(t + scenario.graceMinutes * MINUTE, { kind: 'call', customer: c });
        }
        i++;
        continue;
      }
      waiting.splice(i, 1);
      c.status = 'in_service';
      c.startedAt = t;
      inService.add(c);
      const wait = (t - c.joinedAt) / MINUTE;
      result.servedCount += 1;
      result.totalWaitMinutes += wait;
      result.totalServiceMinutes += c.actualMinutes;
      const record = records.get(c.id);
      if (record) {
        record.outcome = 'served';
        record.actualWait ??= wait;
      }
      events.push(t + c.actualMinutes * MINUTE, { kind: 'end', customer: c });
    }
  };

  const shopState = (t: number): ShopQueueState => ({
    now: t,
    chairs: scenario.chairs,
    orders: [...inService, ...waiting.map((c) => ({ ...c, atShop: c.arriveAt <= t }))],
    travelMinutes: (scenario.travelMinutes[0] + scenario.travelMinutes[1]) / 2,
    ...(options.durationModel ? { durationModel: options.durationModel } : {}),
    ...arrivalForecast(scenario, t),
    closesAt: closeAt,
  });

  const join = (t: number) => {
    const c = newCustomer(scenario, random, nextId++, t);
    result.joinedCount += 1;
    if (!options.keepRecords && !options.measure && !scenario.refuseAfterClosing) {
      insertSorted(waiting, c);
      dispatch(t);
      return;
    }
    const needsState = options.measure || scenario.refuseAfterClosing;
    const state = needsState ? shopState(t) : null;
    const record: CustomerRecord = {
      id: c.id,
      priority: c.priority,
      app: c.app,
      outcome: 'refused',
      actualWait: null,
      shownJono: null,
      shownBaseline: null,
    };
    if (options.keepRecords) result.records.push(record);
    if (state && scenario.refuseAfterClosing && !allocate(state, c, closeAt).ok) return;
    if (state && options.measure) {
      const estimate = estimateQueue(state).serviceTimeEstimates;
      record.shownJono = estimate.find((e) => e.priority === c.priority)?.wait_time ?? null;
      record.shownBaseline = Math.round(
        ((waiting.length + 1) * options.meanServiceMinutes) / scenario.chairs,
      );
    }
    if (options.keepRecords) records.set(c.id, record);
    insertSorted(waiting, c);
    if (c.arriveAt > t && Number.isFinite(c.arriveAt)) {
      events.push(c.arriveAt, { kind: 'arrive', customer: c });
    }
    if (Number.isFinite(c.cancelAt)) events.push(c.cancelAt, { kind: 'cancel', customer: c });
    dispatch(t);
  };

  const peak = peakRate(scenario);
  const first = nextArrival(scenario, random, 0, peak);
  if (first !== null) events.push(first, { kind: 'join' });
  for (let e = events.pop(); e; e = events.pop()) {
    const { time, event } = e;
    if (event.kind === 'join') {
      join(time);
      const next = nextArrival(scenario, random, time, peak);
      if (next !== null) events.push(next, { kind: 'join' });
    } else if (event.kind === 'end') {
      inService.delete(event.customer);
      const c = event.customer;
      if (options.keepRecords) {
        result.served.push({
          serviceIds: c.serviceIds,
          plannedMinutes: c.plannedMinutes,
          actualMinutes: c.actualMinutes,
        });
      }
      dispatch(time);
    } else if (event.customer.status !== 'waiting' || event.customer.left) {
      continue;
    } else if (event.kind === 'arrive') {
      dispatch(time);
    } else if (event.kind === 'cancel') {
      leave(event.customer, 'cancelled');
    } else if (event.customer.arriveAt > time) {
      leave(event.customer, 'no_show');
      dispatch(time);
    }
  }
  return result;
}

function insertSorted(queue: SimCustomer[], c: SimCustomer): void {
  let lo = 0;
  let hi = queue.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const other = queue[mid];
    if (other && compareQueueOrders(other, c) <= 0) lo = mid + 1;
    else hi = mid;
  }
  queue.splice(lo, 0, c);
}
