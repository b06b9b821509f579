// A word to everyone waiting, and the board's mark on an alert that failed.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema, staffQueueSchema } from '@jono/contract';
import type { App } from '../src/app';
import { orders } from '../src/db/schema';
import { SmsSendError, type SmsProvider } from '../src/services/sms';
import { buildTestApp } from './helpers';
import { authFor, fi, join, mutableClock, newCustomer, setShop } from './queue-factories';

const clock = mutableClock();
let app: App;

beforeAll(async () => {
  app = await buildTestApp({
    now: clock.now,
    limits: { shopNotices: { max: 3, windowMs: 24 * 60 * 60_000 } },
  });
});
afterAll(() => app.close());

async function staffOf(pobId: number) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/fi/staff/login/',
    payload: { username: `barber${pobId}`, password: 'Jono1234' },
  });
  return { authorization: `Bearer ${res.json<{ access_token: string }>().access_token}` };
}

const smsTo = (phone: string) =>
  (fi(app).devOutbox?.outbox ?? []).filter((m) => m.to === phone).map((m) => m.text);

describe('a word to everyone waiting', () => {
  it('shows in every waiting order and texts those who allow SMS, in their language', async () => {
    await setShop(app, 10, { chairs: 1 });
    const finn = await newCustomer(app);
    const brit = await newCustomer(app, { appLanguage: 'en_GB' });
    const quiet = await newCustomer(app, { allowSms: false });
    const ids = [];
    for (const c of [finn, brit, quiet])
      ids.push((await join(app, c, 10)).json<{ id: number }>().id);
    await fi(app).db.insert(orders).values({
      pobId: 10,
      source: 'kiosk',
      notifyPhone: '+358409990001',
      rank: clock.at,
      plannedMinutes: 30,
      customerAtPob: true,
      items: [],
    });
    app.queue.invalidate('fi', 10);
    await app.queue.settled();
    const staff = await staffOf(10);
    const res = await app.inject({
      method: 'POST',
      url: '/api/fi/staff/notices/',
      headers: staff,
      payload: {
        text: 'Olemme tänään 15 minuuttia myöhässä.',
        translations: { en: 'We are running 15 minutes late today.' },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ in_app: 4, by_sms: 3 });
    await app.queue.settled();
    await app.outbox.settled();
    expect(smsTo(finn.phone)).toContain('Jono: Olemme tänään 15 minuuttia myöhässä.');
    expect(smsTo(brit.phone)).toContain('Jono: We are running 15 minutes late today.');
    expect(smsTo(quiet.phone)).toHaveLength(0);
    expect(smsTo('+358409990001')).toContain('Jono: Olemme tänään 15 minuuttia myöhässä.');

    const order = await app.inject({
      method: 'GET',
      url: `/api/fi/customers/${quiet.id}/orders/${ids[2]}/`,
      headers: quiet.auth,
    });
    if (order.statusCode !== 200) throw new Error(order.body);
    const notice = orderSchema.parse(order.json()).notice;
    expect(notice?.text).toBe('Olemme tänään 15 minuuttia myöhässä.');
    expect(notice?.translations.en).toBe('We are running 15 minutes late today.');
    // Gone from the screen after four hours.
    clock.advance(4 * 60 + 1);
    app.queue.invalidate('fi', 10);
    const later = await app.inject({
      method: 'GET',
      url: `/api/fi/customers/${quiet.id}/orders/${ids[2]}/`,
      headers: await authFor(app, quiet.id),
    });
    expect(orderSchema.parse(later.json()).notice).toBeNull();
  });

  it('allows a few a day per shop, and refuses a long or empty one', async () => {
    const staff = await staffOf(11);
    const send = async (text: string) => {
      const r = await app.inject({
        method: 'POST',
        url: '/api/fi/staff/notices/',
        headers: staff,
        payload: { text },
      });
      return r;
    };
    expect((await send('x'.repeat(151))).statusCode).toBe(400);
    expect((await send('   ')).statusCode).toBe(400);
    for (let i = 0; i < app.limits.shopNotices.max; i++) {
      expect((await send(`Notice ${i}`)).statusCode).toBe(200);
    }
    expect((await send('One too many')).statusCode).toBe(429);
    // Another shop has its own allowance.
    const other = await app.inject({
      method: 'POST',
      url: '/api/fi/staff/notices/',
      headers: await staffOf(12),
      payload: { text: 'Suljemme tänään klo 18.' },
    });
    expect(other.statusCode).toBe(200);
  });

  it('is for staff only', async () => {
    const c = await newCustomer(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/fi/staff/notices/',
      headers: c.auth,
      payload: { text: 'hello' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('the board', () => {
  it('marks an order whose alert could not be delivered', async () => {
    const ctx = fi(app);
    const dev = ctx.sms;
    const failing: SmsProvider = {
      ...dev,
      name: dev.name,
      idempotent: true,
      send: async () => {
        throw new SmsSendError('SMS provider answered 400', true);
      },
      verify: () => false,
      inbound: () => null,
      status: () => null,
    };
    ctx.sms = failing;
    try {
      await setShop(app, 13, { chairs: 3 });
      const c = await newCustomer(app);
      const id = (await join(app, c, 13)).json<{ id: number }>().id;
      await app.queue.settled();
      await app.outbox.settled();
      const res = await app.inject({
        method: 'GET',
        url: '/api/fi/staff/queue/',
        headers: await staffOf(13),
      });
      const board = staffQueueSchema.parse(res.json());
      expect(board.orders.find((o) => o.id === id)?.alert_failed).toBe(true);
      const [row] = await ctx.db.select().from(orders).where(eq(orders.id, id));
      expect(row?.notifiedAt).not.toBeNull();
    } finally {
      ctx.sms = dev;
    }
  });
});
