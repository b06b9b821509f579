// Moving a waiting order to another shop: the time already waited is its place there, under both
// shops' locks, and concurrent moves, joins and refusals never lose or duplicate an order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { and, eq } from 'drizzle-orm';
import { moveOrderAnswerSchema, shorterWaitSchema } from '@jono/contract';
import { DEMO, buildTestApp } from './helpers';
import { authFor, fi, join, mutableClock, newCustomer, setShop } from './queue-factories';
import { orders, outbox } from '../src/db/schema';
import { SmsSendError } from '../src/services/sms';
import type { App } from '../src/app';

const clock = mutableClock();
let app: App;
let operator: Record<string, string>;

beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
  const res = await app.inject({
    method: 'POST',
    url: '/api/fi/staff/login/',
    payload: { username: 'operator-fi', password: DEMO.password },
  });
  operator = { authorization: `Bearer ${res.json<{ access_token: string }>().access_token}` };
});
afterAll(() => app.close());

const move = (orderId: number, toPobId: number) =>
  app.inject({
    method: 'POST',
    url: '/api/fi/operator/moves/',
    headers: operator,
    payload: { order_id: orderId, to_pob_id: toPobId },
  });

async function joined(pobId: number) {
  const customer = await newCustomer(app, { membershipType: null });
  const res = await join(app, customer, pobId);
  expect(res.statusCode, res.body).toBe(201);
  return { ...customer, orderId: res.json<{ id: number }>().id };
}

/** Messages written for operator moves so far. */
async function moveMessages() {
  return (await fi(app).db.select().from(outbox).where(eq(outbox.purpose, 'move'))).length;
}

/** The position (1 = next) of the order among the shop's waiting orders, from the live view. */
async function placeOf(pobId: number, orderId: number) {
  const view = await app.queue.view(fi(app), pobId);
  return view.estimate.orders.get(orderId)?.position ?? null;
}

