import { describe, expect, it } from 'vitest';
import type { SimCustomer } from './customers';
import { oracleWait } from './oracle';
import { DEFAULT_SCENARIO } from './scenario';
import type { Scenario } from './scenario';
import type { ServiceLaw } from './service-times';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 0, 5, 9, 0);
const type = { serviceIds: [1], plannedMinutes: [20], bias: [1], weight: 1 };
/** One service of exactly 20 minutes (a lognormal without spread). */
const laws = new Map<number, ServiceLaw>([[1, { family: { kind: 'lognormal', cv: 0 }, mean: 20 }]]);
const quiet: Scenario = {
  ...DEFAULT_SCENARIO,
  chairs: 1,
  ratePerHour: 0,
  cancelRate: 0,
  noShowRate: 0,
  orderTypes: [type],
};

function customer(id: number, fields: Partial<SimCustomer['record']> = {}, arriveAt = T0) {
  return {
    record: {
      id,
      priority: 0,
      source: 'walk_in',
      status: 'active',
      rank: T0 - (10 - id) * MINUTE,
      joinedAt: T0 - (10 - id) * MINUTE,
      checkedInAt: T0,
      startedAt: null,
      finishedAt: null,
      plannedMinutes: 20,
      serviceIds: [1],
      barberId: null,
      ...fields,
    },
    type,
    arriveAt,
    cancelAt: Infinity,
    calledAt: null,
    left: false,
    actualMinutes: 20,
  } satisfies SimCustomer;
}

const view = (waiting: SimCustomer[], inService: SimCustomer[], target: SimCustomer) => ({
  now: T0,
  opensAt: T0 - 60 * MINUTE,
  closesAt: T0 + 8 * 60 * MINUTE,
  inService,
  waiting,
  target,
});

describe('oracleWait', { timeout: 20_000 }, () => {
  it('knows the true durations: a service 5 minutes in and two ahead make 55 minutes', () => {
    const serving = customer(1, { startedAt: T0 - 5 * MINUTE });
    const queue = [customer(2), customer(3), customer(4)];
    const wait = oracleWait(quiet, laws, view(queue, [serving], queue[2] as SimCustomer), 1);
    expect(wait).toEqual({ p10: 55, p50: 55, p90: 55 });
  });

  it('passes over a customer ahead who is not there yet', () => {
    const absent = customer(2, { source: 'app', checkedInAt: null }, T0 + 30 * MINUTE);
    const queue = [absent, customer(3)];
    const wait = oracleWait(quiet, laws, view(queue, [], queue[1] as SimCustomer), 1);
    expect(wait.p50).toBe(0);
  });

  it('keeps a customer called while away who arrives within the grace period', () => {
    // Called at T0 - 8 (grace until T0 + 12), on the way for 12 minutes: at the door at T0 + 4,
    // ahead of the target when the chair frees at T0 + 15 (simulate-day.ts keeps them too).
    const travelling = { ...quiet, appShare: 1, farShare: 0, travelMinutes: [12, 12] as const };
    const serving = customer(1, { startedAt: T0 - 5 * MINUTE });
    const called = {
      ...customer(2, { source: 'app', checkedInAt: null }, T0 + 4 * MINUTE),
      calledAt: T0 - 8 * MINUTE,
    };
    const queue = [called, customer(3)];
    const wait = oracleWait(travelling, laws, view(queue, [serving], queue[1] as SimCustomer), 1);
    expect(wait).toEqual({ p10: 35, p50: 35, p90: 35 });
  });

  it('drops a customer called while away who is not there when the grace period ends', () => {
    const travelling = { ...quiet, appShare: 1, farShare: 0, travelMinutes: [40, 40] as const };
    const serving = customer(1, { startedAt: T0 - 5 * MINUTE });
    const called = {
      ...customer(2, { source: 'app', checkedInAt: null }, T0 + 32 * MINUTE),
      calledAt: T0 - 8 * MINUTE,
    };
    const queue = [called, customer(3)];
    const wait = oracleWait(travelling, laws, view(queue, [serving], queue[1] as SimCustomer), 1);
    expect(wait).toEqual({ p10: 15, p50: 15, p90: 15 });
  });

  it('spreads the wait when members may arrive ahead', () => {
    const busy = { ...quiet, ratePerHour: 6, memberShare: 1, appShare: 0 };
    const queue = [customer(2), customer(3)];
    const serving = customer(1, { startedAt: T0 });
    const wait = oracleWait(busy, laws, view(queue, [serving], queue[1] as SimCustomer), 1);
    expect(wait.p10).toBeGreaterThanOrEqual(40);
    expect(wait.p90).toBeGreaterThan(wait.p10);
  });
});
