import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import {
  orderSchema,
  pobEventSchema,
  reconnectSpreadMs,
  staffQueueSchema,
  type PobEvent,
} from '@jono/contract';
import { buildTestApp, streamTicket, listenLocally } from './helpers';
import { WEDNESDAY_NOON, catalogue, fi, join, newCustomer, setShop } from './queue-factories';
import { openSse, type SseClient } from './sse-client';
import type { App } from '../src/app';
import { eq, sql } from 'drizzle-orm';
import { pobs, refreshTokens, staff } from '../src/db/schema';
import { hashPassword } from '../src/lib/passwords';
import { recheckSessions } from '../src/services/revocation';

let app: App;
let base: string;
let clock = WEDNESDAY_NOON;
const open: SseClient[] = [];
beforeAll(async () => {
  app = await buildTestApp({ now: () => clock });
  base = `${await listenLocally(app)}/api/fi`;
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
  it('sends the order with a stream ticket in ?ticket= and again after check-in', async () => {
    const c = await newCustomer(app);
    const id = (await join(app, c, 5)).json<{ id: number }>().id;
    const token = c.auth.authorization.slice(7);
    const s = await sse(
      `/customers/${c.id}/orders/${id}/events?ticket=${await streamTicket(app, token)}`,
    );
    expect(orderSchema.parse(await s.next())).toMatchObject({ id, customer_at_pob: false });
    await app.inject({
      method: 'PATCH',
      url: `/api/fi/customers/${c.id}/orders/${id}/`,
      headers: c.auth,
      payload: { customer_at_pob: true },
    });
    await s.next<{ customer_at_pob: boolean }>((o) => o.customer_at_pob);
  });

  it('says which moment each answer and live message describes, later for a later state', async () => {
    const c = await newCustomer(app);
    const id = (await join(app, c, 5)).json<{ id: number }>().id;
    const url = `/api/fi/customers/${c.id}/orders/${id}/`;
    const moment = (o: { as_of?: string }) => Date.parse(o.as_of ?? '');
    const before = orderSchema.parse((await app.inject({ url, headers: c.auth })).json());
    expect(moment(before)).not.toBeNaN();
    const token = c.auth.authorization.slice(7);
    const s = await sse(
      `/customers/${c.id}/orders/${id}/events?ticket=${await streamTicket(app, token)}`,
    );
    await s.next();
    clock += 60_000;
    onTestFinished(() => {
      clock = WEDNESDAY_NOON;
    });
    await app.inject({ method: 'PATCH', url, headers: c.auth, payload: { customer_at_pob: true } });
    const live = orderSchema.parse(
      await s.next<{ customer_at_pob: boolean }>((o) => o.customer_at_pob),
    );
    // The app keeps the later of two: the state after the check-in is never taken for an older one.
    expect(moment(live)).toBeGreaterThan(moment(before));
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

describe('fan-out', () => {
  const staffToken = async (username: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/fi/staff/login/',
      payload: { username, password: 'Jono1234' },
    });
    return { authorization: `Bearer ${res.json<{ access_token: string }>().access_token}` };
  };

  it("builds each change's messages once and sends the same bytes to every stream", async () => {
    const c = await newCustomer(app);
    const orderId = (await join(app, c, 13)).json<{ id: number }>().id;
    const orderPath = `/customers/${c.id}/orders/${orderId}/events`;
    const staff = await staffToken('manager13');
    const streams = {
      order: await Promise.all([1, 2, 3].map(() => sse(orderPath, c.auth))),
      staff: await Promise.all([1, 2].map(() => sse('/staff/events', staff))),
      shop: await Promise.all([1, 2, 3].map(() => sse('/pobs/13/events'))),
    };
    const all = [...streams.order, ...streams.staff, ...streams.shop];
    for (const s of all) await s.next();
    const before = app.live.feeds.builds;

    // One change: another customer joins.
    expect((await join(app, await newCustomer(app), 13)).statusCode).toBe(201);
    for (const s of [...streams.staff, ...streams.shop]) await s.next();
    // One shop message, one staff board and one order message: not one per stream.
    expect(app.live.feeds.builds - before).toBe(3);
    for (const group of [streams.staff, streams.shop]) {
      expect(new Set(group.map((s) => s.ids[1])).size).toBe(1);
    }
    // The board and the shop's estimates moved (the order ahead of the newcomer did not).
    for (const s of [...streams.staff, ...streams.shop]) expect(s.ids[1]).not.toBe(s.ids[0]);
    // ...so its streams are sent nothing: their order is as they have it (issue 29).
    for (const s of streams.order) await expect(s.next(undefined, 300)).rejects.toThrow();
    // A change that moves it reaches them all, with the same bytes: staff cancel it.
    const cancelled = await app.inject({
      method: 'POST',
      url: `/api/fi/staff/orders/${orderId}/cancel/`,
      headers: staff,
    });
    expect(cancelled.statusCode).toBe(200);
    for (const s of streams.order) expect(await s.next()).toMatchObject({ status: 'cancelled' });
    expect(new Set(streams.order.map((s) => s.ids[1])).size).toBe(1);
  });

  it('does not send again a state the reconnecting client already has (Last-Event-ID)', async () => {
    // One chair: the join below moves a newcomer's wait, so the shop's page has a new state.
    const [was] = await fi(app).db.select({ chairs: pobs.chairs }).from(pobs).where(eq(pobs.id, 9));
    await setShop(app, 9, { chairs: 1 });
    onTestFinished(() => setShop(app, 9, { chairs: was?.chairs ?? 1 }));
    const first = await sse('/pobs/9/events');
    await first.next();
    const seen = first.ids[0] ?? '';
    const resumed = await sse('/pobs/9/events', { 'last-event-id': seen });
    const byQuery = await sse(`/pobs/9/events?last_event_id=${seen}`);
    const stale = await sse('/pobs/9/events', { 'last-event-id': 'older-state' });
    expect(await stale.next()).toMatchObject({ id: 9 });
    expect(stale.ids[0]).toBe(seen);

    expect((await join(app, await newCustomer(app), 9)).statusCode).toBe(201);
    const changed = await first.next();
    // The first message the resumed streams receive is the new state, not the one they had.
    expect(await resumed.next()).toEqual(changed);
    expect(await byQuery.next()).toEqual(changed);
    expect(resumed.ids).toEqual([first.ids[1]]);
    expect(byQuery.ids).toEqual([first.ids[1]]);
  });

  it("sends a shop's page nothing for a change that leaves it as it was", async () => {
    const [was] = await fi(app).db.select({ chairs: pobs.chairs }).from(pobs).where(eq(pobs.id, 9));
    await setShop(app, 9, { chairs: 1 });
    onTestFinished(() => setShop(app, 9, { chairs: was?.chairs ?? 1 }));
    const page = await sse('/pobs/9/events');
    const before = await page.next();
    // Recomputed and announced with nothing moved (as when a finish's lesson lands unchanged).
    await app.queue.changed(fi(app), 9);
    await app.queue.settled();
    // A join moves a newcomer's wait: that is the next message, and the only one.
    expect((await join(app, await newCustomer(app), 9)).statusCode).toBe(201);
    const after = await page.next();
    expect(after).not.toEqual(before);
    expect(page.ids).toHaveLength(2);
    await expect(page.next(undefined, 300)).rejects.toThrow();
  });
});

describe('the reconnect window', () => {
  it("asks in the retry field for a window that widens with the node's streams", async () => {
    const first = async () => {
      const abort = new AbortController();
      const res = await fetch(`${base}/pobs/4/events`, { signal: abort.signal });
      const reader = res.body?.getReader();
      let chunk = '';
      while (!/retry: \d+\n/.test(chunk)) {
        const next = await reader?.read();
        if (!next || next.done) break;
        chunk += new TextDecoder().decode(next.value);
      }
      return { retry: Number(/retry: (\d+)/.exec(chunk)?.[1]), close: () => abort.abort() };
    };
    const one = await first();
    expect(one.retry).toBe(reconnectSpreadMs(app.live.streams.size - 1));
    // The window a node of 10,000 streams asks for is wider than one of a few.
    expect(reconnectSpreadMs(10_000)).toBeGreaterThan(one.retry);
    one.close();
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
    const path = `/customers/${c.id}/orders/${id}/events?ticket=`;
    const lasting = await sse(path + (await streamTicket(app, c.auth.authorization.slice(7))));
    const expiring = await sse(
      path + (await streamTicket(app, await shortLived(c.auth.authorization.slice(7)))),
    );
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

describe('a stream ends when its session is revoked', () => {
  const password = 'Parturi123';
  /** A customer with a password, logged in twice (two sessions), with an order in shop 5. */
  const twoSessions = async () => {
    const c = await newCustomer(app, { passwordHash: await hashPassword(password) });
    const logIn = async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/fi/login/',
        payload: { phone: c.phone, password },
      });
      return res.json<{ access_token: string; refresh_token: string }>();
    };
    const first = await logIn();
    const second = await logIn();
    const id = (await join(app, c, 5)).json<{ id: number }>().id;
    const stream = async (token: string) => {
      const s = await sse(
        `/customers/${c.id}/orders/${id}/events?ticket=${await streamTicket(app, token)}`,
      );
      orderSchema.parse(await s.next());
      return s;
    };
    return { c, first, second, stream };
  };
  const post = (url: string, payload: object | undefined, token: string) =>
    app.inject({
      method: 'POST',
      url: `/api/fi${url}`,
      payload,
      headers: { authorization: `Bearer ${token}` },
    });
  const staffLogin = async (username: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/fi/staff/login/',
      payload: { username, password: 'Jono1234' },
    });
    return res.json<{ access_token: string; staff: { id: number } }>();
  };
  const staffStream = async (token: string) => {
    const s = await sse('/staff/events', { authorization: `Bearer ${token}` });
    staffQueueSchema.parse(await s.next());
    return s;
  };
  const ends = (s: SseClient) =>
    expect(s.next(() => false, 10_000)).rejects.toThrow('stream ended');

  it('ends the order stream of a session that logs out, and not the other session', async () => {
    const { first, second, stream } = await twoSessions();
    const a = await stream(first.access_token);
    const b = await stream(second.access_token);
    expect((await post('/logout/', undefined, first.access_token)).statusCode).toBe(200);
    await ends(a);
    expect(app.sessionStreams.owners('fi').some((o) => o.session !== undefined)).toBe(true);
    b.close();
  });

  it("ends the other sessions' streams on a password change, and keeps the changer's", async () => {
    const { first, second, stream } = await twoSessions();
    const kept = await stream(first.access_token);
    const other = await stream(second.access_token);
    const res = await post(
      '/password/',
      { old_password: password, new_password: 'Vaihdettu123' },
      first.access_token,
    );
    expect(res.statusCode).toBe(200);
    await ends(other);
    // The changer's stream still delivers.
    await app.inject({
      method: 'PATCH',
      url: `/api/fi/customers/${((await app.tokens.verifyAccess(first.access_token)) as { sub: string }).sub}/`,
      headers: { authorization: `Bearer ${first.access_token}` },
      payload: { tutorial_seen: true },
    });
    expect(app.sessionStreams.size).toBeGreaterThan(0);
    kept.close();
  });

  it('ends every stream of the customer on a password reset, and of a family whose token is reused', async () => {
    const { c, first, second, stream } = await twoSessions();
    const a = await stream(first.access_token);
    // A refresh token used twice revokes its family.
    const rotated = await post('/refresh/', { refresh: first.refresh_token }, 'x');
    expect(rotated.statusCode).toBe(200);
    expect((await post('/refresh/', { refresh: first.refresh_token }, 'x')).statusCode).toBe(401);
    await ends(a);
    const b = await stream(second.access_token);
    await app.inject({
      method: 'POST',
      url: '/api/fi/auth/reset-token/',
      payload: { phone: c.phone },
    });
    const text = app.markets.get('fi')?.devOutbox?.outbox.at(-1)?.text ?? '';
    const code = /(\d{8})/.exec(text)?.[1];
    const reset = await app.inject({
      method: 'POST',
      url: '/api/fi/auth/reset/',
      payload: { phone: c.phone, token: code, password: 'Palautettu123' },
    });
    expect(reset.statusCode).toBe(200);
    await ends(b);
  });

  it("ends a barber's staff stream when a manager removes the account", async () => {
    const manager = await staffLogin('manager1');
    const created = await app.inject({
      method: 'POST',
      url: '/api/fi/staff/accounts/',
      headers: { authorization: `Bearer ${manager.access_token}` },
      payload: {
        username: 'poistuva',
        name: 'Poistuva Parturi',
        role: 'barber',
        password: 'Jono1234',
      },
    });
    expect(created.statusCode).toBe(201);
    const barber = await staffLogin('poistuva');
    const s = await staffStream(barber.access_token);
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/fi/staff/accounts/${barber.staff.id}/`,
      headers: { authorization: `Bearer ${manager.access_token}` },
    });
    expect(removed.statusCode).toBe(200);
    await ends(s);
  });

  it('revokes a staff token at logout: the queue and the stream refuse it, a new login works', async () => {
    // Issue 27: after staff logout the token still read the queue.
    const barber = await staffLogin('barber1');
    const auth = { authorization: `Bearer ${barber.access_token}` };
    const s = await staffStream(barber.access_token);
    expect((await app.inject({ url: '/api/fi/staff/queue/', headers: auth })).statusCode).toBe(200);
    expect((await post('/logout/', undefined, barber.access_token)).statusCode).toBe(200);
    await ends(s);
    expect((await app.inject({ url: '/api/fi/staff/queue/', headers: auth })).statusCode).toBe(401);
    const ticket = await app.inject({
      method: 'POST',
      url: '/api/fi/stream-ticket/',
      headers: auth,
    });
    expect(ticket.statusCode).toBe(401);
    const again = await staffLogin('barber1');
    const res = await app.inject({
      url: '/api/fi/staff/queue/',
      headers: { authorization: `Bearer ${again.access_token}` },
    });
    expect(res.statusCode).toBe(200);
  });

  it("ends a staff stream when the account's password or role changes", async () => {
    const manager = await staffLogin('manager1');
    const barber = await staffLogin('barber1');
    const patch = (payload: object) =>
      app.inject({
        method: 'PATCH',
        url: `/api/fi/staff/accounts/${barber.staff.id}/`,
        headers: { authorization: `Bearer ${manager.access_token}` },
        payload,
      });
    const s1 = await staffStream(barber.access_token);
    expect((await patch({ password: 'Jono1234' })).statusCode).toBe(200);
    await ends(s1);
    const again = await staffLogin('barber1');
    const s2 = await staffStream(again.access_token);
    expect((await patch({ role: 'manager' })).statusCode).toBe(200);
    await ends(s2);
    await patch({ role: 'barber' });
  });

  it('ends a stream whose session was revoked without a notification, at the next re-check', async () => {
    const { first, stream } = await twoSessions();
    const s = await stream(first.access_token);
    // Revoked behind the server's back: no NOTIFY was sent.
    const claims = await app.tokens.verifyAccess(first.access_token);
    if (typeof claims === 'string' || !claims.fam) throw new Error('no session');
    await app.markets
      .get('fi')
      ?.db.update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(eq(refreshTokens.family, claims.fam));
    expect(await recheckSessions(app)).toBe(1);
    await ends(s);
  });

  it("keeps a staff stream whose account is unchanged at the re-check, and ends it once the account's version moves without a notification", async () => {
    const barber = await staffLogin('barber2');
    const s = await staffStream(barber.access_token);
    const mine = () => app.sessionStreams.owners('fi').filter((o) => o.staffId === barber.staff.id);
    expect(await recheckSessions(app)).toBe(0);
    expect(mine()).toHaveLength(1);
    await app.markets
      .get('fi')
      ?.db.update(staff)
      .set({ tokenVersion: sql`${staff.tokenVersion} + 1` })
      .where(eq(staff.id, barber.staff.id));
    expect(await recheckSessions(app)).toBe(1);
    await ends(s);
    expect(mine()).toHaveLength(0);
  });
});
