import { describe, expect, it } from 'vitest';
import type { OrderRecord } from '../shop-inputs';
import type { SimHistory } from './day-types';
import { chairsAt, DEFAULT_SCENARIO } from './scenario';
import type { Scenario } from './scenario';
import { opensAtOf, simulateDay } from './simulate-day';

const HOUR = 3_600_000;

function day(fields: Partial<Scenario>, measure = false) {
  const history: SimHistory = { orders: [], estimates: [] };
  const scenario = { ...DEFAULT_SCENARIO, cancelRate: 0, ...fields };
  const result = simulateDay(scenario, 7, { history, measure });
  return { result, orders: history.orders, estimates: history.estimates, scenario };
}

/** The most services under way at once while `at` holds. */
function busiest(orders: readonly OrderRecord[], ends: (o: OrderRecord) => number): number {
  const served = orders.filter((o) => o.startedAt !== null);
  return Math.max(
    0,
    ...served.map(
      (o) =>
        served.filter(
          (x) => (x.startedAt ?? 0) <= (o.startedAt ?? 0) && ends(x) > (o.startedAt ?? 0),
        ).length,
    ),
  );
}

// Each test simulates whole days with a Monte Carlo per join: seconds on busy shared cores.
describe('simulateDay', { timeout: 30_000 }, () => {
  it('stores estimates as the server does: at every change and every 60-second sweep that moved one', () => {
    const { estimates, orders } = day({ appShare: 0.5, ratePerHour: 9 });
    const opensAt = opensAtOf(DEFAULT_SCENARIO, 0);
    const onSweep = estimates.filter((e) => (e.at - opensAt) % 60_000 === 0);
    expect(onSweep.length).toBeGreaterThan(estimates.length / 2);
    // A customer who waited a while was shown their estimate again as time moved it.
    const perOrder = new Map<number, number>();
    for (const e of estimates) perOrder.set(e.orderId, (perOrder.get(e.orderId) ?? 0) + 1);
    expect(Math.max(...perOrder.values())).toBeGreaterThan(5);
    // An app customer passed over while away has the turn recorded, before their start.
    const passed = orders.filter(
      (o) => o.turnAt != null && o.startedAt !== null && o.turnAt < o.startedAt,
    );
    expect(passed.length).toBeGreaterThan(0);
    expect(passed.every((o) => o.source === 'app')).toBe(true);
  });

  it('serves every walk-in it accepts and records each as the server would', () => {
    const { result, orders } = day({ appShare: 0, misrecordShare: 0 });
    expect(orders.length).toBeGreaterThan(30);
    expect(orders.every((o) => o.status === 'serviced' && o.source === 'walk_in')).toBe(true);
    expect(orders.every((o) => o.checkedInAt === o.joinedAt)).toBe(true);
    expect(result.servedCount).toBe(orders.length);
    for (const o of orders) {
      expect(o.startedAt).toBeGreaterThanOrEqual(o.joinedAt);
      expect(o.finishedAt).toBeGreaterThan(o.startedAt ?? Infinity);
    }
  });

  it('marks app customers who never come as no-shows once called', () => {
    const { result, orders } = day({ appShare: 1, noShowRate: 1 });
    expect(result.servedCount).toBe(0);
    expect(orders.length).toBeGreaterThan(0);
    expect(orders.every((o) => o.status === 'noShow' && o.checkedInAt === null)).toBe(true);
  });

  it('refuses orders that would end after closing', () => {
    const { result } = day({ chairs: 1, ratePerHour: 12 });
    expect(result.refused).toBeGreaterThan(0);
    expect(day({ chairs: 1, ratePerHour: 12, refuseAfterClosing: false }).result.refused).toBe(0);
  });

  it('lets cancelling customers leave the queue', () => {
    const { orders } = day({ cancelRate: 1, chairs: 1 });
    expect(orders.filter((o) => o.status === 'cancelled').length).toBeGreaterThan(5);
  });

  it('never serves more customers at once than barbers on duty, who go off duty by the rota', () => {
    const rota = [{ fromHour: 2, chairs: 1 }];
    const { orders, scenario } = day({ chairs: 3, rota, ratePerHour: 12, misrecordShare: 0 });
    const opensAt = opensAtOf(scenario, 0);
    const ends = (o: OrderRecord) => o.finishedAt ?? 0;
    expect(busiest(orders, ends)).toBe(3);
    const late = orders.filter((o) => (o.startedAt ?? 0) >= opensAt + 2 * HOUR);
    expect(late.length).toBeGreaterThan(5);
    for (const o of late) {
      const during = late.filter(
        (x) => (x.startedAt ?? 0) <= (o.startedAt ?? 0) && ends(x) > (o.startedAt ?? 0),
      );
      expect(during.length).toBeLessThanOrEqual(chairsAt(scenario, 3 * HOUR));
    }
  });

  it('stores every estimate shown for the closed loop, and records some finishes wrongly', () => {
    const { orders, estimates } = day({ misrecordShare: 0.5, appShare: 0 });
    const served = orders.filter((o) => o.status === 'serviced');
    expect(estimates.length).toBeGreaterThanOrEqual(served.length);
    for (const e of estimates) expect(e.model.p10).toBeLessThanOrEqual(e.model.p90);
    // Mis-recorded finishes are recorded, but the chair is busy for the real duration: no two
    // customers of one chair overlap in truth, so starts keep following real ends.
    const ratios = served.map(
      (o) => ((o.finishedAt ?? 0) - (o.startedAt ?? 0)) / 60_000 / o.plannedMinutes,
    );
    expect(ratios.some((r) => r < 0.5)).toBe(true);
    expect(ratios.some((r) => r > 2.5)).toBe(true);
  });

  it('measures each joining customer against the baselines and the oracle', () => {
    const { result } = day({}, true);
    expect(result.outcomes.length).toBeGreaterThan(30);
    for (const o of result.outcomes) {
      expect(o.jono.low).toBeLessThanOrEqual(o.jono.shown);
      expect(o.jono.high).toBeGreaterThanOrEqual(o.jono.shown);
      expect(o.oracle.low).toBeLessThanOrEqual(o.oracle.high);
      expect(o.actual).toBeGreaterThanOrEqual(0);
      expect(Number.isFinite(o.naive) && Number.isFinite(o.aware)).toBe(true);
    }
  });
});
