// The hot path's hand-written statements (db/prepared.ts) must answer exactly what Drizzle's own
// queries answer for the same rows, on PGlite and PostgreSQL: a column added to the schema, or a
// mapping that changes, shows here and not as a subtly different order in production.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, getTableName } from 'drizzle-orm';
import { buildTestApp } from './helpers';
import { fi, join, mutableClock, newCustomer, setShop } from './queue-factories';
import type { App } from '../src/app';
import { rowCodec, runNamed } from '../src/db/prepared';
import { customers, orders, pobs } from '../src/db/schema';
import { insertOrders, ORDER_INSERT_KEYS, type OrderValues } from '../src/services/order-insert';
import { loadActiveOrders, loadShopQueue } from '../src/services/queue-load';

let app: App;
const clock = mutableClock();
beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
});
afterAll(() => app.close());

describe('named statements of constant text', () => {
  it('decodes every column of orders, shops and customers as Drizzle does', async () => {
    const db = fi(app).db;
    const customer = await newCustomer(app, {
      membershipType: 'gold',
      membershipEnd: '2027-01-31',
    });
    const joined = await join(app, customer, 1);
    expect(joined.statusCode).toBe(201);
    const id = joined.json<{ id: number }>().id;
    // Columns of every kind set: timestamps, JSON, nulls, text, numbers.
    await db
      .update(orders)
      .set({
        checkedInAt: new Date(clock.at + 1234),
        customerAtPob: true,
        startPresence: { atShop: false, checkedInAt: null },
        waitBasis: null,
        travelMinutes: 12,
        travelMode: 'walk',
      })
      .where(eq(orders.id, id));
    for (const [table, key] of [
      [orders, id],
      [pobs, 1],
      [customers, customer.id],
    ] as const) {
      const codec = rowCodec(table);
      const name = getTableName(table);
      const [mine] = await runNamed(
        db,
        `codec_${name}`,
        `select ${codec.select('t')} from "${name}" t where t.id = $1::int`,
        [key],
        (rows) => rows.map((r) => codec.decode(r)),
      );
      const [drizzles] = await db.select().from(table).where(eq(table.id, key));
      expect(mine).toEqual(drizzles);
    }
  });

  it("reads the shop's queue as Drizzle's own queries read it", async () => {
    await setShop(app, 2, { chairs: 2 });
    for (let i = 0; i < 3; i++) {
      expect((await join(app, await newCustomer(app), 2)).statusCode).toBe(201);
    }
    const db = fi(app).db;
    const read = await loadShopQueue(db, 2, [], clock.at);
    if (!read) throw new Error('shop not read');
    const [pob] = await db.select().from(pobs).where(eq(pobs.id, 2));
    const { barbers, ...row } = read.pob;
    expect(row).toEqual(pob);
    expect(barbers).toEqual({ rows: [], days: [] });
    const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;
    expect([...read.active].sort(byId)).toEqual((await loadActiveOrders(db, 2)).sort(byId));
    expect(read.active.length).toBeGreaterThanOrEqual(3);
    expect(await loadShopQueue(db, 987_654, [], clock.at)).toBeUndefined();
  });

  it('inserts orders whose rows equal what Drizzle reads back, with the next tickets or a kept one', async () => {
    const db = fi(app).db;
    const now = new Date(clock.at);
    const values = (customerId: number): OrderValues => ({
      pobId: 3,
      customerId,
      source: 'app',
      walkInName: null,
      notifyPhone: null,
      status: 'active',
      priority: 0,
      rank: clock.at,
      rejoinedFrom: null,
      customerAtPob: false,
      checkedInAt: null,
      joinedAt: now,
      plannedMinutes: 30,
      shownWait: 5,
      waitEstimate: 5,
      items: [{ service_id: 1, group_id: 1, title: 'Cut', price: 20, duration: 30, extras: [] }],
      barberId: null,
      updatedAt: now,
    });
    const dayStart = new Date(clock.at - 3_600_000);
    const [a, b, c] = await Promise.all([newCustomer(app), newCustomer(app), newCustomer(app)]);
    const rows = await db.transaction((tx) =>
      insertOrders(tx, [
        { values: values(a!.id), ticket: { kept: null, dayStart } },
        { values: values(b!.id), ticket: { kept: 77, dayStart } },
        { values: values(c!.id), ticket: { kept: null, dayStart } },
      ]),
    );
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      const [stored] = await db.select().from(orders).where(eq(orders.id, row.id));
      expect(row).toEqual(stored);
      for (const key of ORDER_INSERT_KEYS) expect(row[key]).toEqual(values(row.customerId!)[key]);
    }
    const [first, kept, third] = rows;
    expect(kept?.ticket).toBe(77);
    // Each row's next ticket counts the rows before it in the statement (kept ones too).
    expect(third!.ticket! - first!.ticket!).toBe(2);
  });
});
