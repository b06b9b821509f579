// Joins racing each other: the per-shop advisory lock and the one-active-order index decide.
// Runs on PGlite, and on real PostgreSQL when DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { SERVER_TEXT } from '@jono/contract';
import { buildTestApp } from './helpers';
import { fi, join, newCustomer, setShop } from './queue-factories';
import type { App } from '../src/app';
import { orders } from '../src/db/schema';

let app: App;
beforeAll(async () => {
  // 18:00 in Helsinki: shop 2 closes at 19:00.
  app = await buildTestApp({ now: () => Date.UTC(2026, 10, 18, 16, 0) });
});
afterAll(() => app.close());

describe('POST /customers/:id/orders/ under concurrency', () => {
  it('gives one active order when one customer joins twice at once', async () => {
    const c = await newCustomer(app);
    const answers = await Promise.all([join(app, c, 1), join(app, c, 5), join(app, c, 1)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    for (const r of answers.filter((x) => x.statusCode === 409)) {
      expect(r.json()).toMatchObject({ error: 'active_order_exists' });
    }
    const active = await fi(app)
      .db.select()
      .from(orders)
      .where(and(eq(orders.customerId, c.id), eq(orders.status, 'active')));
    expect(active).toHaveLength(1);
  });

  it('never over-allocates when 50 customers race for the last slots before closing', async () => {
    // One chair, 60 minutes to closing, 25-minute haircuts: exactly two fit.
    await setShop(app, 2, { chairs: 1 });
    const people = await Promise.all(Array.from({ length: 50 }, () => newCustomer(app)));
    const answers = await Promise.all(people.map((p) => join(app, p, 2)));
    const accepted = answers.filter((r) => r.statusCode === 201);
    expect(accepted).toHaveLength(2);
    for (const r of answers.filter((x) => x.statusCode !== 201)) {
      expect(r.statusCode).toBe(409);
      expect(r.json()).toMatchObject({ error: 'time_slot', message: SERVER_TEXT.timeSlot });
    }
    const active = await fi(app)
      .db.select()
      .from(orders)
      .where(and(eq(orders.pobId, 2), eq(orders.status, 'active')));
    expect(active).toHaveLength(2);
  });
});
