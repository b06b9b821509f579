// Who joins: priority, walk-in or app, what they order and how long it really takes.
import type { QueueOrder } from '../types';
import type { Random } from './random';
import { MEMBER_LEVELS } from './scenario';
import type { Scenario } from './scenario';

const MINUTE = 60_000;

export interface SimCustomer extends QueueOrder {
  app: boolean;
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

export function newCustomer(
  scenario: Scenario,
  random: Random,
  id: number,
  t: number,
): SimCustomer {
  const priority = random.chance(scenario.memberShare) ? random.pick(MEMBER_LEVELS).priority : 0;
  const app = random.chance(scenario.appShare);
  const type = random.pick(scenario.orderTypes);
  const plannedMinutes = type.plannedMinutes.reduce((a, b) => a + b, 0);
  const meanMinutes = type.plannedMinutes.reduce((sum, p, i) => sum + p * (type.bias[i] ?? 1), 0);
  const actualMinutes =
    scenario.serviceDistribution === 'exponential'
      ? random.exponential(meanMinutes)
      : random.lognormal(meanMinutes, scenario.durationSpread);
  const [travelMin, travelMax] = scenario.travelMinutes;
  const noShow = app && random.chance(scenario.noShowRate);
  const arriveAt = !app ? t : noShow ? Infinity : t + random.uniform(travelMin, travelMax) * MINUTE;
  const cancelAt = random.chance(scenario.cancelRate)
    ? t + random.uniform(0, 40) * MINUTE
    : Infinity;
  return {
    id,
    priority,
    joinedAt: t,
    rank: t,
    status: 'waiting',
    plannedMinutes,
    serviceIds: type.serviceIds,
    app,
    arriveAt,
    cancelAt,
    calledAt: null,
    left: false,
    actualMinutes,
  };
}

/** Mean real minutes of an order in this scenario, as a baseline would know it. */
export function meanOrderMinutes(scenario: Scenario): number {
  const total = scenario.orderTypes.reduce((sum, t) => sum + t.weight, 0);
  return scenario.orderTypes.reduce(
    (sum, t) =>
      sum + (t.weight / total) * t.plannedMinutes.reduce((s, p, i) => s + p * (t.bias[i] ?? 1), 0),
    0,
  );
}
