// The chain-wide published accuracy across markets (GET /operator/accuracy/chain/): every shop of
// the operator's markets in total, per day on each shop's own local date, and per market; a market
// operator sees only its own market and cannot ask for another.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCURACY_MIN_ESTIMATES, chainAccuracySchema, type Market } from '@jono/contract';
import { DEMO, buildTestApp } from './helpers';
import { mutableClock } from './queue-factories';
import { orders, waitEstimates } from '../src/db/schema';
import type { App } from '../src/app';

// Thursday 26 Nov 2026, 12:00 UTC.
const clock = mutableClock(Date.UTC(2026, 10, 26, 12, 0));
let app: App;
const MINUTE = 60_000;

beforeAll(async () => {
  app = await buildTestApp({ now: clock.now, markets: ['fi', 'no'], seedHistory: false });
});
afterAll(() => app.close());

/**
 * `n` finished walk-ins of the market's shop 1, shown 20 minutes (15..25) and waiting `actual`,
 * joined at 22:30 UTC on 24 Nov: the 25th in Helsinki (UTC+2), still the 24th in Oslo (UTC+1).
 */
async function outcomes(market: Market, n: number, actual: number) {
  const ctx = app.markets.get(market);
  if (!ctx) throw new Error(`no ${market}`);
  const at = Date.UTC(2026, 10, 24, 22, 30);
  for (let i = 0; i < n; i++) {
    const joined = at + i * 1000;
    const [o] = await ctx.db
      .insert(orders)
      .values({
        pobId: 1,
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
    await ctx.db.insert(waitEstimates).values({
      orderId: o.id,
      pobId: 1,
      priority: 0,
      at: new Date(joined),
      modelP10: 15,
      modelP50: 20,
      modelP90: 25,
      wait: 20,
      low: 15,
      high: 25,
    });
  }
}

async function auth(market: string, username: string) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/${market}/staff/login/`,
    payload: { username, password: DEMO.password },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { authorization: `Bearer ${res.json<{ access_token: string }>().access_token}` };
}

describe('GET /operator/accuracy/chain/', () => {
  it("takes every market's estimates together, each on its own shop's local date", async () => {
    // FI: all inside the range. NO: all 15 minutes longer than shown.
    await outcomes('fi', ACCURACY_MIN_ESTIMATES, 20);
    await outcomes('no', ACCURACY_MIN_ESTIMATES / 2, 35);
    app.accuracy.clear();
    const res = await app.inject({
      url: '/api/no/operator/accuracy/chain/',
      headers: await auth('no', 'operator'),
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = chainAccuracySchema.parse(res.json());
    expect(body.markets).toEqual(['fi', 'no']);
    const total = ACCURACY_MIN_ESTIMATES * 1.5;
    expect(body.summary).toEqual({
      days: 14,
      estimates: total,
      inside_range: Math.round((ACCURACY_MIN_ESTIMATES / total) * 1000) / 1000,
      median_error: 0,
      longer_by_10: Math.round((ACCURACY_MIN_ESTIMATES / 2 / total) * 1000) / 1000,
    });
    // FI alone publishes; NO alone is below the threshold.
    expect(body.per_market).toEqual([
      {
        market: 'fi',
        summary: {
          days: 14,
          estimates: ACCURACY_MIN_ESTIMATES,
          inside_range: 1,
          median_error: 0,
          longer_by_10: 0,
        },
      },
      { market: 'no', summary: null },
    ]);
    expect(body.per_day).toHaveLength(14);
    expect(body.per_day.at(-1)?.date).toBe('2026-11-26');
    const day = (date: string) => body.per_day.find((d) => d.date === date);
    // Oslo's evening of the 24th, Helsinki's small hours of the 25th.
    expect(day('2026-11-24')).toMatchObject({
      estimates: ACCURACY_MIN_ESTIMATES / 2,
      inside_range: 0,
      longer_by_10: 1,
    });
    expect(day('2026-11-25')).toMatchObject({
      estimates: ACCURACY_MIN_ESTIMATES,
      inside_range: 1,
      longer_by_10: 0,
    });
  });

  it('a market operator gets its own market only, and 403 for another', async () => {
    const fiOnly = await auth('fi', 'operator-fi');
    const own = await app.inject({ url: '/api/fi/operator/accuracy/chain/', headers: fiOnly });
    expect(own.statusCode).toBe(200);
    const body = chainAccuracySchema.parse(own.json());
    expect(body.markets).toEqual(['fi']);
    expect(body.summary?.estimates).toBe(ACCURACY_MIN_ESTIMATES);
    for (const markets of ['fi,no', 'no', 'xx']) {
      const res = await app.inject({
        url: `/api/fi/operator/accuracy/chain/?markets=${markets}`,
        headers: fiOnly,
      });
      expect(res.statusCode).toBe(403);
    }
    const staff = await app.inject({
      url: '/api/fi/operator/accuracy/chain/',
      headers: await auth('fi', 'manager1'),
    });
    expect(staff.statusCode).toBe(403);
  });
});
