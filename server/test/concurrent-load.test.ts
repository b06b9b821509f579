// 200 concurrent joins over 10 shops with racing cancels, check-ins and double joins: no customer
// with two active orders, no acknowledged order lost, every estimate consistent with the final queue.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { orderSchema, type CreateOrderPayload } from '@jono/contract';
import { buildTestApp } from './helpers';
import { WEDNESDAY_NOON, fi, newCustomer, orderPayload } from './queue-factories';
import { orders } from '../src/db/schema';
import type { App } from '../src/app';

let app: App;
beforeAll(async () => {
  app = await buildTestApp({ now: () => WEDNESDAY_NOON });
});
afterAll(() => app.close());

const SHOPS = [1, 2, 3, 4, 5, 7, 9, 10, 11, 12];

describe('200 concurrent joins over 10 shops', () => {
  it(
    'loses nothing, doubles nothing and keeps every estimate consistent',
    { timeout: 180_000 },
    async () => {
      const payloads = new Map<number, CreateOrderPayload>();
      for (const pob of SHOPS) payloads.set(pob, await orderPayload(app, pob));
      const customers = [];
      for (let i = 0; i < 200; i++) {
        customers.push(
          await newCustomer(
            app,
            i % 5 === 0 ? { membershipType: 'gold', membershipEnd: '2099-01-01' } : {},
          ),
        );
      }

      type Outcome = {
        pob: number;
        customerId: number;
        orderId?: number;
        final: 'active' | 'checkedIn' | 'cancelled' | 'none';
      };
      const outcomes = await Promise.all(
        customers.map(async (c, i): Promise<Outcome> => {
          const pob = SHOPS[i % SHOPS.length] as number;
          const join = () =>
            app.inject({
              method: 'POST',
              url: `/api/fi/customers/${c.id}/orders/`,
              headers: c.auth,
              payload: payloads.get(pob),
            });
          // Every seventh customer double-taps the join button.
          const answers = await Promise.all(i % 7 === 0 ? [join(), join()] : [join()]);
          const ok = answers.filter((a) => a.statusCode === 201);
          for (const a of answers) expect([201, 409]).toContain(a.statusCode);
          expect(ok.length).toBe(1);
          const orderId = ok[0]?.json<{ id: number }>().id;
          const patch = (payload: object) =>
            app.inject({
              method: 'PATCH',
              url: `/api/fi/customers/${c.id}/orders/${orderId}/`,
              headers: c.auth,
              payload,
            });
          if (i % 4 === 1) {
            expect((await patch({ cancel: true })).statusCode).toBe(200);
            return { pob, customerId: c.id, orderId, final: 'cancelled' };
          }
          if (i % 4 === 2) {
            expect((await patch({ customer_at_pob: true })).statusCode).toBe(200);
            return { pob, customerId: c.id, orderId, final: 'checkedIn' };
          }
          return { pob, customerId: c.id, orderId, final: 'active' };
        }),
      );

      const db = fi(app).db;
      const doubles = await db.execute(
        sql`select customer_id from orders where status = 'active' and customer_id is not null group by customer_id having count(*) > 1`,
      );
      expect((doubles as unknown as { rows: unknown[] }).rows).toEqual([]);

      for (const o of outcomes) {
        const [row] = await db
          .select()
          .from(orders)
          .where(and(eq(orders.id, o.orderId ?? -1), eq(orders.customerId, o.customerId)));
        expect(row, `order of customer ${o.customerId}`).toBeDefined();
        expect(row?.status).toBe(o.final === 'cancelled' ? 'cancelled' : 'active');
        if (o.final === 'checkedIn') expect(row?.customerAtPob).toBe(true);
      }

      // Estimates: the order's answer, the stored estimate and a fresh computation all agree, and
      // within a priority nobody later in the queue is told a shorter wait.
      const ctx = fi(app);
      for (const pob of SHOPS) {
        app.queue.invalidate('fi', pob);
        const view = await app.queue.view(ctx, pob);
        const active = outcomes.filter((o) => o.final !== 'cancelled' && o.pob === pob);
        expect(view.active.length).toBe(active.length);
        const byPriority = new Map<number, { position: number; wait: number }[]>();
        for (const row of view.active) {
          const est = view.estimate.orders.get(row.id);
          expect(est, `estimate of order ${row.id}`).toBeDefined();
          const c = customers.find((x) => x.id === row.customerId);
          const res = await app.inject({
            url: `/api/fi/customers/${row.customerId}/orders/${row.id}/`,
            headers: c?.auth,
          });
          const answered = orderSchema.parse(res.json()).service_time_estimate.wait_time;
          expect(answered).toBe(est?.waitMinutes);
          const [stored] = await db
            .select({ w: orders.waitEstimate })
            .from(orders)
            .where(eq(orders.id, row.id));
          expect(stored?.w).toBe(est?.waitMinutes);
          const list = byPriority.get(row.priority) ?? [];
          list.push({ position: est?.position ?? 0, wait: est?.waitMinutes ?? 0 });
          byPriority.set(row.priority, list);
        }
        for (const list of byPriority.values()) {
          list.sort((a, b) => a.position - b.position);
          for (let k = 1; k < list.length; k++)
            expect(list[k]?.wait).toBeGreaterThanOrEqual(list[k - 1]?.wait ?? 0);
        }
      }
    },
  );
});
