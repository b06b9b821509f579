// A shop's history is read again in the background (services/history-cache.ts): a change under
// the shop's lock and a staff finish's answer never wait for 28 days of records, and what the
// finish taught reaches the estimates once the read lands.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, buildTestApp } from './helpers';
import { fi, joinHere, mutableClock, newCustomer } from './queue-factories';
import type { App } from '../src/app';
import { registry } from '../src/lib/metrics';

const clock = mutableClock();
let app: App;
let statements: string[] = [];
let barber: Record<string, string>;

beforeAll(async () => {
  app = await buildTestApp({
    now: clock.now,
    onStatement: (_market, sql) => statements.push(sql),
  });
  const res = await app.inject({
    method: 'POST',
    url: '/api/fi/staff/login/',
    payload: { username: 'barber1', password: DEMO.password },
  });
  barber = { authorization: `Bearer ${res.json<{ access_token: string }>().access_token}` };
});
afterAll(() => app.close());

const SHOP = 1;

/** The history read: the estimates of the calibration's days (queue-load.ts loadRecords). */
const isHistoryRead = (sql: string) =>
  /^select/i.test(sql) && sql.includes('"wait_estimates"') && sql.includes('"model_p10"');
/** Its orders part: the latest served orders, for the durations. */
const isOrdersRead = (sql: string) =>
  /^select/i.test(sql) && sql.includes('"orders"') && /"finished_at" desc/i.test(sql);

/** The statements of the first transaction in `list` (begin to commit). */
function firstTransaction(list: readonly string[]): string[] {
  const begin = list.findIndex((s) => /^begin/i.test(s));
  const commit = list.findIndex((s, i) => i > begin && /^commit/i.test(s));
  expect(begin).toBeGreaterThanOrEqual(0);
  expect(commit).toBeGreaterThan(begin);
  return list.slice(begin, commit + 1);
}

/** Reads of a cause so far, from /metrics' histogram. */
async function readsOf(cause: string): Promise<number> {
  const text = await registry.getSingleMetricAsString('jono_history_read_seconds');
  const m = new RegExp(`^jono_history_read_seconds_count\\{cause="${cause}"\\} (\\d+)$`, 'm').exec(
    text,
  );
  return Number(m?.[1] ?? Number.NaN);
}

const learnt = () => {
  const history = app.queue.histories.cached('fi', SHOP, clock.at);
  return history ? history.durationModel.samples + history.durationModel.outliers : null;
};

describe("a shop's history read again in the background", () => {
  it("reads it inside a change only for the shop's first estimate", async () => {
    app.queue.histories.forget('fi', SHOP);
    statements = [];
    expect((await joinHere(app, await newCustomer(app), SHOP)).statusCode).toBe(201);
    await app.queue.settled();
    expect(firstTransaction(statements).filter(isHistoryRead)).toHaveLength(1);
  });

  it('answers a change into a shop whose history aged with the one it has, and reads it after', async () => {
    await app.queue.settled();
    clock.advance(11);
    const landed = app.queue.histories.refreshed;
    const aged = await readsOf('aged');
    statements = [];
    expect((await joinHere(app, await newCustomer(app), SHOP)).statusCode).toBe(201);
    await app.queue.settled();
    // Read once, and by the background (a read of the change's own, inside its transaction, is
    // not counted as landed; on PostgreSQL the two run on their own connections at once).
    expect(statements.filter(isHistoryRead)).toHaveLength(1);
    expect(app.queue.histories.refreshed).toBe(landed + 1);
    // Counted for the operators: /metrics' jono_history_read_seconds by cause.
    expect(await readsOf('aged')).toBe(aged + 1);
    // Fresh again: the next change reads none.
    statements = [];
    expect((await joinHere(app, await newCustomer(app), SHOP)).statusCode).toBe(201);
    await app.queue.settled();
    expect(statements.filter(isHistoryRead)).toEqual([]);
  });

  it('answers a finish without reading the history, and the estimates learn from it once it is read', async () => {
    const customer = await newCustomer(app);
    const res = await joinHere(app, customer, SHOP);
    const id = res.json<{ id: number }>().id;
    await app.queue.settled();
    const start = await app.inject({
      method: 'POST',
      url: `/api/fi/staff/orders/${id}/start/`,
      headers: barber,
      payload: { chair: 1 },
    });
    expect(start.statusCode, start.body).toBe(200);
    clock.advance(25);
    // Its history aged meanwhile: a look at the shop has it read again (so that the finish
    // below is what the next read is for).
    await app.queue.view(fi(app), SHOP);
    await app.queue.settled();
    const before = learnt();
    expect(before).not.toBeNull();
    const landed = app.queue.histories.refreshed;
    statements = [];
    const finish = await app.inject({
      method: 'POST',
      url: `/api/fi/staff/orders/${id}/finish/`,
      headers: barber,
    });
    expect(finish.statusCode, finish.body).toBe(200);
    await app.queue.settled();
    // Read once, by the background, and the duration model has one more record. The calibration
    // learnt minutes ago is kept: the orders are read, the 14 days of estimates are not.
    expect(statements.filter(isOrdersRead)).toHaveLength(1);
    expect(statements.filter(isHistoryRead)).toEqual([]);
    expect(app.queue.histories.refreshed).toBe(landed + 1);
    expect(learnt()).toBe((before ?? 0) + 1);
    // The estimates computed with it were stored and announced after the read.
    const read = statements.findIndex(isOrdersRead);
    expect(statements.slice(read).some((s) => s.includes('pg_notify'))).toBe(true);
  });

  it('reads the estimates again for a lesson once the calibration is 10 minutes old', async () => {
    await app.queue.settled();
    const res = await joinHere(app, await newCustomer(app), SHOP);
    const id = res.json<{ id: number }>().id;
    await app.queue.settled();
    const act = async (action: string, payload?: object) => {
      const r = await app.inject({
        method: 'POST',
        url: `/api/fi/staff/orders/${id}/${action}/`,
        headers: barber,
        ...(payload ? { payload } : {}),
      });
      expect(r.statusCode, r.body).toBe(200);
    };
    await act('start', { chair: 1 });
    await app.queue.settled();
    // The last full read was the previous test's (its finish's read kept that calibration).
    clock.advance(11);
    const before = learnt();
    statements = [];
    await act('finish');
    await app.queue.settled();
    expect(statements.filter(isHistoryRead)).toHaveLength(1);
    expect(learnt()).toBe((before ?? 0) + 1);
  });
});
