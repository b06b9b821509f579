// A discrete-event simulation of one shop day: joins, arrivals at the door, chairs, no-shows
// and cancellations, recording the wait shown at joining and the wait that followed.
import { allocate } from '../allocate';
import { estimateQueue } from '../estimate-queue';
import { insertInQueue } from '../sort-queue';
import type { ShopQueueState } from '../types';
import { nextArrival, peakRate } from './arrivals';
import { newCustomer } from './customers';
import type { SimCustomer } from './customers';
import { EventQueue } from './event-queue';
import { arrivalForecast } from './forecast';
import { createRandom } from './random';
import type { Scenario } from './scenario';
import { emptyDayResult, refusedRecord } from './day-types';
import type { CustomerRecord, DayOptions, DayResult } from './day-types';

export type { CustomerRecord, DayOptions, DayResult } from './day-types';

const MINUTE = 60_000;

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
  const result = emptyDayResult();
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
      insertInQueue(waiting, c);
      dispatch(t);
      return;
    }
    const needsState = options.measure || scenario.refuseAfterClosing;
    const state = needsState ? shopState(t) : null;
    const record = refusedRecord(c);
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
    insertInQueue(waiting, c);
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
