// The join and the cancel are the hot writes: count the statements each sends to the database
// (BEGIN and COMMIT included, and the queue refresh the change causes), so they cannot creep back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateOrderPayload } from '@jono/contract';
import { buildTestApp, streamTicket } from './helpers';
import {
  WEDNESDAY_NOON,
  fi,
  join,
  mutableClock,
  newCustomer,
  orderPayload,
  setShop,
} from './queue-factories';
import { openSse } from './sse-client';
import type { App } from '../src/app';
import { orders } from '../src/db/schema';
import { and, eq } from 'drizzle-orm';

let app: App;
let statements: string[] = [];
const clock = mutableClock();
beforeAll(async () => {
  app = await buildTestApp({
    now: clock.now,
    onStatement: (_market, sql) => statements.push(sql),
  });
});
afterAll(() => app.close());

/** A join with a ready body (building it reads the catalogue, which is not the join's cost). */
async function postJoin(
  customer: Awaited<ReturnType<typeof newCustomer>>,
  payload: CreateOrderPayload,
) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/fi/customers/${customer.id}/orders/`,
    headers: customer.auth,
    payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

/** The customer leaves their order (PATCH cancel), answered 200. */
async function cancel(customer: Awaited<ReturnType<typeof newCustomer>>, orderId: number) {
  const res = await app.inject({
    method: 'PATCH',
    url: `/api/fi/customers/${customer.id}/orders/${orderId}/`,
    headers: customer.auth,
    payload: { cancel: true },
  });
  expect(res.statusCode).toBe(200);
}

/**
 * The customers ahead are at the shop: they hold the chair, so the newcomer's turn is not near
 * (customers not there do not; its alert is a separate, one-off cost).
 */
async function atTheShop(pobId: number) {
  await fi(app)
    .db.update(orders)
    .set({ customerAtPob: true, checkedInAt: new Date(clock.at) })
    .where(and(eq(orders.pobId, pobId), eq(orders.status, 'active')));
  app.queue.invalidate('fi', pobId);
  await app.queue.settled();
}

/** The statements `action` sends, up to the end of the refresh it causes. */
async function counted(action: () => Promise<void>): Promise<string[]> {
  await app.queue.settled();
  statements = [];
  await action();
  await app.queue.settled();
  // A copy: what later statements push must not change it.
  return [...statements];
}

describe('statements per join and per cancel', () => {
  it('joins in at most 7 statements and cancels in at most 5, refresh included', async () => {
    // Warm: the shop's history (cached for minutes) and its view; one chair and a queue long
    // enough that the newcomer's turn is not near (its notice is a separate, one-off cost).
    await setShop(app, 1, { chairs: 1 });
    for (let i = 0; i < 5; i++) {
      expect((await join(app, await newCustomer(app), 1)).statusCode).toBe(201);
    }
    await atTheShop(1);
    const payload = await orderPayload(app, 1);
    const customer = await newCustomer(app);
    let orderId = 0;

    const joining = await counted(async () => {
      orderId = await postJoin(customer, payload);
    });
    expect(joining.length).toBeLessThanOrEqual(7);

    const cancelling = await counted(async () => {
      await cancel(customer, orderId);
    });
    // The order was seen here (the join's view): its shop is known without reading the order,
    // and the customer is checked under the lock; whether its place can be rejoined comes back
    // with the UPDATE.
    expect(cancelling[0]).toBe('begin');
    expect(cancelling.length).toBeLessThanOrEqual(5);
  });

  it('keeps the cached history for a join whose clock reading is earlier than the last change', async () => {
    // A burst's requests read the clock when they arrive and take the shop's lock in another
    // order: a history stored by a later arrival serves the earlier ones (it had been reloaded,
    // 14 days of records, for nearly every join of a burst right after a restart).
    await setShop(app, 3, { chairs: 1 });
    for (let i = 0; i < 3; i++) {
      expect((await join(app, await newCustomer(app), 3)).statusCode).toBe(201);
    }
    await atTheShop(3);
    const payload = await orderPayload(app, 3);
    // Past the history's time to live: the later join stores a fresh one.
    clock.at = WEDNESDAY_NOON + 11 * 60_000;
    const later = await newCustomer(app);
    expect((await join(app, later, 3)).statusCode).toBe(201);
    clock.at -= 1_000;
    const earlier = await newCustomer(app);
    try {
      const joining = await counted(async () => {
        await postJoin(earlier, payload);
      });
      expect(joining.length).toBeLessThanOrEqual(7);
    } finally {
      clock.at = WEDNESDAY_NOON;
    }
  });

  it('makes a staff start in one transaction that stores the new estimates and carries the NOTIFY', async () => {
    // Every stream of the shop hears of a start at its commit: nothing is read or written after
    // it (a start used to commit, then read the queue again and store its estimates in a second
    // transaction with a second lock before the NOTIFY went out: 19 statements).
    await setShop(app, 4, { chairs: 2 });
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await join(app, await newCustomer(app), 4);
      expect(res.statusCode).toBe(201);
      ids.push(res.json<{ id: number }>().id);
    }
    await atTheShop(4);
    const login = await app.inject({
      method: 'POST',
      url: '/api/fi/staff/login/',
      payload: { username: 'manager4', password: 'Jono1234' },
    });
    const staff = {
      authorization: `Bearer ${login.json<{ access_token: string }>().access_token}`,
    };
    const starting = await counted(async () => {
      const res = await app.inject({
        method: 'POST',
        url: `/api/fi/staff/orders/${ids[0]}/start/`,
        headers: staff,
        payload: {},
      });
      expect(res.statusCode).toBe(200);
    });
    const begin = starting.indexOf('begin');
    expect(starting.filter((s) => s === 'begin')).toHaveLength(1);
    expect(starting[starting.length - 1]).toBe('commit');
    expect(starting[begin + 1]).toMatch(/pg_advisory_xact_lock.*pg_notify/);
    expect(
      starting.some((s) => s.startsWith('with moved as (update orders set wait_estimate')),
    ).toBe(true);
    expect(starting.length).toBeLessThanOrEqual(8);
  });

  it("sends a join's and a cancel's statements with the same text every time (named: parameters alone)", async () => {
    // The same texts whatever the shop, the customer, the services ordered (one, or one with
    // an extra) or a rejoin: on PostgreSQL each is a named statement, parsed and planned once per
    // connection (db/prepared.ts), and node-postgres refuses one name for two texts.
    const cycle = async (pobId: number, extra: boolean) => {
      await setShop(app, pobId, { chairs: 1 });
      for (let i = 0; i < 2; i++) {
        expect((await join(app, await newCustomer(app), pobId)).statusCode).toBe(201);
      }
      await atTheShop(pobId);
      const payload = await orderPayload(app, pobId, { extra });
      const customer = await newCustomer(app);
      let orderId = 0;
      const joining = await counted(async () => {
        orderId = await postJoin(customer, payload);
      });
      const cancelling = await counted(async () => {
        await cancel(customer, orderId);
      });
      return { joining, cancelling };
    };
    const first = await cycle(5, false);
    const second = await cycle(2, true);
    expect(second.joining).toEqual(first.joining);
    expect(second.cancelling).toEqual(first.cancelling);
    // No statement of the hot path is built with literal values in its text.
    for (const text of [...first.joining, ...first.cancelling]) expect(text).not.toMatch(/'\d/);
  });

  it("claims a near turn's alert, with how to reach the customer, in the join's own transaction", async () => {
    // An app customer joining an empty shop is next: the alert is claimed with the customer's
    // contact in one statement, and no kiosk walk-in is asked about (none is near). The claim and
    // its message are written under the join's lock, before its commit: no transaction of their
    // own (two statements fewer).
    await setShop(app, 7, { chairs: 1 });
    const payload = await orderPayload(app, 7);
    const customer = await newCustomer(app);
    let joinedId = 0;
    const joining = await counted(async () => {
      joinedId = await postJoin(customer, payload);
    });
    const claims = joining.filter((s) =>
      s.startsWith('with claimed as (update orders set notified_at'),
    );
    expect(claims).toHaveLength(1);
    // The newcomer's turn came (a free chair, the customer away): recorded by the statement that
    // stores the estimates, none of its own.
    expect(joining.filter((s) => s.startsWith('update orders set turn_at'))).toEqual([]);
    const [row] = await fi(app).db.select().from(orders).where(eq(orders.id, joinedId));
    expect(row?.turnAt?.getTime()).toBe(clock.now());
    expect(joining.filter((s) => /from "customers"/.test(s))).toEqual([]);
    expect(joining.filter((s) => /"orders"\."source" = /.test(s))).toEqual([]);
    const near = joining.indexOf(claims[0] as string);
    expect(joining[near + 1]).toMatch(/^insert into outbox /);
    expect(joining[near + 2]).toBe('commit');
    const begun = joining.lastIndexOf('begin', near);
    expect(joining.slice(begun, near).some((s) => s.startsWith('insert into "orders"'))).toBe(true);
    expect(joining.filter((s) => s === 'begin')).toHaveLength(1);
  });

  it("reads a customer's history in the same statements however many visits it holds", async () => {
    // Each left visit may be taken back (rejoin_until) unless the customer rejoined today: that
    // is read once for the history, not once per visit.
    const customer = await newCustomer(app);
    const payload = await orderPayload(app, 7);
    await setShop(app, 7, { chairs: 1 });
    const leave = async () => {
      const orderId = await postJoin(customer, payload);
      await cancel(customer, orderId);
    };
    const history = async () => {
      let items: { presence?: { rejoin_until: string | null } | null }[] = [];
      const reading = await counted(async () => {
        const res = await app.inject({
          url: `/api/fi/customers/${customer.id}/orders/`,
          headers: customer.auth,
        });
        expect(res.statusCode).toBe(200);
        items = res.json<{ items: typeof items }>().items;
      });
      return { reading, items };
    };
    await leave();
    const one = await history();
    expect(one.items.map((o) => o.presence?.rejoin_until)).toEqual([expect.any(String)]);
    for (let i = 0; i < 4; i++) await leave();
    const five = await history();
    expect(five.items.map((o) => o.presence?.rejoin_until)).toEqual(
      Array.from({ length: 5 }, () => expect.any(String)),
    );
    expect(five.reading.length).toBe(one.reading.length);
    expect(five.reading.length).toBeLessThanOrEqual(3);
  });

  it("opens a known order's live stream without a statement (a reconnect storm's cost)", async () => {
    const customer = await newCustomer(app);
    const joined = await join(app, customer, 2);
    expect(joined.statusCode).toBe(201);
    const orderId = joined.json<{ id: number }>().id;
    await app.listen({ host: '127.0.0.1', port: 0 });
    const addr = app.server.address();
    const port = typeof addr === 'object' && addr ? addr.port : 0;
    const token = customer.auth.authorization.slice(7);
    const url = `http://127.0.0.1:${port}/api/fi/customers/${customer.id}/orders/${orderId}/events?ticket=${await streamTicket(app, token)}`;
    const opening = await counted(async () => {
      const stream = await openSse(url);
      expect(stream.status).toBe(200);
      expect(await stream.next<{ id: number }>()).toMatchObject({ id: orderId });
      stream.close();
    });
    expect(opening).toEqual([]);
  });

  it("opens a known shop's live stream without a statement (a reconnect storm's shop pages)", async () => {
    if (!app.server.listening) await app.listen({ host: '127.0.0.1', port: 0 });
    const addr = app.server.address();
    const port = typeof addr === 'object' && addr ? addr.port : 0;
    const url = `http://127.0.0.1:${port}/api/fi/pobs/4/events`;
    const open = () =>
      counted(async () => {
        const stream = await openSse(url);
        expect(stream.status).toBe(200);
        expect(await stream.next<{ id: number }>()).toMatchObject({ id: 4 });
        stream.close();
      });
    const lookups = (sent: string[]) => sent.filter((q) => /from "pobs"/.test(q));
    expect(lookups(await open())).toHaveLength(1);
    expect(lookups(await open())).toEqual([]);
    // An unknown shop is still looked up (and refused) every time.
    expect((await app.inject('/api/fi/pobs/999/events')).statusCode).toBe(404);
    expect((await app.inject('/api/fi/pobs/999/events')).statusCode).toBe(404);
  });
});
