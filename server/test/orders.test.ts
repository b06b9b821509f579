import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  SERVER_TEXT,
  orderListSchema,
  orderSchema,
  pobSchema,
  profileSchema,
} from '@jono/contract';
import { buildTestApp } from './helpers';
import {
  WEDNESDAY_NOON,
  catalogue,
  fi,
  join,
  joinHere,
  newCustomer,
  orderPayload,
  setShop,
} from './queue-factories';
import type { App } from '../src/app';
import { orders, waitEstimates } from '../src/db/schema';

let app: App;
beforeAll(async () => {
  app = await buildTestApp({ now: () => WEDNESDAY_NOON });
});
afterAll(() => app.close());

const url = (c: { id: number }, orderId?: number) =>
  `/api/fi/customers/${c.id}/orders/${orderId ? `${orderId}/` : ''}`;

describe('POST /customers/:id/orders/', () => {
  it('joins the queue, answers 201 {id} and the profile follows the active order', async () => {
    const c = await newCustomer(app);
    const res = await join(app, c, 13);
    expect(res.statusCode).toBe(201);
    const { id } = res.json<{ id: number }>();
    expect(Object.keys(res.json())).toEqual(['id']);
    const profile = profileSchema.parse(
      (await app.inject({ url: `/api/fi/customers/${c.id}/`, headers: c.auth })).json(),
    );
    expect(profile.active_order_id).toBe(id);
  });

  it('takes prices, titles and durations from the shop, not from the body', async () => {
    const c = await newCustomer(app);
    const payload = await orderPayload(app, 1, { extra: true });
    const item = payload.items[0];
    if (!item) throw new Error('no item');
    const real = item.service_info.price;
    item.service_info.price = 1;
    item.service_info.duration = 1;
    item.service_info.title = 'Free haircut';
    const res = await app.inject({ method: 'POST', url: url(c), headers: c.auth, payload });
    expect(res.statusCode).toBe(201);
    const order = orderSchema.parse(
      (await app.inject({ url: url(c, res.json<{ id: number }>().id), headers: c.auth })).json(),
    );
    expect(order.items[0]?.service_info.price).toBe(real);
    expect(order.items[0]?.service_info.title).not.toBe('Free haircut');
    expect(order.items[0]?.extra_services).toHaveLength(1);
    expect(order.items[0]?.extra_services[0]?.price).toBeGreaterThan(0);
    expect(order.status).toBe('active');
    const { wait_time: wait, wait_range: range } = order.service_time_estimate;
    expect(wait).toEqual(expect.any(Number));
    // The order carries the 80 % interval of its wait around the median.
    expect(range?.low).toBeLessThanOrEqual(wait ?? -1);
    expect(range?.high).toBeGreaterThanOrEqual(wait ?? Infinity);
    // The closed loop: the estimate shown was stored with the model's numbers behind it.
    const stored = await fi(app)
      .db.select()
      .from(waitEstimates)
      .where(eq(waitEstimates.orderId, order.id));
    expect(stored.map((e) => [e.wait, e.low, e.high])).toContainEqual([
      wait,
      range?.low,
      range?.high,
    ]);
    expect(stored[0]?.modelP10).toBeLessThanOrEqual(stored[0]?.modelP90 ?? -1);
  });

  it('refuses a second active order', async () => {
    const c = await newCustomer(app);
    expect((await join(app, c, 13)).statusCode).toBe(201);
    const second = await join(app, c, 5);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      error: 'active_order_exists',
      message: SERVER_TEXT.activeOrderExists,
    });
  });

  it('refuses a service of another shop', async () => {
    const c = await newCustomer(app);
    const payload = await orderPayload(app, 2);
    payload.pob_id = 13;
    const res = await app.inject({ method: 'POST', url: url(c), headers: c.auth, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation' });
  });

  it('refuses an extra that belongs to another service', async () => {
    const c = await newCustomer(app);
    const list = await catalogue(app, 13);
    const withExtra = list.find((s) => s.extras.length > 0);
    const other = list.find((s) => s.id !== withExtra?.id);
    const payload = await orderPayload(app, 13, { service: other?.id });
    const item = payload.items[0];
    const extra = withExtra?.extras[0];
    if (!item || !extra) throw new Error('catalogue');
    item.extra_services = [{ amount: 1, service_id: extra.id, title: extra.title }];
    const res = await app.inject({ method: 'POST', url: url(c), headers: c.auth, payload });
    expect(res.statusCode).toBe(400);
  });

  it('refuses unknown fields and amounts other than 1', async () => {
    const c = await newCustomer(app);
    const payload = { ...(await orderPayload(app, 13)), note: 'x' };
    expect(
      (await app.inject({ method: 'POST', url: url(c), headers: c.auth, payload })).statusCode,
    ).toBe(400);
    const two = await orderPayload(app, 13);
    (two.items[0] as { amount: number }).amount = 2;
    expect(
      (await app.inject({ method: 'POST', url: url(c), headers: c.auth, payload: two })).statusCode,
    ).toBe(400);
  });

  it('refuses a shop that is closed or full', async () => {
    const c = await newCustomer(app);
    for (const pobId of [6, 8]) {
      const res = await join(app, c, pobId);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        error: 'not_taking_orders',
        message: SERVER_TEXT.notTakingOrders,
      });
    }
  });

  it('refuses a shop with no barber on duty', async () => {
    await setShop(app, 9, { chairs: 0 });
    const c = await newCustomer(app);
    expect((await join(app, c, 9)).statusCode).toBe(409);
    const shop = pobSchema.parse((await app.inject('/api/fi/pobs/9/')).json());
    expect(shop.queue_state).toBe('full');
  });

  it('answers 401 without a token and 403 for another customer', async () => {
    const a = await newCustomer(app);
    const b = await newCustomer(app);
    const payload = await orderPayload(app, 13);
    expect((await app.inject({ method: 'POST', url: url(a), payload })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'POST', url: url(a), headers: b.auth, payload })).statusCode,
    ).toBe(403);
  });

  it('gives members priority: a platinum member goes ahead of a one-time customer', async () => {
    await setShop(app, 10, { chairs: 1 });
    const oneTime = await newCustomer(app);
    const platinum = await newCustomer(app, {
      membershipType: 'platinum',
      membershipEnd: '2027-12-31',
    });
    const blocker = await newCustomer(app);
    // At the shop: a free chair goes to the first customer who is here.
    expect((await joinHere(app, blocker, 10)).statusCode).toBe(201);
    const o1 = (await joinHere(app, oneTime, 10)).json<{ id: number }>().id;
    const o2 = (await joinHere(app, platinum, 10)).json<{ id: number }>().id;
    const wait = async (c: typeof oneTime, id: number) =>
      orderSchema.parse((await app.inject({ url: url(c, id), headers: c.auth })).json())
        .service_time_estimate.wait_time ?? -1;
    // One chair: platinum goes first although the others joined earlier.
    const o0 =
      (await app.inject({ url: url(blocker), headers: blocker.auth })).json<{
        items: { id: number }[];
      }>().items[0]?.id ?? 0;
    expect(await wait(platinum, o2)).toBe(0);
    expect(await wait(blocker, o0)).toBeGreaterThan(0);
    expect(await wait(oneTime, o1)).toBeGreaterThan(await wait(blocker, o0));
    const [row] = await fi(app).db.select().from(orders).where(eq(orders.id, o2));
    expect(row?.priority).toBe(3);
    const shop = pobSchema.parse((await app.inject('/api/fi/pobs/10/')).json());
    const est = (p: number) =>
      shop.service_time_estimates.find((e) => e.priority === p)?.wait_time ?? -1;
    expect(est(0)).toBeGreaterThan(est(3));
  });
});

