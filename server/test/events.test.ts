import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema, pobEventSchema, staffQueueSchema, type PobEvent } from '@jono/contract';
import { buildTestApp } from './helpers';
import { WEDNESDAY_NOON, catalogue, join, newCustomer, setShop } from './queue-factories';
import { openSse, type SseClient } from './sse-client';
import type { App } from '../src/app';

let app: App;
let base: string;
const open: SseClient[] = [];
beforeAll(async () => {
  app = await buildTestApp({ now: () => WEDNESDAY_NOON });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const addr = app.server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}/api/fi`;
});
afterAll(async () => {
  for (const s of open) s.close();
  await app.close();
});
const sse = async (path: string, headers?: Record<string, string>) => {
  const s = await openSse(`${base}${path}`, headers);
  open.push(s);
  return s;
};
const until = async (cond: () => boolean) => {
  for (let i = 0; i < 100 && !cond(); i++) await new Promise((r) => setTimeout(r, 20));
  return cond();
};

describe('GET /pobs/:id/events', () => {
  it("sends the shop's estimates at once and again after a join", async () => {
    await setShop(app, 13, { chairs: 1 });
    const s = await sse('/pobs/13/events');
    expect(s.status).toBe(200);
    expect(s.contentType).toMatch(/^text\/event-stream/);
    const first = pobEventSchema.parse(await s.next());
    expect(first).toMatchObject({
      id: 13,
      queue_state: 'open',
      queue_info: { queue_employees: 1 },
    });
    const wait0 = (e: PobEvent) =>
      e.service_time_estimates.find((x) => x.priority === 0)?.wait_time;
    expect(wait0(first)).toBe(0);
    expect((await join(app, await newCustomer(app), 13)).statusCode).toBe(201);
    const after = await s.next<PobEvent>((e) => (wait0(e) ?? 0) > 0);
    expect(pobEventSchema.parse(after).id).toBe(13);
  });

  it('unsubscribes when the client goes away', async () => {
    const s = await sse('/pobs/5/events');
    await s.next();
    expect(app.queue.listenerCount('fi', 5)).toBe(1);
    s.close();
    expect(await until(() => app.queue.listenerCount('fi', 5) === 0)).toBe(true);
  });

  it('answers 404 for an unknown shop', async () => {
    expect((await app.inject('/api/fi/pobs/999/events')).statusCode).toBe(404);
  });
});

describe('GET /customers/:id/orders/:orderId/events', () => {
  it('sends the order with ?access_token= and again after check-in', async () => {
    const c = await newCustomer(app);
    const id = (await join(app, c, 5)).json<{ id: number }>().id;
    const token = c.auth.authorization.slice(7);
    const s = await sse(`/customers/${c.id}/orders/${id}/events?access_token=${token}`);
    expect(orderSchema.parse(await s.next())).toMatchObject({ id, customer_at_pob: false });
    await app.inject({
      method: 'PATCH',
      url: `/api/fi/customers/${c.id}/orders/${id}/`,
      headers: c.auth,
      payload: { customer_at_pob: true },
    });
    await s.next<{ customer_at_pob: boolean }>((o) => o.customer_at_pob);
  });

  it("refuses without a token and another customer's order", async () => {
    const a = await newCustomer(app);
    const b = await newCustomer(app);
    const id = (await join(app, b, 5)).json<{ id: number }>().id;
    expect((await app.inject(`/api/fi/customers/${b.id}/orders/${id}/events`)).statusCode).toBe(
      401,
    );
    const other = await app.inject({
      url: `/api/fi/customers/${b.id}/orders/${id}/events`,
      headers: a.auth,
    });
    expect(other.statusCode).toBe(403);
    const own = await app.inject({
      url: `/api/fi/customers/${a.id}/orders/${id}/events`,
      headers: a.auth,
    });
    expect(own.statusCode).toBe(404);
  });
});

describe('GET /staff/events', () => {
  it('sends the staff queue and again when a walk-in joins', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/fi/staff/login/',
      payload: { username: 'barber1', password: 'Jono1234' },
    });
    const token = login.json<{ access_token: string }>().access_token;
    const s = await sse('/staff/events', { authorization: `Bearer ${token}` });
    const first = staffQueueSchema.parse(await s.next());
    expect(first.pob.id).toBe(1);
    const [svc] = await catalogue(app, 1);
    const res = await app.inject({
      method: 'POST',
      url: '/api/fi/staff/walk-ins/',
      headers: { authorization: `Bearer ${token}` },
      payload: { items: [{ service_id: svc?.id }], name: 'Jussi' },
    });
    const id = res.json<{ id: number }>().id;
    await s.next<{ orders: { id: number }[] }>((q) => q.orders.some((o) => o.id === id));
    expect((await app.inject('/api/fi/staff/events')).statusCode).toBe(401);
  });
});

describe('a stream lasts as long as the token it was opened with', () => {
  /** The same caller's token, valid for one more second. */
  const shortLived = async (token: string) => {
    const claims = await app.tokens.verifyAccess(token);
    if (typeof claims === 'string') throw new Error(`token ${claims}`);
    return app.tokens.signAccess(claims, 1);
  };

  it("ends a customer's order stream when its token expires, not before", async () => {
    const c = await newCustomer(app);
    const id = (await join(app, c, 5)).json<{ id: number }>().id;
    const path = `/customers/${c.id}/orders/${id}/events?access_token=`;
    const lasting = await sse(path + c.auth.authorization.slice(7));
    const expiring = await sse(path + (await shortLived(c.auth.authorization.slice(7))));
    await expect(expiring.next(() => false, 5000)).rejects.toThrow('stream ended');
    // The stream opened with a 15-minute token still delivers changes.
    await lasting.next();
    await app.inject({
      method: 'PATCH',
      url: `/api/fi/customers/${c.id}/orders/${id}/`,
      headers: c.auth,
      payload: { customer_at_pob: true },
    });
    await lasting.next<{ customer_at_pob: boolean }>((o) => o.customer_at_pob);
  });

  it("ends the staff console's stream when its token expires", async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/fi/staff/login/',
      payload: { username: 'barber1', password: 'Jono1234' },
    });
    const token = await shortLived(login.json<{ access_token: string }>().access_token);
    const s = await sse('/staff/events', { authorization: `Bearer ${token}` });
    await expect(s.next(() => false, 5000)).rejects.toThrow('stream ended');
  });
});