describe('POST /operator/moves/', () => {
  it('keeps the time already waited as the place at the other shop, and the customer can go back', async () => {
    const early = await joined(3);
    clock.advance(20);
    const later1 = await joined(4);
    const later2 = await joined(4);
    const before = await placeOf(4, later1.orderId);
    const res = await move(early.orderId, 4);
    expect(res.statusCode, res.body).toBe(200);
    const answer = moveOrderAnswerSchema.parse(res.json());
    expect(answer).toMatchObject({ pob_id: 4, moved_from: early.orderId });
    // Earlier than both who joined later: ahead of them in the new shop.
    const movedPlace = await placeOf(4, answer.order_id);
    expect(movedPlace).not.toBeNull();
    expect(movedPlace).toBeLessThan((await placeOf(4, later1.orderId)) ?? 0);
    expect(await placeOf(4, later1.orderId)).toBe((before ?? 0) + 1);
    expect(await placeOf(4, later2.orderId)).toBeGreaterThan(movedPlace ?? 0);
    const [oldRow] = await fi(app).db.select().from(orders).where(eq(orders.id, early.orderId));
    const [newRow] = await fi(app).db.select().from(orders).where(eq(orders.id, answer.order_id));
    expect(oldRow?.status).toBe('cancelled');
    expect(newRow?.joinedAt.getTime()).toBe(oldRow?.joinedAt.getTime());
    expect(newRow?.rank).toBe(oldRow?.rank);
    // The customer is told (SMS, through the outbox: one row keyed by the move, sent) and sees
    // where they came from.
    const rows = await fi(app)
      .db.select()
      .from(outbox)
      .where(eq(outbox.key, `move:${answer.order_id}`));
    expect(rows).toMatchObject([
      { purpose: 'move', channel: 'sms', status: 'sent', orderId: answer.order_id, pobId: 4 },
    ]);
    expect(rows[0]?.body).toMatch(/Kamppi|Jono/);
    const sms = fi(app).devOutbox?.outbox.filter(
      (m) => m.to === early.phone && m.text === rows[0]?.body,
    );
    expect(sms).toHaveLength(1);
    early.auth = await authFor(app, early.id);
    const info = await app.inject({
      url: `/api/fi/customers/${early.id}/orders/${answer.order_id}/shorter-wait/`,
      headers: early.auth,
    });
    expect(shorterWaitSchema.parse(info.json()).moved_from).toMatchObject({
      order_id: early.orderId,
      pob_id: 3,
    });
    // Refusing puts the order back at its first shop, first place.
    const back = await app.inject({
      method: 'POST',
      url: `/api/fi/customers/${early.id}/orders/${answer.order_id}/move-back/`,
      headers: early.auth,
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(moveOrderAnswerSchema.parse(back.json())).toMatchObject({
      order_id: early.orderId,
      pob_id: 3,
    });
    const active = await fi(app)
      .db.select()
      .from(orders)
      .where(and(eq(orders.customerId, early.id), eq(orders.status, 'active')));
    expect(active.map((o) => o.id)).toEqual([early.orderId]);
  });

  it('refuses a closed shop, an order that already left, and a customer moving themselves without a much shorter wait', async () => {
    const c = await joined(3);
    await setShop(app, 4, { queueState: 'closed' });
    expect((await move(c.orderId, 4)).statusCode).toBe(409);
    await setShop(app, 4, { queueState: 'open' });
    const self = await app.inject({
      method: 'POST',
      url: `/api/fi/customers/${c.id}/orders/${c.orderId}/move/`,
      headers: c.auth,
      payload: { to_pob_id: 4 },
    });
    expect(self.statusCode).toBe(409);
    expect((await move(c.orderId, 4)).statusCode).toBe(200);
    // The old order moved: moving it again is a conflict, not a second copy.
    expect((await move(c.orderId, 2)).statusCode).toBe(409);
  });

  it("writes the customer's message with the move: a provider failure neither fails the move nor loses the message", async () => {
    const ctx = fi(app);
    const c = await joined(3);
    const real = ctx.sms;
    let down = true;
    ctx.sms = {
      ...real,
      send: (m) =>
        down ? Promise.reject(new SmsSendError('SMS provider answered 503', false)) : real.send(m),
    };
    try {
      const res = await move(c.orderId, 4);
      expect(res.statusCode, res.body).toBe(200);
      const key = `move:${moveOrderAnswerSchema.parse(res.json()).order_id}`;
      const [pending] = await ctx.db.select().from(outbox).where(eq(outbox.key, key));
      expect(pending).toMatchObject({ status: 'pending', attempts: 1, recipient: c.phone });
      // The provider is back; after the backoff the worker sends it, once.
      down = false;
      clock.advance(1);
      await app.outbox.kick(ctx);
      const [sent] = await ctx.db.select().from(outbox).where(eq(outbox.key, key));
      expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
      expect(
        ctx.devOutbox?.outbox.filter((m) => m.to === c.phone && m.text === sent?.body),
      ).toHaveLength(1);
    } finally {
      ctx.sms = real;
    }
  });

  it('a refused move writes no message', async () => {
    const c = await joined(3);
    await setShop(app, 4, { queueState: 'closed' });
    expect((await move(c.orderId, 4)).statusCode).toBe(409);
    await setShop(app, 4, { queueState: 'open' });
    const rows = await fi(app)
      .db.select()
      .from(outbox)
      .where(and(eq(outbox.recipient, c.phone), eq(outbox.purpose, 'move')));
    expect(rows).toEqual([]);
  });

  it('never loses or duplicates an order under concurrent moves, joins and refusals', async () => {
    const shops = [1, 2, 3, 4];
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            kind: fc.constantFrom('move', 'move', 'join', 'back'),
            who: fc.nat(5),
            to: fc.constantFrom(...shops),
          }),
          { minLength: 4, maxLength: 12 },
        ),
        async (ops) => {
          const people = await Promise.all(
            [0, 1, 2, 3, 4, 5].map((i) => joined(shops[i % shops.length] ?? 1)),
          );
          const origin = new Map<number, { joinedAt: number; rank: number; priority: number }>();
          for (const p of people) {
            const [row] = await fi(app).db.select().from(orders).where(eq(orders.id, p.orderId));
            if (row) {
              origin.set(p.id, {
                joinedAt: row.joinedAt.getTime(),
                rank: row.rank,
                priority: row.priority,
              });
            }
          }
          const current = async (customerId: number) =>
            fi(app)
              .db.select()
              .from(orders)
              .where(and(eq(orders.customerId, customerId), eq(orders.status, 'active')));
          const extra: number[] = [];
          let moved = 0;
          const messagesBefore = await moveMessages();
          await Promise.all(
            ops.map(async (op) => {
              const p = people[op.who];
              if (!p) return;
              if (op.kind === 'join') {
                extra.push((await joined(op.to)).id);
                return;
              }
              const [row] = await current(p.id);
              if (!row) return;
              const res =
                op.kind === 'move'
                  ? await move(row.id, op.to)
                  : await app.inject({
                      method: 'POST',
                      url: `/api/fi/customers/${p.id}/orders/${row.id}/move-back/`,
                      headers: p.auth,
                    });
              expect([200, 400, 409]).toContain(res.statusCode);
              if (op.kind === 'move' && res.statusCode === 200) moved += 1;
            }),
          );
          // One message per operator move that happened: none for a refused one, never two.
          expect((await moveMessages()) - messagesBefore).toBe(moved);
          for (const p of people) {
            const active = await current(p.id);
            expect(active).toHaveLength(1);
            const row = active[0];
            const o = origin.get(p.id);
            expect(row?.joinedAt.getTime()).toBe(o?.joinedAt);
            expect(row?.rank).toBe(o?.rank);
            expect(row?.priority).toBe(o?.priority);
          }
          for (const id of extra) expect(await current(id)).toHaveLength(1);
          // Leave the shops empty for the next run.
          await fi(app)
            .db.update(orders)
            .set({ status: 'cancelled' })
            .where(eq(orders.status, 'active'));
          for (const s of shops) app.queue.invalidate('fi', s);
        },
      ),
      { numRuns: 6 },
    );
  });
});