describe('Time slots before closing', () => {
  it('refuses an order that would end after closing with the spec text', async () => {
    // 18:50 in Helsinki; shop 2 closes at 19:00 and a haircut takes 25 minutes.
    const late = await buildTestApp({ now: () => Date.UTC(2026, 10, 18, 16, 50) });
    try {
      const c = await newCustomer(late);
      const res = await join(late, c, 2);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: 'time_slot', message: SERVER_TEXT.timeSlot });
      const shop = pobSchema.parse((await late.inject('/api/fi/pobs/2/')).json());
      expect(shop.closing_soon).toBe(true);
      expect(shop.queue_state).toBe('open');
      const allDay = pobSchema.parse((await late.inject('/api/fi/pobs/1/')).json());
      expect(allDay.closing_soon).toBe(false);
    } finally {
      await late.close();
    }
  });

  it('shows a shop as closed outside its opening hours', async () => {
    // 06:00 in Helsinki.
    const early = await buildTestApp({ now: () => Date.UTC(2026, 10, 18, 4, 0) });
    try {
      const shop = pobSchema.parse((await early.inject('/api/fi/pobs/2/')).json());
      expect(shop).toMatchObject({ open: false, queue_state: 'closed' });
      const c = await newCustomer(early);
      expect((await join(early, c, 2)).json()).toMatchObject({ error: 'not_taking_orders' });
    } finally {
      await early.close();
    }
  });
});

describe('GET /customers/:id/orders/:orderId/', () => {
  it('tells a waiting customer how many are ahead of them', async () => {
    const first = await newCustomer(app);
    const second = await newCustomer(app);
    const a = (await join(app, first, 13)).json<{ id: number }>().id;
    const b = (await join(app, second, 13)).json<{ id: number }>().id;
    const orderA = orderSchema.parse(
      (await app.inject({ url: url(first, a), headers: first.auth })).json(),
    );
    const orderB = orderSchema.parse(
      (await app.inject({ url: url(second, b), headers: second.auth })).json(),
    );
    expect(orderA).toMatchObject({ in_service: false, ahead: expect.any(Number) });
    expect(orderB.ahead).toBe((orderA.ahead ?? -2) + 1);
  });

  it("answers 404 for another customer's order through one's own path", async () => {
    const a = await newCustomer(app);
    const b = await newCustomer(app);
    const id = (await join(app, b, 13)).json<{ id: number }>().id;
    expect((await app.inject({ url: url(a, id), headers: a.auth })).statusCode).toBe(404);
    expect((await app.inject({ url: url(b, id), headers: a.auth })).statusCode).toBe(403);
    expect((await app.inject({ url: url(b, id) })).statusCode).toBe(401);
  });
});

