// The simulator measures what production runs: from equal records (orders with their joins,
// check-ins, starts and finishes, and the estimates shown), the server and the simulator hand the
// engine equal inputs. A simulated shop's records are written to the database as the server
// keeps them, and the server's own path (loadHistory, loadActiveOrders, queueStateOf) must give
// the state the simulator gave the engine at that moment.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO, opensAtOf, simulateDay } from '@jono/queue';
import type { JoinView, OrderRecord, ShopQueueState, SimHistory } from '@jono/queue';
import { buildTestApp } from './helpers';
import { fi } from './queue-factories';
import type { App } from '../src/app';
import { orders, pobs, waitEstimates } from '../src/db/schema';
import { loadActiveOrders, loadHistory, queueStateOf } from '../src/services/queue-load';

/** Simulated ids moved past any order the seeded database holds. */
const OFFSET = 1_000_000;
const scenario = {
  ...DEFAULT_SCENARIO,
  chairs: 2,
  ratePerHour: 7,
  appShare: 0.6,
  memberShare: 0.3,
  cancelRate: 0.05,
  misrecordShare: 0.1,
};

/** Three simulated days; the first join of the third day with a mixed queue is kept. */
function simulatedMoment(): JoinView {
  const history: SimHistory = { orders: [], estimates: [] };
  let kept: JoinView | null = null;
  for (let day = 0; day < 3; day++) {
    simulateDay(scenario, 11 + day, {
      history,
      measure: false,
      opensAt: opensAtOf(scenario, day),
      inspect: (view) => {
        const waiting = view.active.filter((o) => o.startedAt === null);
        const mixed =
          view.active.some((o) => o.startedAt !== null) &&
          waiting.length >= 3 &&
          waiting.some((o) => o.checkedInAt === null) &&
          waiting.some((o) => o.priority > 0);
        if (day === 2 && !kept && mixed) kept = view;
      },
    });
  }
  if (!kept) throw new Error('no mixed queue in the simulated days');
  return kept;
}

function orderRow(pobId: number, o: OrderRecord) {
  return {
    id: o.id + OFFSET,
    pobId,
    source: o.source,
    status: o.status,
    priority: o.priority,
    rank: o.rank,
    customerAtPob: o.checkedInAt !== null,
    checkedInAt: o.checkedInAt === null ? null : new Date(o.checkedInAt),
    joinedAt: new Date(o.joinedAt),
    startedAt: o.startedAt === null ? null : new Date(o.startedAt),
    turnAt: o.turnAt == null ? null : new Date(o.turnAt),
    finishedAt: o.finishedAt === null ? null : new Date(o.finishedAt),
    plannedMinutes: o.plannedMinutes,
    startedBy: o.barberId,
    items: o.serviceIds.map((id) => ({
      service_id: id,
      group_id: 0,
      title: `service ${id}`,
      price: 0,
      duration: 0,
      extras: [],
    })),
  };
}

const byId = (state: ShopQueueState) => ({
  ...state,
  orders: [...state.orders].sort((a, b) => a.id - b.id),
});

let app: App;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

// Three simulated days with a sweep every minute (issue 31): tens of seconds on busy shared cores.
describe('one input builder', { timeout: 180_000 }, () => {
  it('the server builds from its rows the very state the simulator gave the engine', async () => {
    const view = simulatedMoment();
    const db = fi(app).db;
    const [pob] = await db
      .insert(pobs)
      .values({
        name: 'Simulated shop',
        city: 'Helsinki',
        address: 'Testikatu 1',
        latitude: '60.17',
        longitude: '24.94',
        timeZone: scenario.timeZone,
        chairs: view.chairs,
        openTimes: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
          weekday,
          open: '09:00',
          close: '19:00',
        })),
      })
      .returning();
    if (!pob) throw new Error('shop insert failed');
    await db.insert(orders).values(view.records.orders.map((o) => orderRow(pob.id, o)));
    // In chunks: a day of sweeps stores thousands (a statement takes at most 65,535 values).
    const rows = view.records.estimates.map((e) => ({
      orderId: e.orderId + OFFSET,
      pobId: pob.id,
      priority: e.priority,
      at: new Date(e.at),
      modelP10: e.model.p10,
      modelP50: e.model.p50,
      modelP90: e.model.p90,
      wait: Math.round(e.model.p50),
      low: Math.floor(e.model.p10),
      high: Math.ceil(e.model.p90),
    }));
    for (let i = 0; i < rows.length; i += 2000) {
      await db.insert(waitEstimates).values(rows.slice(i, i + 2000));
    }
    // The history as the server caches it before the new order, then the order joins.
    const history = await loadHistory(db, pob, view.now);
    const known = new Set(view.records.orders.map((o) => o.id));
    const joining = view.active.filter((o) => !known.has(o.id));
    expect(joining).toHaveLength(1);
    await db.insert(orders).values(joining.map((o) => orderRow(pob.id, o)));
    const active = await loadActiveOrders(db, pob.id);
    const server = queueStateOf(view.now, pob, active, history);

    const simulated = {
      ...view.state,
      orders: view.state.orders.map((o) => ({ ...o, id: o.id + OFFSET })),
    };
    expect(server.closesAt).toBe(view.closesAt);
    expect(byId(server)).toEqual(byId(simulated));
    // What makes the comparison worth having: learnt durations, travel, rates and calibration.
    expect(server.durationModel?.samples).toBeGreaterThan(20);
    expect(server.travel?.minutes.length).toBeGreaterThan(5);
    expect(server.calibration?.pooled.some((cell) => cell !== null)).toBe(true);
    expect(Object.values(server.arrivalsPerHour ?? {}).some((r) => r > 0)).toBe(true);
  }, 60_000);
});
