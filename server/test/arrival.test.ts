// The app's own arrival detection (issue 31): POST /customers/{id}/orders/{orderId}/arrival/ with
// a fix within the shop's radius records the customer at the shop (source `position`), as a
// check-in does for the engine and the board; DELETE is "not yet". Owner only, validated by the
// contract's schema, idempotent; the position is checked, not stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orderSchema, staffQueueSchema } from '@jono/contract';
import type { App } from '../src/app';
import { orders, pobs } from '../src/db/schema';
import { buildTestApp } from './helpers';
import { fi, join, mutableClock, newCustomer, setShop } from './queue-factories';

const clock = mutableClock();
let app: App;
const SHOP = 3;
let staff: Record<string, string>;
let shopAt: { lat: number; lng: number };
/** Metres north of the shop as a fix. */
const north = (m: number, accuracy = 20) => ({
  latitude: shopAt.lat + m / 111_320,
  longitude: shopAt.lng,
  accuracy,
});

beforeAll(async () => {
  app = await buildTestApp({ now: clock.now, limits: { orders: { max: 30, windowMs: 60_000 } } });
  const res = await app.inject({
    method: 'POST',
    url: '/api/fi/staff/login/',
    payload: { username: `barber${SHOP}`, password: 'Jono1234' },
  });
  expect(res.statusCode).toBe(200);
  staff = { authorization: `Bearer ${res.json<{ access_token: string }>().access_token}` };
  const [pob] = await fi(app).db.select().from(pobs).where(eq(pobs.id, SHOP));
  shopAt = { lat: Number(pob?.latitude), lng: Number(pob?.longitude) };
  // Every chair busy but one, so that who sits next shows whether the customer counts as here.
  await setShop(app, SHOP, { chairs: 1 });
});
afterAll(() => app.close());

type Customer = Awaited<ReturnType<typeof newCustomer>>;
const arrival = (c: Customer, orderId: number, payload?: object, method = 'POST' as const) =>
  app.inject({
    method,
    url: `/api/fi/customers/${c.id}/orders/${orderId}/arrival/`,
    headers: c.auth,
    ...(payload ? { payload } : {}),
  });
const notYet = (c: Customer, orderId: number) =>
  app.inject({
    method: 'DELETE',
    url: `/api/fi/customers/${c.id}/orders/${orderId}/arrival/`,
    headers: c.auth,
  });
const board = async () => {
  const res = await app.inject({ url: '/api/fi/staff/queue/', headers: staff });
  expect(res.statusCode).toBe(200);
  return staffQueueSchema.parse(res.json());
};
const rowOf = async (id: number) =>
  (await fi(app).db.select().from(orders).where(eq(orders.id, id)))[0];

