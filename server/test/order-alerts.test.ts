// The customer's alert choice per order: when (N ahead, N minutes before) and by which channel,
// one alert by one channel, never both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema, staffQueueSchema } from '@jono/contract';
import type { App } from '../src/app';
import { orders } from '../src/db/schema';
import type { PushMessage } from '../src/services/turn-near';
import { buildTestApp } from './helpers';
import { fi, join, mutableClock, newCustomer, setShop } from './queue-factories';

const clock = mutableClock();
let app: App;
const pushed: { subscription: string; message: PushMessage }[] = [];
const ended = new Set<string>();

beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
  app.queue.push = {
    send: async (subscription, message) => {
      // A subscription the push service says has ended (410): nothing delivered.
      if (ended.has(subscription)) return false;
      pushed.push({ subscription, message });
      return true;
    },
  };
});
afterAll(() => app.close());

const smsTo = (phone: string) => (fi(app).devOutbox?.outbox ?? []).filter((m) => m.to === phone);
const pushesTo = (subscription: string) => pushed.filter((p) => p.subscription === subscription);
const subscription = (n: number) =>
  JSON.stringify({
    endpoint: `https://fcm.googleapis.com/fcm/send/alerts-${n}`,
    keys: { p256dh: 'k', auth: 'a' },
  });

async function choose(
  c: { id: number; auth: Record<string, string> },
  orderId: number,
  alerts: { ahead: number | null; minutes: number | null; channel: string | null },
) {
  const res = await app.inject({
    method: 'PUT',
    url: `/api/fi/customers/${c.id}/orders/${orderId}/alerts/`,
    headers: c.auth,
    payload: alerts,
  });
  await app.queue.settled();
  return res;
}

/** A shop with one chair and `ahead` walk-ins at the shop waiting before anyone else. */
async function shopWithQueue(pobId: number, ahead: number) {
  await setShop(app, pobId, { chairs: 1 });
  for (let i = 0; i < ahead; i++) {
    await fi(app)
      .db.insert(orders)
      .values({
        pobId,
        source: 'walk_in',
        walkInName: `Walk-in ${i}`,
        rank: clock.at - (ahead - i) * 1000,
        plannedMinutes: 30,
        customerAtPob: true,
        checkedInAt: new Date(clock.at),
        joinedAt: new Date(clock.at - 60_000),
        items: [],
      });
  }
  app.queue.invalidate('fi', pobId);
  await app.queue.settled();
}

