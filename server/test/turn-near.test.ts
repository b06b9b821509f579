import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './helpers';
import {
  authFor,
  catalogue,
  fi,
  join as joinNow,
  mutableClock,
  newCustomer,
  setShop,
} from './queue-factories';
import type { App } from '../src/app';
import type { PushMessage } from '../src/services/turn-near';

const clock = mutableClock();
let app: App;
const staffTokens = new Map<number, Record<string, string>>();
const pushed: { subscription: string; message: PushMessage }[] = [];

beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
  app.queue.push = {
    send: async (subscription, message) => {
      pushed.push({ subscription, message });
      return true;
    },
  };
});

async function staffOf(pobId: number) {
  let auth = staffTokens.get(pobId);
  if (!auth) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/fi/staff/login/',
      payload: { username: `barber${pobId}`, password: 'Jono1234' },
    });
    auth = { authorization: `Bearer ${res.json<{ access_token: string }>().access_token}` };
    staffTokens.set(pobId, auth);
  }
  return auth;
}
afterAll(() => app.close());

/** Joins, then waits for the notices, which are sent after the join is answered. */
const join = async (...args: Parameters<typeof joinNow>) => {
  const res = await joinNow(...args);
  await args[0].queue.settled();
  return res;
};
const smsTo = (phone: string) => (fi(app).devOutbox?.outbox ?? []).filter((m) => m.to === phone);
const start = async (pobId: number, id: number) => {
  const res = await app.inject({
    method: 'POST',
    url: `/api/fi/staff/orders/${id}/start/`,
    headers: await staffOf(pobId),
  });
  expect(res.statusCode).toBe(200);
  // Messages leave through the outbox worker after the answer.
  await app.queue.settled();
};
async function walkIn(pobId: number) {
  const [s] = await catalogue(app, pobId);
  const res = await app.inject({
    method: 'POST',
    url: '/api/fi/staff/walk-ins/',
    headers: await staffOf(pobId),
    payload: { items: [{ service_id: s?.id }] },
  });
  return res.json<{ id: number }>().id;
}

describe('Your turn is near', () => {
  it('texts the next in line once, in their language, and the one after when the queue moves', async () => {
    await setShop(app, 10, { chairs: 1 });
    const first = await walkIn(10);
    await start(10, first);
    const next = await newCustomer(app);
    const after = await newCustomer(app, { appLanguage: 'en_GB' });
    const nextOrder = (await join(app, next, 10)).json<{ id: number }>().id;
    expect((await join(app, after, 10)).statusCode).toBe(201);

    expect(smsTo(next.phone)).toHaveLength(1);
    expect(smsTo(next.phone)[0]?.text).toMatch(/^Jono: vuorosi parturissa .+ on pian/);
    // The same number the app and the shop's screen show.
    const ticket = (
      await app.inject({
        url: `/api/fi/customers/${next.id}/orders/${nextOrder}/`,
        headers: await authFor(app, next.id),
      })
    ).json<{ ticket: number }>().ticket;
    expect(smsTo(next.phone)[0]?.text).toContain(`(numero ${String(ticket).padStart(3, '0')})`);
    expect(smsTo(after.phone)).toHaveLength(0);

    await app.inject({
      method: 'POST',
      url: `/api/fi/staff/orders/${first}/finish/`,
      headers: await staffOf(10),
    });
    await start(10, nextOrder);
    expect(smsTo(after.phone)).toHaveLength(1);
    expect(smsTo(after.phone)[0]?.text).toMatch(/your turn at .+ is near/);
    expect(smsTo(next.phone)).toHaveLength(1);
  });

  it('notifies when time brings the estimate down to 10 minutes', async () => {
    await setShop(app, 11, { chairs: 2 });
    // Two chairs busy for about 25 minutes, one customer next in line, ours second: our turn is
    // when the later of the two chairs frees, whose median is past 25 minutes (the spread of
    // durations; 20 minutes in, the median wait left is under 10).
    await start(11, await walkIn(11));
    await start(11, await walkIn(11));
    const ahead = await newCustomer(app, { allowSms: false });
    await join(app, ahead, 11);
    const ours = await newCustomer(app);
    await join(app, ours, 11);
    expect(smsTo(ours.phone)).toHaveLength(0);
    clock.advance(20);
    await app.queue.sweep(fi(app));
    await app.queue.settled();
    expect(smsTo(ours.phone)).toHaveLength(1);
    await app.queue.sweep(fi(app));
    await app.queue.settled();
    expect(smsTo(ours.phone)).toHaveLength(1);
  });

  it('pushes instead of texting when the customer has a push subscription', async () => {
    await setShop(app, 12, { chairs: 3 });
    const subscription = JSON.stringify({ endpoint: 'https://push.example/abc', keys: {} });
    const c = await newCustomer(app, { fcmToken: subscription });
    expect((await join(app, c, 12)).statusCode).toBe(201);
    expect(pushed.filter((p) => p.subscription === subscription)).toHaveLength(1);
    expect(pushed[pushed.length - 1]?.message.body).toMatch(/vuorosi/);
    expect(smsTo(c.phone)).toHaveLength(0);
  });

  it('texts the next in line at 03:00 at a 24-hour shop (no quiet hours for a turn)', async () => {
    // 03:00 in Helsinki; shop 5 is open around the clock.
    clock.at = Date.UTC(2026, 10, 19, 1, 0);
    await setShop(app, 5, { chairs: 1 });
    await start(5, await walkIn(5));
    const night = await newCustomer(app);
    expect((await join(app, night, 5)).statusCode).toBe(201);
    expect(smsTo(night.phone)).toHaveLength(1);
    expect(smsTo(night.phone)[0]?.text).toMatch(/^Jono: vuorosi parturissa .+ on pian/);
  });

  it('sends nothing to a customer who allows neither push nor SMS', async () => {
    const c = await newCustomer(app, { allowSms: false });
    await join(app, c, 12);
    expect(smsTo(c.phone)).toHaveLength(0);
  });
});
