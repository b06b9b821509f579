import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema, selfDeferAnswerSchema, type Order } from '@jono/contract';
import { eq } from 'drizzle-orm';
import { buildTestApp } from './helpers';
import { authFor, fi, join, mutableClock, newCustomer, setShop } from './queue-factories';
import { orders } from '../src/db/schema';
import type { App } from '../src/app';

const clock = mutableClock();
let app: App;
const staff = new Map<number, Record<string, string>>();

beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
});
afterAll(() => app.close());

async function barber(pobId: number) {
  let auth = staff.get(pobId);
  if (!auth) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/fi/staff/login/',
      payload: { username: `barber${pobId}`, password: 'Jono1234' },
    });
    auth = { authorization: `Bearer ${res.json<{ access_token: string }>().access_token}` };
    staff.set(pobId, auth);
  }
  return auth;
}

async function joined(pobId: number, fields = {}) {
  const c = await newCustomer(app, fields);
  const res = await join(app, c, pobId);
  expect(res.statusCode, res.body).toBe(201);
  return { ...c, orderId: res.json<{ id: number }>().id };
}
const defer = async (c: { id: number; orderId: number }, minutes: number, preview = false) =>
  app.inject({
    method: 'POST',
    url: `/api/fi/customers/${c.id}/orders/${c.orderId}/defer/`,
    headers: await authFor(app, c.id),
    payload: { minutes, preview },
  });
const orderOf = async (c: { id: number; orderId: number }): Promise<Order> =>
  orderSchema.parse(
    (
      await app.inject({
        url: `/api/fi/customers/${c.id}/orders/${c.orderId}/`,
        headers: await authFor(app, c.id),
      })
    ).json(),
  );
const rejoin = async (c: { id: number; orderId: number }) =>
  app.inject({
    method: 'POST',
    url: `/api/fi/customers/${c.id}/orders/${c.orderId}/rejoin/`,
    headers: await authFor(app, c.id),
  });

describe('POST /customers/{id}/orders/{orderId}/defer/', () => {
  it('shows the new wait before confirming, then keeps the place while others are served first', async () => {
    await setShop(app, 2, { chairs: 1 });
    const first = await joined(2);
    const second = await joined(2);
    const before = await orderOf(first);
    const preview = selfDeferAnswerSchema.parse((await defer(first, 30, true)).json());
    expect(preview).toMatchObject({ applied: false, defers_left: 2 });
    expect(preview.wait_time).toBeGreaterThanOrEqual(30);
    expect((await orderOf(first)).presence?.state).not.toBe('deferred');

    const applied = selfDeferAnswerSchema.parse((await defer(first, 30)).json());
    expect(applied).toMatchObject({ applied: true, defers_left: 1, wait_time: preview.wait_time });
    const after = await orderOf(first);
    expect(after.presence).toMatchObject({ state: 'deferred', defers_left: 1 });
    expect(after.service_time_estimate.wait_time).toBe(preview.wait_time);
    expect(before.service_time_estimate.wait_time).toBeLessThan(preview.wait_time ?? 0);
    // The one behind is called first meanwhile, and staff see who deferred.
    expect((await orderOf(second)).service_time_estimate.wait_time).toBe(0);
    const board = (
      await app.inject({ url: '/api/fi/staff/queue/', headers: await barber(2) })
    ).json<{ orders: { id: number; presence?: { state: string } }[] }>();
    expect(board.orders.find((o) => o.id === first.orderId)?.presence?.state).toBe('deferred');
  });

  it('allows it twice per order, and refuses a defer past closing with the time-slot error', async () => {
    await setShop(app, 3, { chairs: 1 });
    const c = await joined(3);
    expect((await defer(c, 15)).statusCode).toBe(200);
    expect((await defer(c, 15)).statusCode).toBe(200);
    const third = await defer(c, 15);
    expect(third.statusCode).toBe(409);
    expect(third.json().error).toBe('limit_reached');

    const late = await joined(4);
    // Shop 4 closes at 21:00 local (19:00 UTC); 20 minutes before, 30 more cannot fit.
    clock.at = Date.UTC(2026, 10, 18, 18, 40);
    const refused = await defer(late, 30);
    clock.at = Date.UTC(2026, 10, 18, 10, 0);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      error: 'time_slot',
      message: 'Could not allocate time slot for order',
    });
  });

  it('refuses another customer and an order at a chair', async () => {
    const c = await joined(7);
    const other = await newCustomer(app);
    const res = await app.inject({
      method: 'POST',
      url: `/api/fi/customers/${c.id}/orders/${c.orderId}/defer/`,
      headers: other.auth,
      payload: { minutes: 15 },
    });
    expect(res.statusCode).toBe(403);
    await app.inject({
      method: 'POST',
      url: `/api/fi/staff/orders/${c.orderId}/start/`,
      headers: await barber(7),
    });
    expect((await defer(c, 15)).json().error).toBe('not_waiting');
    expect((await defer(c, 20)).statusCode).toBe(400);
  });
});