describe('PATCH /customers/:id/orders/:orderId/', () => {
  it('checks in', async () => {
    const c = await newCustomer(app);
    const id = (await join(app, c, 13)).json<{ id: number }>().id;
    const res = await app.inject({
      method: 'PATCH',
      url: url(c, id),
      headers: c.auth,
      payload: { customer_at_pob: true },
    });
    expect(res.statusCode).toBe(200);
    expect(orderSchema.parse(res.json()).customer_at_pob).toBe(true);
  });

  it('cancels, clears the active order, and lets the customer join again', async () => {
    const c = await newCustomer(app);
    const id = (await join(app, c, 13)).json<{ id: number }>().id;
    const res = await app.inject({
      method: 'PATCH',
      url: url(c, id),
      headers: c.auth,
      payload: { cancel: true },
    });
    expect(res.statusCode).toBe(200);
    const order = orderSchema.parse(res.json());
    expect(order.status).toBe('cancelled');
    expect(order.service_time_estimate.wait_time).toBeNull();
    const profile = profileSchema.parse(
      (await app.inject({ url: `/api/fi/customers/${c.id}/`, headers: c.auth })).json(),
    );
    expect(profile.active_order_id).toBeNull();
    const again = await app.inject({
      method: 'PATCH',
      url: url(c, id),
      headers: c.auth,
      payload: { cancel: true },
    });
    expect(again.statusCode).toBe(409);
    expect((await join(app, c, 13)).statusCode).toBe(201);
  });

  it('refuses a body with both or neither action', async () => {
    const c = await newCustomer(app);
    const id = (await join(app, c, 13)).json<{ id: number }>().id;
    for (const payload of [{}, { cancel: true, customer_at_pob: true }, { cancel: false }]) {
      const res = await app.inject({ method: 'PATCH', url: url(c, id), headers: c.auth, payload });
      expect(res.statusCode).toBe(400);
    }
  });

  it("answers 403 when customer A changes customer B's order", async () => {
    const a = await newCustomer(app);
    const b = await newCustomer(app);
    const id = (await join(app, b, 13)).json<{ id: number }>().id;
    const res = await app.inject({
      method: 'PATCH',
      url: url(b, id),
      headers: a.auth,
      payload: { cancel: true },
    });
    expect(res.statusCode).toBe(403);
    const [row] = await fi(app)
      .db.select()
      .from(orders)
      .where(and(eq(orders.id, id)));
    expect(row?.status).toBe('active');
  });
});

describe('GET /customers/:id/orders/', () => {
  it('lists the history newest first', async () => {
    const c = await newCustomer(app);
    const first = (await join(app, c, 13)).json<{ id: number }>().id;
    await app.inject({
      method: 'PATCH',
      url: url(c, first),
      headers: c.auth,
      payload: { cancel: true },
    });
    const second = (await join(app, c, 13)).json<{ id: number }>().id;
    const list = orderListSchema.parse((await app.inject({ url: url(c), headers: c.auth })).json());
    expect(list.items.map((o) => o.id)).toEqual([second, first]);
    expect(list.items.map((o) => o.status)).toEqual(['active', 'cancelled']);
  });
});

describe('Estimates', () => {
  it('computes a shop once per change and persists every active estimate', async () => {
    await setShop(app, 11, { chairs: 1 });
    const a = await newCustomer(app);
    const b = await newCustomer(app);
    await joinHere(app, a, 11);
    const id = (await joinHere(app, b, 11)).json<{ id: number }>().id;
    const before = app.queue.computations;
    for (let i = 0; i < 3; i++) await app.inject('/api/fi/pobs/11/');
    expect(app.queue.computations - before).toBeLessThanOrEqual(1);
    const [row] = await fi(app).db.select().from(orders).where(eq(orders.id, id));
    expect(row?.waitEstimate).toBeGreaterThan(0);
    expect(row?.shownWait).toBe(row?.waitEstimate);
  });

  it('computes and writes a burst of changes to one shop once, and a later change again', async () => {
    const c = await newCustomer(app);
    await join(app, c, 11);
    const ctx = fi(app);
    const before = app.queue.computations;
    const burst = await Promise.all(Array.from({ length: 10 }, () => app.queue.changed(ctx, 11)));
    expect(app.queue.computations - before).toBe(1);
    expect(new Set(burst).size).toBe(1);

    // A change made while a refresh runs is not answered with that refresh's older view.
    const first = app.queue.changed(ctx, 11);
    await new Promise((resolve) => setImmediate(resolve));
    const second = app.queue.changed(ctx, 11);
    const [a, b] = await Promise.all([first, second]);
    expect(b).not.toBe(a);
    expect(b.computedAt).toBeGreaterThanOrEqual(a.computedAt);
    expect(app.queue.computations - before).toBe(3);
  });
});