describe('alert choice per order', () => {
  it('alerts when the chosen number are ahead, on the choice itself', async () => {
    await shopWithQueue(10, 3);
    const c = await newCustomer(app);
    const id = (await join(app, c, 10)).json<{ id: number }>().id;
    await app.queue.settled();
    expect(smsTo(c.phone)).toHaveLength(0);
    const res = await choose(c, id, { ahead: 3, minutes: null, channel: null });
    expect(res.statusCode).toBe(200);
    expect(orderSchema.parse(res.json()).alerts).toEqual({
      ahead: 3,
      minutes: null,
      channel: null,
    });
    expect(smsTo(c.phone)).toHaveLength(1);
    // Once per order: another choice does not alert again.
    await choose(c, id, { ahead: null, minutes: 60, channel: null });
    expect(smsTo(c.phone)).toHaveLength(1);
  });

  it('does not alert before the chosen number ahead', async () => {
    await shopWithQueue(11, 3);
    const c = await newCustomer(app);
    const id = (await join(app, c, 11)).json<{ id: number }>().id;
    await choose(c, id, { ahead: 1, minutes: null, channel: null });
    expect(smsTo(c.phone)).toHaveLength(0);
  });

  it('never alerts with channel none, and texts instead of pushing with channel sms', async () => {
    await setShop(app, 12, { chairs: 3 });
    const none = await newCustomer(app, { fcmToken: subscription(1) });
    const noneId = (await join(app, none, 12)).json<{ id: number }>().id;
    // Joining an empty shop alerts at once: choose on an order that waits first.
    expect(noneId).toBeGreaterThan(0);
    await app.queue.settled();

    await shopWithQueue(13, 4);
    const texted = await newCustomer(app, { fcmToken: subscription(2) });
    const textedId = (await join(app, texted, 13)).json<{ id: number }>().id;
    await choose(texted, textedId, { ahead: null, minutes: null, channel: 'sms' });
    const silent = await newCustomer(app, { fcmToken: subscription(3) });
    const silentId = (await join(app, silent, 13)).json<{ id: number }>().id;
    await choose(silent, silentId, { ahead: 10, minutes: null, channel: 'none' });
    await choose(texted, textedId, { ahead: 10, minutes: null, channel: 'sms' });
    expect(smsTo(texted.phone)).toHaveLength(1);
    expect(pushesTo(subscription(2))).toHaveLength(0);
    expect(smsTo(silent.phone)).toHaveLength(0);
    expect(pushesTo(subscription(3))).toHaveLength(0);
  });

  it('pushes only (no SMS too) by default when subscribed', async () => {
    await setShop(app, 9, { chairs: 3 });
    const c = await newCustomer(app, { fcmToken: subscription(4) });
    await join(app, c, 9);
    await app.queue.settled();
    expect(pushesTo(subscription(4))).toHaveLength(1);
    expect(smsTo(c.phone)).toHaveLength(0);
  });

  it("refuses both ways at once, out of range, and another customer's order", async () => {
    await shopWithQueue(7, 2);
    const c = await newCustomer(app);
    const id = (await join(app, c, 7)).json<{ id: number }>().id;
    expect((await choose(c, id, { ahead: 2, minutes: 20, channel: null })).statusCode).toBe(400);
    expect((await choose(c, id, { ahead: null, minutes: 500, channel: null })).statusCode).toBe(
      400,
    );
    expect((await choose(c, id, { ahead: null, minutes: null, channel: 'fax' })).statusCode).toBe(
      400,
    );
    const other = await newCustomer(app);
    const res = await app.inject({
      method: 'PUT',
      url: `/api/fi/customers/${other.id}/orders/${id}/alerts/`,
      headers: other.auth,
      payload: { ahead: 1, minutes: null, channel: null },
    });
    expect(res.statusCode).toBe(404);
  });

  describe('push only, and a subscription that ended', () => {
    async function board(pobId: number) {
      const login = await app.inject({
        method: 'POST',
        url: '/api/fi/staff/login/',
        payload: { username: `barber${pobId}`, password: 'Jono1234' },
      });
      const res = await app.inject({
        method: 'GET',
        url: '/api/fi/staff/queue/',
        headers: {
          authorization: `Bearer ${login.json<{ access_token: string }>().access_token}`,
        },
      });
      return staffQueueSchema.parse(res.json());
    }
    const settle = async () => {
      await app.queue.settled();
      await app.outbox.settled();
      await app.queue.settled();
      await app.outbox.settled();
    };

    it('push only: a 410 sends no SMS, and the board shows the alert failed', async () => {
      await shopWithQueue(3, 2);
      const sub = subscription(20);
      ended.add(sub);
      const c = await newCustomer(app, { fcmToken: sub, allowSms: true });
      const id = (await join(app, c, 3)).json<{ id: number }>().id;
      await choose(c, id, { ahead: 5, minutes: null, channel: 'push' });
      await settle();
      expect(smsTo(c.phone)).toHaveLength(0);
      expect(pushesTo(sub)).toHaveLength(0);
      expect((await board(3)).orders.find((o) => o.id === id)?.alert_failed).toBe(true);
    });

    it('push only without any subscription: no SMS, shown failed on the board', async () => {
      await shopWithQueue(4, 2);
      const c = await newCustomer(app, { allowSms: true });
      const id = (await join(app, c, 4)).json<{ id: number }>().id;
      await choose(c, id, { ahead: 5, minutes: null, channel: 'push' });
      await settle();
      expect(smsTo(c.phone)).toHaveLength(0);
      expect((await board(4)).orders.find((o) => o.id === id)?.alert_failed).toBe(true);
    });

    it('the default channel: a 410 sends the alert once by SMS, not failed', async () => {
      await shopWithQueue(5, 2);
      const sub = subscription(21);
      ended.add(sub);
      const c = await newCustomer(app, { fcmToken: sub, allowSms: true });
      const id = (await join(app, c, 5)).json<{ id: number }>().id;
      await choose(c, id, { ahead: 5, minutes: null, channel: null });
      await settle();
      expect(smsTo(c.phone)).toHaveLength(1);
      expect(pushesTo(sub)).toHaveLength(0);
      expect((await board(5)).orders.find((o) => o.id === id)?.alert_failed ?? false).toBe(false);
    });
  });

  describe("the shop's default", () => {
    async function staffAuth(username: string) {
      const login = await app.inject({
        method: 'POST',
        url: '/api/fi/staff/login/',
        payload: { username, password: 'Jono1234' },
      });
      return { authorization: `Bearer ${login.json<{ access_token: string }>().access_token}` };
    }
    const setDefault = async (pobId: number, body: Record<string, unknown>, user = 'manager') =>
      app.inject({
        method: 'PUT',
        url: '/api/fi/staff/shop/alerts/',
        headers: await staffAuth(`${user}${pobId}`),
        payload: body,
      });

    it('a manager sets it; new orders follow it (when and channel) and show it', async () => {
      await shopWithQueue(1, 3);
      const res = await setDefault(1, { ahead: 3, minutes: null, channel: 'sms' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ahead: 3, minutes: null, channel: 'sms' });
      const read = await app.inject({
        method: 'GET',
        url: '/api/fi/staff/shop/alerts/',
        headers: await staffAuth('manager1'),
      });
      expect(read.json()).toEqual({ ahead: 3, minutes: null, channel: 'sms' });

      // Subscribed to push, three ahead: the shop's "3 ahead" alerts at once, by SMS first.
      const sub = subscription(30);
      const c = await newCustomer(app, { fcmToken: sub, allowSms: true });
      const joined = await join(app, c, 1);
      const id = joined.json<{ id: number }>().id;
      await app.queue.settled();
      await app.outbox.settled();
      expect(smsTo(c.phone)).toHaveLength(1);
      expect(pushesTo(sub)).toHaveLength(0);
      const order = await app.inject({
        method: 'GET',
        url: `/api/fi/customers/${c.id}/orders/${id}/`,
        headers: c.auth,
      });
      expect(orderSchema.parse(order.json()).alert_default).toEqual({
        ahead: 3,
        minutes: null,
        channel: 'sms',
      });
    });

    it("the customer's own choice wins over it", async () => {
      await shopWithQueue(2, 3);
      // The shop: when next in line, SMS first. Three ahead: no alert on the join.
      await setDefault(2, { ahead: 0, minutes: null, channel: 'sms' });
      const sub = subscription(31);
      const c = await newCustomer(app, { fcmToken: sub, allowSms: true });
      const id = (await join(app, c, 2)).json<{ id: number }>().id;
      await app.queue.settled();
      await app.outbox.settled();
      expect(smsTo(c.phone)).toHaveLength(0);
      expect(pushesTo(sub)).toHaveLength(0);
      // The customer: when 3 are ahead, by push: alerted now, by push only.
      await choose(c, id, { ahead: 3, minutes: null, channel: 'push' });
      await app.outbox.settled();
      expect(pushesTo(sub)).toHaveLength(1);
      expect(smsTo(c.phone)).toHaveLength(0);
    });

    it('refuses a barber, both ways at once, and an unknown channel', async () => {
      expect(
        (await setDefault(13, { ahead: 1, minutes: null, channel: null }, 'barber')).statusCode,
      ).toBe(403);
      expect((await setDefault(13, { ahead: 1, minutes: 10, channel: null })).statusCode).toBe(400);
      expect(
        (await setDefault(13, { ahead: null, minutes: null, channel: 'none' })).statusCode,
      ).toBe(400);
    });
  });
});
