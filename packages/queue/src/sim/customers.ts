// Who joins: priority, walk-in or app, what they order, how long it really takes, how far they
// travel, and whether they come or leave. The shop records each as an OrderRecord, the same
// record the server keeps; the rest is the truth only the simulator (and its oracle) knows.
import type { OrderRecord } from '../shop-inputs';
import type { Random } from './random';
import { MEMBER_LEVELS } from './scenario';
import type { OrderType, Scenario } from './scenario';
import { drawOrderMinutes } from './service-times';
import type { ServiceLaw } from './service-times';

const MINUTE = 60_000;
/** Customers who leave the queue do so within this many minutes of joining. */
export const CANCEL_WITHIN_MINUTES = 40;

export interface SimCustomer {
  /** What the shop records (and the engine reads). */
  record: OrderRecord;
  type: OrderType;
  /** When the customer is at the shop; Infinity for a no-show. */
  arriveAt: number;
  /** When the customer gives up waiting; Infinity when they do not. */
  cancelAt: number;
  /** When staff first called the customer while absent. */
  calledAt: number | null;
  /** Left the queue without being served (cancelled or no-show). */
  left: boolean;
  actualMinutes: number;
}

/** Minutes from joining in the app to the door. */
export function drawTravel(scenario: Scenario, random: Random): number {
  const far = scenario.farShare > 0 && random.chance(scenario.farShare);
  const [min, max] = far ? scenario.farTravelMinutes : scenario.travelMinutes;
  return random.uniform(min, max);
}

export function drawPriority(scenario: Scenario, random: Random): number {
  return random.chance(scenario.memberShare) ? random.pick(MEMBER_LEVELS).priority : 0;
}

export function newCustomer(
  scenario: Scenario,
  random: Random,
  laws: ReadonlyMap<number, ServiceLaw>,
  id: number,
  t: number,
): SimCustomer {
  const priority = drawPriority(scenario, random);
  const app = random.chance(scenario.appShare);
  const type = random.pick(scenario.orderTypes);
  const actualMinutes = drawOrderMinutes(random, laws, type);
  const noShow = app && random.chance(scenario.noShowRate);
  const arriveAt = !app
    ? t
    : noShow
      ? Infinity
      : Math.round(t + drawTravel(scenario, random) * MINUTE);
  const cancelAt = random.chance(scenario.cancelRate)
    ? Math.round(t + random.uniform(0, CANCEL_WITHIN_MINUTES) * MINUTE)
    : Infinity;
  return {
    record: {
      id,
      priority,
      source: app ? 'app' : 'walk_in',
      status: 'active',
      rank: t,
      joinedAt: t,
      checkedInAt: app ? null : t,
      startedAt: null,
      finishedAt: null,
      plannedMinutes: type.plannedMinutes.reduce((a, b) => a + b, 0),
      serviceIds: type.serviceIds,
      barberId: null,
    },
    type,
    arriveAt,
    cancelAt,
    calledAt: null,
    left: false,
    actualMinutes,
  };
}
