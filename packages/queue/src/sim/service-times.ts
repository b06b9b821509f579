// The true law of service durations in a simulated shop: each service has a family (lognormal,
// gamma, exponential-like or heavy-tailed) and a shop-specific mean (planned x bias x the shop's
// own factor), none of which the estimator is told: it learns from the recorded durations, some
// of them mis-recorded (a forgotten or early "finish"). The oracle knows this law.
import type { Random } from './random';
import type { OrderType, Scenario, ServiceFamily } from './scenario';

/** How one service's real durations vary around their mean. */
// The family of a service-time law is part of a scenario (scenario.ts): re-exported for callers.
export type { ServiceFamily } from './scenario';

/** Share of 'heavy' services that run into a complication, and how much longer those take. */
const HEAVY_SHARE = 0.1;
const HEAVY_FACTOR = 2.5;

export interface ServiceLaw {
  family: ServiceFamily;
  /** True mean minutes in this shop. */
  mean: number;
}

/** A draw of minutes with the given mean from a family. */
export function drawFamily(random: Random, family: ServiceFamily, mean: number): number {
  switch (family.kind) {
    case 'exponential':
      return random.exponential(mean);
    case 'gamma': {
      const shape = 1 / (family.cv * family.cv);
      return random.gamma(shape) * (mean / shape);
    }
    case 'heavy': {
      const body = mean / (1 - HEAVY_SHARE + HEAVY_SHARE * HEAVY_FACTOR);
      const x = random.lognormal(body, Math.sqrt(Math.log(1 + family.cv * family.cv)));
      return random.chance(HEAVY_SHARE) ? x * HEAVY_FACTOR : x;
    }
    default:
      return random.lognormal(mean, Math.sqrt(Math.log(1 + family.cv * family.cv)));
  }
}

/** The laws of a scenario's services: the family by service id, the mean with the shop's factor. */
export function serviceLaws(scenario: Scenario, random: Random): Map<number, ServiceLaw> {
  const laws = new Map<number, ServiceLaw>();
  const families = scenario.families;
  for (const type of scenario.orderTypes) {
    type.serviceIds.forEach((id, i) => {
      if (laws.has(id)) return;
      const family = families[(id - 1) % families.length] ?? { kind: 'lognormal', cv: 0.25 };
      const shopFactor = random.lognormal(1, scenario.shopVariation);
      const planned = type.plannedMinutes[i] ?? 0;
      laws.set(id, { family, mean: planned * (type.bias[i] ?? 1) * shopFactor });
    });
  }
  return laws;
}

/** Real minutes of one order: each of its services drawn from its law. */
export function drawOrderMinutes(
  random: Random,
  laws: ReadonlyMap<number, ServiceLaw>,
  type: OrderType,
): number {
  let minutes = 0;
  type.serviceIds.forEach((id, i) => {
    const law = laws.get(id);
    minutes += law ? drawFamily(random, law.family, law.mean) : (type.plannedMinutes[i] ?? 0);
  });
  return minutes;
}

/** True mean minutes of an order. */
export function meanOrderMinutes(laws: ReadonlyMap<number, ServiceLaw>, type: OrderType): number {
  return type.serviceIds.reduce(
    (sum, id, i) => sum + (laws.get(id)?.mean ?? type.plannedMinutes[i] ?? 0),
    0,
  );
}

/**
 * A draw of an order's total minutes given it has already lasted `elapsed` (rejection from the
 * law; after many misses the service is about to end).
 */
export function drawOrderMinutesBeyond(
  random: Random,
  laws: ReadonlyMap<number, ServiceLaw>,
  type: OrderType,
  elapsed: number,
): number {
  for (let i = 0; i < 200; i++) {
    const m = drawOrderMinutes(random, laws, type);
    if (m > elapsed) return m;
  }
  return elapsed + 1;
}

/** What the shop records as the duration: usually the truth, sometimes a mis-pressed "finish". */
export function recordedMinutes(random: Random, scenario: Scenario, actual: number): number {
  if (!random.chance(scenario.misrecordShare)) return actual;
  // Half pressed early (at 20-50 % of the service), half forgotten for 30-90 minutes.
  return random.chance(0.5) ? actual * random.uniform(0.2, 0.5) : actual + random.uniform(30, 90);
}
