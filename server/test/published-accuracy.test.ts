// Published accuracy: the shop page's `accuracy` appears once the shop has enough estimates with
// a known outcome in the last 14 days, with the figures those outcomes give; the operators' page
// has it per day, per shop and for the market.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCURACY_MIN_ESTIMATES,
  operatorAccuracySchema,
  pobSchema,
  type OperatorAccuracy,
} from '@jono/contract';
import { DEMO, buildTestApp } from './helpers';
import { fi, mutableClock } from './queue-factories';
import { orders, waitEstimates } from '../src/db/schema';
import { seedHistory } from '../src/db/seed-history';
import { figures, publishedAccuracy, type Outcome } from '../src/services/published-accuracy';
import type { App } from '../src/app';

const clock = mutableClock();
let app: App;
const MINUTE = 60_000;

beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
});
afterAll(() => app.close());

/** `n` finished walk-ins of shop `pobId`, each shown `shown` (range low..high) and waiting `actual`. */
async function outcomes(pobId: number, n: number, shown: number, actual: number, daysAgo = 2) {
  for (let i = 0; i < n; i++) {
    const joined = clock.at - daysAgo * 86_400_000 - i * 7 * MINUTE;
    const [o] = await fi(app)
      .db.insert(orders)
      .values({
        pobId,
        source: 'walk_in',
        status: 'serviced',
        priority: 0,
        rank: joined,
        customerAtPob: true,
        checkedInAt: new Date(joined),
        joinedAt: new Date(joined),
        startedAt: new Date(joined + actual * MINUTE),
        finishedAt: new Date(joined + (actual + 20) * MINUTE),
        plannedMinutes: 20,
        items: [],
      })
      .returning({ id: orders.id });
    if (!o) throw new Error('insert failed');
    await fi(app)
      .db.insert(waitEstimates)
      .values({
        orderId: o.id,
        pobId,
        priority: 0,
        at: new Date(joined),
        modelP10: shown - 5,
        modelP50: shown,
        modelP90: shown + 5,
        wait: shown,
        low: shown - 5,
        high: shown + 5,
      });
  }
}

const page = async (id: number) => {
  app.accuracy.clear();
  app.queue.invalidate('fi', id);
  const res = await app.inject({ url: `/api/fi/pobs/${id}/` });
  expect(res.statusCode).toBe(200);
  return pobSchema.parse(res.json());
};

describe('accuracy on GET /pobs/{id}/', () => {
  it('is null below the threshold and published from it on, with the figures of the outcomes', async () => {
    // 3 of 4 inside the range (actual 20 for shown 20), 1 of 4 waited 15 minutes longer.
    await outcomes(3, ACCURACY_MIN_ESTIMATES - 25, 20, 20);
    await outcomes(3, 24, 20, 35);
    expect((await page(3)).accuracy).toBeNull();
    await outcomes(3, 1, 20, 35);
    const shop = await page(3);
    expect(shop.accuracy).toEqual({
      days: 14,
      estimates: ACCURACY_MIN_ESTIMATES,
      inside_range: 0.75,
      median_error: 0,
      longer_by_10: 0.25,
    });
  });

  it('forgets estimates older than 14 days', async () => {
    await outcomes(4, ACCURACY_MIN_ESTIMATES, 10, 10, 20);
    expect((await page(4)).accuracy).toBeNull();
  });

  it('counts only waits whose customer was at the shop when the estimate was shown', () => {
    const list: Outcome[] = [
      { pobId: 1, at: 0, shown: 10, low: 5, high: 15, actual: 12 },
      { pobId: 1, at: 0, shown: 10, low: 5, high: 15, actual: 30 },
    ];
    expect(figures(list)).toEqual({
      estimates: 2,
      inside_range: 0.5,
      median_error: 11,
      longer_by_10: 0.5,
    });
    expect(publishedAccuracy(list)).toBeNull();
  });
});

describe('GET /operator/accuracy/', () => {
  it('gives each of the last 14 days and the market-wide figure', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/fi/staff/login/',
      payload: { username: 'operator-fi', password: DEMO.password },
    });
    const auth = { authorization: `Bearer ${login.json<{ access_token: string }>().access_token}` };
    const res = await app.inject({ url: '/api/fi/operator/accuracy/?pob_id=3', headers: auth });
    expect(res.statusCode, res.body).toBe(200);
    const body: OperatorAccuracy = operatorAccuracySchema.parse(res.json());
    expect(body.per_day).toHaveLength(14);
    expect(body.per_day.reduce((n, d) => n + d.estimates, 0)).toBe(ACCURACY_MIN_ESTIMATES);
    expect(body.summary?.inside_range).toBe(0.75);
    const chain = operatorAccuracySchema.parse(
      (await app.inject({ url: '/api/fi/operator/accuracy/', headers: auth })).json(),
    );
    expect(chain.pob_id).toBeNull();
    expect(chain.summary?.estimates).toBeGreaterThanOrEqual(ACCURACY_MIN_ESTIMATES);
  });
});

describe('the demo history', () => {
  it('gives every shop enough estimates to publish its accuracy, near the 80 % the range aims at', async () => {
    const other = await buildTestApp({ now: clock.now, seedHistory: false });
    try {
      const ctx = other.markets.get('fi');
      if (!ctx) throw new Error('no fi');
      const written = await ctx.db.transaction((tx) => seedHistory(tx, clock.at, 3));
      expect(written.orders).toBeGreaterThan(1000);
      const shop = pobSchema.parse((await other.inject({ url: '/api/fi/pobs/1/' })).json());
      expect(shop.accuracy?.inside_range).toBeGreaterThan(0.6);
      expect(shop.accuracy?.inside_range).toBeLessThan(0.95);
    } finally {
      await other.close();
    }
  });
});
