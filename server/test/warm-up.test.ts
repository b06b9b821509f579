// Before listening, the server rehearses joins and cancels (services/warm-up.ts) in transactions
// that roll back: the first burst after a restart then runs compiled code on warm caches, and no
// customer, ticket, estimate or live message ever sees the rehearsal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { orders, pobs, waitEstimates } from '../src/db/schema';
import { admissionOf } from '../src/services/queue';
import { warmUp } from '../src/services/warm-up';
import { buildTestApp } from './helpers';
import { fi, mutableClock, newCustomer, join, setShop } from './queue-factories';
import type { App } from '../src/app';

let app: App;
const clock = mutableClock();
let statements: string[] = [];
beforeAll(async () => {
  app = await buildTestApp({
    now: clock.now,
    markets: ['fi', 'ee'],
    onStatement: (_market, sql) => statements.push(sql),
  });
});
afterAll(() => app.close());

const rows = async (market: 'fi' | 'ee') => {
  const db = app.markets.get(market)!.db;
  const [o] = await db.select({ n: count() }).from(orders);
  const [e] = await db.select({ n: count() }).from(waitEstimates);
  return { orders: o?.n, estimates: e?.n };
};

describe('the join rehearsal before listening', () => {
  it('runs joins and a cancel in the first market, and leaves nothing behind', async () => {
    const before = { fi: await rows('fi'), ee: await rows('ee') };
    const versions = { fi: app.queue.version('fi'), ee: app.queue.version('ee') };
    // Read from the database, not through the queue's view: the shop's history must not be
    // cached yet, so that the rehearsal reads it inside its transaction.
    const activeIds = async () =>
      (
        await fi(app).db.select({ id: orders.id }).from(orders).where(eq(orders.status, 'active'))
      ).map((o) => o.id);
    const activeBefore = await activeIds();
    const heard: string[] = [];
    const stop = app.queue.subscribe('fi', 1, () => heard.push('change'));
    statements = [];
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(`${w.name}: ${w.message}`);
    process.on('warning', onWarning);

    const report = await warmUp(app.markets.values(), app.queue, app.now);
    process.off('warning', onWarning);

    // It rehearsed in the first market, and the shop's rules let every change pass (at noon the
    // demo shops are open): the whole join path ran, the INSERT and the cancel's UPDATE too.
    expect(report.market).toBe('fi');
    expect(report.changes).toBeGreaterThan(20);
    expect(report.refused).toBe(0);
    // A shop's first change reads its history inside the transaction, one query at a time
    // (node-postgres warns of, and pg 9 refuses, concurrent queries on one client).
    expect(warnings).toEqual([]);
    expect(statements.some((s) => s.startsWith('insert into "orders"'))).toBe(true);
    // The cancel as a burst's batch writes it (its leaves in one statement).
    expect(statements.some((s) => s.startsWith("update orders o set status = 'cancelled'"))).toBe(
      true,
    );
    // Nothing of it stays: no order, no stored estimate, no new queue version, no live message.
    expect({ fi: await rows('fi'), ee: await rows('ee') }).toEqual(before);
    expect({ fi: app.queue.version('fi'), ee: app.queue.version('ee') }).toEqual(versions);
    await app.queue.settled();
    stop();
    expect(heard).toEqual([]);
    expect(await activeIds()).toEqual(activeBefore);
  });

  it("rehearses the burst on every connection the pool opens, so that a burst's first joins do not open them", async () => {
    const store = app.markets.get('fi')!.store;
    const report = await warmUp(app.markets.values(), app.queue, app.now);
    expect(report.connections).toBe(store.poolMax);
    // PostgreSQL: all ten open (and its named statements prepared on each); PGlite has its one.
    expect(store.pool().total).toBe(store.poolMax);
    expect(report.refused).toBe(0);
  });

  it('reads the queue of every shop taking orders, so that no first change reads its history', async () => {
    await setShop(app, 2, { queueState: 'closed' });
    const all = await fi(app).db.select().from(pobs);
    for (const { id } of all) {
      app.queue.invalidate('fi', id);
      app.queue.histories.forget('fi', id);
    }
    const report = await warmUp(app.markets.values(), app.queue, app.now);
    const open = all
      .filter((p) => admissionOf(p, clock.at).queue_state === 'open')
      .map((p) => p.id);
    expect(open.length).toBeGreaterThan(1);
    expect(report.shopsRead).toBeGreaterThanOrEqual(open.length);
    expect(report.shopsLeft).toBe(0);
    for (const id of open) expect(app.queue.histories.cached('fi', id, clock.at)).toBeDefined();
    // A closed shop takes no joins: its history waits for its first change.
    expect(app.queue.histories.cached('fi', 2, clock.at)).toBeUndefined();
    await setShop(app, 2, { queueState: 'open' });
  });

  it("leaves the day's tickets to customers: the next join gets the next number", async () => {
    const last = async () => {
      const view = await app.queue.view(fi(app), 1);
      return Math.max(0, ...view.active.map((o) => o.ticket ?? 0));
    };
    const first = await join(app, await newCustomer(app), 1);
    expect(first.statusCode).toBe(201);
    const ticket = await last();
    await warmUp(app.markets.values(), app.queue, app.now);
    const next = await join(app, await newCustomer(app), 1);
    expect(next.statusCode).toBe(201);
    const [row] = await fi(app)
      .db.select({ ticket: orders.ticket })
      .from(orders)
      .where(eq(orders.id, next.json<{ id: number }>().id));
    expect(row?.ticket).toBe(ticket + 1);
  });

  it('rehearses with walk-ins when no shop takes orders', async () => {
    const closed = await fi(app).db.select({ id: pobs.id }).from(pobs);
    for (const { id } of closed) await setShop(app, id, { queueState: 'closed' });
    const before = await rows('fi');
    const report = await warmUp(app.markets.values(), app.queue, app.now);
    // The whole path still ran: no change was refused for the shop being closed.
    expect(report.market).toBe('fi');
    expect(report.changes).toBeGreaterThan(20);
    expect(report.refused).toBe(0);
    expect(await rows('fi')).toEqual(before);
  });
});