describe('POST /customers/{id}/orders/{orderId}/rejoin/', () => {
  it('puts a no-show back at the place it had, once a day, within 10 minutes', async () => {
    await setShop(app, 9, { chairs: 1 });
    // A minute apart: each has its own rank (join time).
    const a = await joined(9);
    clock.advance(1);
    const b = await joined(9);
    clock.advance(1);
    const c = await joined(9);
    const noShow = await app.inject({
      method: 'POST',
      url: `/api/fi/staff/orders/${b.orderId}/no-show/`,
      headers: await barber(9),
    });
    expect(noShow.statusCode).toBe(200);
    const gone = await orderOf(b);
    expect(gone.presence?.rejoin_until).not.toBeNull();

    const back = await rejoin(b);
    expect(back.statusCode, back.body).toBe(201);
    const again = { id: b.id, orderId: back.json<{ id: number }>().id };
    const board = (
      await app.inject({ url: '/api/fi/staff/queue/', headers: await barber(9) })
    ).json<{ orders: { id: number; position: number; presence?: { rejoined: boolean } }[] }>();
    const pos = (id: number) => board.orders.find((o) => o.id === id)?.position;
    expect(pos(again.orderId)).toBe((pos(a.orderId) ?? 0) + 1);
    expect(pos(c.orderId)).toBe((pos(again.orderId) ?? 0) + 1);
    expect(board.orders.find((o) => o.id === again.orderId)?.presence?.rejoined).toBe(true);
    // The same number as before: the one the screen and the customer know.
    const before = (await orderOf(b)).ticket;
    expect(before).not.toBeNull();
    expect((await orderOf(again)).ticket).toBe(before);

    // Leaves again by mistake: a second rejoin the same day is refused.
    await app.inject({
      method: 'PATCH',
      url: `/api/fi/customers/${b.id}/orders/${again.orderId}/`,
      headers: await authFor(app, b.id),
      payload: { cancel: true },
    });
    const twice = await rejoin(again);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe('limit_reached');

    // A new visit left the same day: taking the place back is not offered, as it would be refused.
    const customer = { id: b.id, auth: await authFor(app, b.id) };
    const joinedAgain = await join(app, customer, 9);
    expect(joinedAgain.statusCode, joinedAgain.body).toBe(201);
    const later = { id: b.id, orderId: joinedAgain.json<{ id: number }>().id };
    const left = await app.inject({
      method: 'PATCH',
      url: `/api/fi/customers/${b.id}/orders/${later.orderId}/`,
      headers: customer.auth,
      payload: { cancel: true },
    });
    // The cancel's own answer already says so (it is read with the UPDATE), as a later GET does.
    expect(left.json<Order>().presence?.rejoin_until).toBeNull();
    expect((await orderOf(later)).presence?.rejoin_until).toBeNull();
    const history = (
      await app.inject({ url: `/api/fi/customers/${b.id}/orders/`, headers: customer.auth })
    ).json<{ items: Order[] }>();
    expect(history.items.map((o) => o.presence?.rejoin_until ?? null)).not.toContainEqual(
      expect.any(String),
    );
    expect((await rejoin(later)).json().error).toBe('limit_reached');
  });

  it("offers the place back in a first cancel's own answer", async () => {
    const first = await joined(9);
    const left = await app.inject({
      method: 'PATCH',
      url: `/api/fi/customers/${first.id}/orders/${first.orderId}/`,
      headers: await authFor(app, first.id),
      payload: { cancel: true },
    });
    expect(left.statusCode).toBe(200);
    const answer = left.json<Order>();
    expect(answer.status).toBe('cancelled');
    expect(answer.presence?.rejoin_until).toEqual(expect.any(String));
    expect(answer.presence?.rejoin_until).toBe((await orderOf(first)).presence?.rejoin_until);
  });

  it('refuses after 10 minutes, an order still active, and another customer’s order', async () => {
    clock.at = Date.UTC(2026, 10, 18, 10, 0);
    await setShop(app, 10, { chairs: 1 });
    const c = await joined(10);
    expect((await rejoin(c)).json().error).toBe('active_order_exists');
    await app.inject({
      method: 'PATCH',
      url: `/api/fi/customers/${c.id}/orders/${c.orderId}/`,
      headers: await authFor(app, c.id),
      payload: { cancel: true },
    });
    const other = await newCustomer(app);
    const foreign = await app.inject({
      method: 'POST',
      url: `/api/fi/customers/${other.id}/orders/${c.orderId}/rejoin/`,
      headers: other.auth,
    });
    expect(foreign.statusCode).toBe(404);
    clock.advance(11);
    const late = await rejoin(c);
    clock.at = Date.UTC(2026, 10, 18, 10, 0);
    expect(late.json().error).toBe('limit_reached');
    const [row] = await fi(app).db.select().from(orders).where(eq(orders.id, c.orderId));
    expect(row?.status).toBe('cancelled');
  });
});