describe('POST /customers/{id}/orders/{orderId}/arrival/', () => {
  it('within the radius with an accurate fix: at the shop, for the board and who sits next', async () => {
    const c = await newCustomer(app);
    const id = (await join(app, c, SHOP)).json<{ id: number }>().id;
    let q = await board();
    expect(q.orders.find((o) => o.id === id)).toMatchObject({ checked_in: false });
    expect(q.chairs.find((ch) => ch.state === 'free')?.next_order_id).toBeNull();

    clock.advance(7);
    const res = await arrival(c, id, north(60, 30));
    expect(res.statusCode, res.body).toBe(200);
    const order = orderSchema.parse(res.json());
    expect(order).toMatchObject({ customer_at_pob: true, presence_source: 'position' });
    q = await board();
    expect(q.orders.find((o) => o.id === id)).toMatchObject({
      checked_in: true,
      presence: { state: 'here' },
    });
    // Presence counts as a check-in does: the free chair now seats them.
    expect(q.chairs.find((ch) => ch.state === 'free')?.next_order_id).toBe(id);
    const checkedInAt = (await rowOf(id))?.checkedInAt?.getTime();
    expect(checkedInAt).toBe(clock.now());

    // Again a minute later: harmless, the arrival time kept.
    clock.advance(1);
    const again = await arrival(c, id, north(10, 5));
    expect(again.statusCode).toBe(200);
    expect((await rowOf(id))?.checkedInAt?.getTime()).toBe(checkedInAt);
    // Nothing of the position is kept on the order.
    expect(JSON.stringify(await rowOf(id))).not.toContain(String(north(60).latitude).slice(0, 9));

    // "Not yet": away again, as before; twice is harmless.
    const undone = await notYet(c, id);
    expect(undone.statusCode).toBe(200);
    expect(orderSchema.parse(undone.json())).toMatchObject({
      customer_at_pob: false,
      presence_source: null,
    });
    expect((await notYet(c, id)).statusCode).toBe(200);
    q = await board();
    expect(q.orders.find((o) => o.id === id)).toMatchObject({ checked_in: false });
    expect((await rowOf(id))?.checkedInAt).toBeNull();

    // Their own "I'm here" after the position confirms it: "not yet" no longer undoes it.
    expect((await arrival(c, id, north(30))).statusCode).toBe(200);
    const own = await app.inject({
      method: 'PATCH',
      url: `/api/fi/customers/${c.id}/orders/${id}/`,
      headers: c.auth,
      payload: { customer_at_pob: true },
    });
    expect(own.statusCode).toBe(200);
    expect(orderSchema.parse(own.json())).toMatchObject({
      customer_at_pob: true,
      presence_source: null,
    });
    expect((await notYet(c, id)).statusCode).toBe(409);
    await app.inject({
      method: 'PATCH',
      url: `/api/fi/customers/${c.id}/orders/${id}/`,
      headers: c.auth,
      payload: { cancel: true },
    });
  });

  it('too far, or a fix less accurate than the rule: refused, nothing recorded', async () => {
    const c = await newCustomer(app);
    const id = (await join(app, c, SHOP)).json<{ id: number }>().id;
    const far = await arrival(c, id, north(400, 10));
    expect(far.statusCode).toBe(409);
    expect(far.json()).toMatchObject({ error: 'not_at_shop' });
    const vague = await arrival(c, id, north(20, 80));
    expect(vague.statusCode).toBe(409);
    expect(vague.json()).toMatchObject({ error: 'not_at_shop' });
    expect((await rowOf(id))?.customerAtPob).toBe(false);
    await app.inject({
      method: 'PATCH',
      url: `/api/fi/customers/${c.id}/orders/${id}/`,
      headers: c.auth,
      payload: { cancel: true },
    });
  });

  it("validates with the contract's schema and answers only the order's own customer", async () => {
    const c = await newCustomer(app);
    const id = (await join(app, c, SHOP)).json<{ id: number }>().id;
    for (const bad of [
      { latitude: 60.1, longitude: 24.9 },
      { latitude: 91, longitude: 24.9, accuracy: 10 },
      { latitude: 60.1, longitude: 24.9, accuracy: -1 },
      { ...north(10), extra: 1 },
      { latitude: '60.1', longitude: 24.9, accuracy: 10 },
    ]) {
      const res = await arrival(c, id, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const other = await newCustomer(app);
    // Another customer's order: not found, through their own path or the owner's.
    expect((await arrival(other, id, north(10))).statusCode).toBe(404);
    const foreign = await app.inject({
      method: 'POST',
      url: `/api/fi/customers/${c.id}/orders/${id}/arrival/`,
      headers: other.auth,
      payload: north(10),
    });
    expect(foreign.statusCode).toBe(403);
    expect((await notYet(other, id)).statusCode).toBe(404);
    const anonymous = await app.inject({
      method: 'POST',
      url: `/api/fi/customers/${c.id}/orders/${id}/arrival/`,
      payload: north(10),
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await rowOf(id))?.customerAtPob).toBe(false);
    await app.inject({
      method: 'PATCH',
      url: `/api/fi/customers/${c.id}/orders/${id}/`,
      headers: c.auth,
      payload: { cancel: true },
    });
    // A finished order is no longer waiting: refused.
    expect((await arrival(c, id, north(10))).statusCode).toBe(409);
  });

  it('the customer\'s own check-in is not undone by "not yet"', async () => {
    const c = await newCustomer(app);
    const id = (await join(app, c, SHOP)).json<{ id: number }>().id;
    await app.inject({
      method: 'PATCH',
      url: `/api/fi/customers/${c.id}/orders/${id}/`,
      headers: c.auth,
      payload: { customer_at_pob: true },
    });
    // A position afterwards changes nothing: they said so themselves.
    const res = await arrival(c, id, north(10));
    expect(orderSchema.parse(res.json()).presence_source).toBeNull();
    expect((await notYet(c, id)).statusCode).toBe(409);
    expect((await rowOf(id))?.customerAtPob).toBe(true);
    await app.inject({
      method: 'PATCH',
      url: `/api/fi/customers/${c.id}/orders/${id}/`,
      headers: c.auth,
      payload: { cancel: true },
    });
  });

  it('is rate-limited per address, as orders are', async () => {
    const c = await newCustomer(app);
    const id = (await join(app, c, SHOP)).json<{ id: number }>().id;
    const codes: number[] = [];
    for (let i = 0; i < 35; i++) codes.push((await arrival(c, id, north(10))).statusCode);
    expect(codes).toContain(429);
    clock.advance(2);
    await app.inject({
      method: 'PATCH',
      url: `/api/fi/customers/${c.id}/orders/${id}/`,
      headers: c.auth,
      payload: { cancel: true },
    });
  });
});