describe('kindness with bounds (issue 27)', () => {
  it('refuses to take back a visit the shop cancelled, and does not offer it', async () => {
    await setShop(app, 11, { chairs: 1 });
    const c = await joined(11);
    const cancelled = await app.inject({
      method: 'POST',
      url: `/api/fi/staff/orders/${c.orderId}/cancel/`,
      headers: await barber(11),
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await orderOf(c)).presence?.rejoin_until).toBeNull();
    const back = await rejoin(c);
    expect(back.statusCode).toBe(409);
    expect(back.json().error).toBe('conflict');
  });

  it('counts defers per customer and day: a rejoined visit does not renew them', async () => {
    clock.at = Date.UTC(2026, 10, 18, 10, 0);
    await setShop(app, 12, { chairs: 1 });
    await joined(12);
    const c = await joined(12);
    expect((await defer(c, 15)).statusCode).toBe(200);
    expect((await defer(c, 15)).statusCode).toBe(200);
    await app.inject({
      method: 'PATCH',
      url: `/api/fi/customers/${c.id}/orders/${c.orderId}/`,
      headers: await authFor(app, c.id),
      payload: { cancel: true },
    });
    const back = await rejoin(c);
    expect(back.statusCode, back.body).toBe(201);
    const again = { id: c.id, orderId: back.json<{ id: number }>().id };
    const third = await defer(again, 15);
    expect(third.statusCode, third.body).toBe(409);
    expect(third.json().error).toBe('limit_reached');
  });

  it('refuses a travel time over 90 minutes', async () => {
    const c = await joined(12);
    const travel = async (minutes: number) =>
      app.inject({
        method: 'POST',
        url: `/api/fi/customers/${c.id}/orders/${c.orderId}/travel/`,
        headers: await authFor(app, c.id),
        payload: { minutes },
      });
    expect((await travel(180)).statusCode).toBe(400);
    expect((await travel(91)).statusCode).toBe(400);
    expect((await travel(90)).statusCode).toBe(200);
  });
});
