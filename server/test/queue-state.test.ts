// The queue's one state model against the real server: time-driven changes reach the board and
// the customer's app with no user action, undo is checked against the state now, a chair taken
// off duty while busy drains, and random busy hours of two tablets, customers and the clock keep
// every invariant (fast-check; the pure model runs thousands of sequences in
// packages/queue/src/state-model.test.ts, this one fewer through the real services).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { orderSchema, staffQueueSchema, type StaffQueue } from '@jono/contract';
import type { App } from '../src/app';
import { buildTestApp, listenLocally } from './helpers';
import { openSse } from './sse-client';
import {
  WEDNESDAY_NOON,
  authFor,
  catalogue,
  join,
  mutableClock,
  newCustomer,
  setShop,
} from './queue-factories';

const clock = mutableClock();
let app: App;
let base: string;
const tokens = new Map<string, string>();

beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
  base = await listenLocally(app);
});
afterAll(() => app.close());

async function token(username: string) {
  let t = tokens.get(username);
  if (!t) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/fi/staff/login/',
      payload: { username, password: 'Jono1234' },
    });
    t = res.json<{ access_token: string }>().access_token;
    tokens.set(username, t);
  }
  return t;
}
const auth = async (username: string) => ({ authorization: `Bearer ${await token(username)}` });
const board = async (username: string): Promise<StaffQueue> =>
  staffQueueSchema.parse(
    (await app.inject({ url: '/api/fi/staff/queue/', headers: await auth(username) })).json(),
  );
const act = async (username: string, id: number, action: string, payload?: object) =>
  app.inject({
    method: 'POST',
    url: `/api/fi/staff/orders/${id}/${action}/`,
    headers: await auth(username),
    ...(payload ? { payload } : {}),
  });
async function walkIn(username: string, pobId: number, name: string) {
  const [s] = await catalogue(app, pobId);
  const res = await app.inject({
    method: 'POST',
    url: '/api/fi/staff/walk-ins/',
    headers: await auth(username),
    payload: { items: [{ service_id: s?.id }], name },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}
async function appCustomer(pobId: number) {
  const c = await newCustomer(app);
  const res = await join(app, c, pobId);
  expect(res.statusCode, res.body).toBe(201);
  return { ...c, orderId: res.json<{ id: number }>().id };
}
const setChairs = async (username: string, chairs: number) =>
  app.inject({
    method: 'PATCH',
    url: '/api/fi/staff/shop/',
    headers: await auth(username),
    payload: { chairs },
  });

describe('time-driven transitions', () => {
  it('a deferral running out reaches the board and the app within 2 s, with no user action', async () => {
    clock.at = WEDNESDAY_NOON;
    await setShop(app, 4, { chairs: 1, queueState: 'open' });
    const c = await appCustomer(4);
    await app.inject({
      method: 'PATCH',
      url: `/api/fi/customers/${c.id}/orders/${c.orderId}/`,
      headers: c.auth,
      payload: { customer_at_pob: true },
    });
    const deferred = await app.inject({
      method: 'POST',
      url: `/api/fi/customers/${c.id}/orders/${c.orderId}/defer/`,
      headers: await authFor(app, c.id),
      payload: { minutes: 15 },
    });
    expect(deferred.statusCode, deferred.body).toBe(200);
    // Bearer headers (the apps use a short-lived ?ticket=; no secret in the URL).
    const staff = await openSse(`${base}/api/fi/staff/events`, await auth('barber4'));
    const own = await openSse(
      `${base}/api/fi/customers/${c.id}/orders/${c.orderId}/events`,
      await authFor(app, c.id),
    );
    try {
      const first = await staff.next<StaffQueue>();
      const row = first.orders.find((o) => o.id === c.orderId);
      expect(row?.presence?.state).toBe('deferred');
      // Deferred: the free chair offers no one.
      expect(first.chairs[0]).toMatchObject({ state: 'free', next_order_id: null });
      await own.next();
      // The deferral runs out: only the clock moves.
      clock.advance(16);
      const started = Date.now();
      const after = await staff.next<StaffQueue>(
        (q) => q.orders.find((o) => o.id === c.orderId)?.presence?.state === 'here',
        2_000,
      );
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(after.chairs[0]).toMatchObject({ state: 'free', next_order_id: c.orderId });
      const mine = orderSchema.parse(
        await own.next<unknown>((o) => orderSchema.parse(o).presence?.state === 'here', 2_000),
      );
      expect(mine.presence?.deferred_until).toBeNull();
    } finally {
      staff.close();
      own.close();
    }
  }, 20_000);
});

describe('transitions checked against the state now', () => {
  it('undo of a finish whose chair was reused is refused with a reason; allowed once it is free', async () => {
    clock.at = WEDNESDAY_NOON;
    await setShop(app, 5, { chairs: 1, queueState: 'open' });
    const a = await walkIn('barber5', 5, 'Aatu');
    const b = await walkIn('barber5', 5, 'Bertta');
    expect((await act('barber5', a, 'start')).statusCode).toBe(200);
    expect((await act('barber5', a, 'finish')).statusCode).toBe(200);
    expect((await act('manager5', b, 'start')).statusCode).toBe(200);
    const refused = await act('barber5', a, 'undo');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('chair_taken');
    let q = await board('barber5');
    expect(q.chairs).toEqual([expect.objectContaining({ chair: 1, order_id: b })]);
    expect(q.orders.map((o) => o.id)).toEqual([b]);
    expect((await act('barber5', b, 'finish')).statusCode).toBe(200);
    expect((await act('barber5', a, 'undo')).statusCode).toBe(200);
    q = await board('barber5');
    expect(q.chairs).toEqual([expect.objectContaining({ chair: 1, order_id: a, state: 'busy' })]);
  });

  it('undo of a Start leaves an app customer who was not here not here', async () => {
    clock.at = WEDNESDAY_NOON;
    await setShop(app, 6, { chairs: 1, queueState: 'open' });
    const c = await appCustomer(6);
    expect((await act('barber6', c.orderId, 'start')).statusCode).toBe(200);
    expect((await act('barber6', c.orderId, 'undo')).statusCode).toBe(200);
    const q = await board('barber6');
    const row = q.orders.find((o) => o.id === c.orderId);
    expect(row).toMatchObject({ state: 'waiting', checked_in: false });
    expect(row?.presence?.state).toBe('not_here');
    const own = orderSchema.parse(
      (
        await app.inject({
          url: `/api/fi/customers/${c.id}/orders/${c.orderId}/`,
          headers: c.auth,
        })
      ).json(),
    );
    expect(own.customer_at_pob).toBe(false);
  });

  it('a chair taken off duty while busy drains: its customer stays on the board and can be finished', async () => {
    clock.at = WEDNESDAY_NOON;
    await setShop(app, 7, { chairs: 2, queueState: 'open' });
    const a = await walkIn('barber7', 7, 'Aino');
    const b = await walkIn('barber7', 7, 'Bea');
    const c = await walkIn('barber7', 7, 'Cecilia');
    expect((await act('barber7', a, 'start', { chair: 1 })).statusCode).toBe(200);
    expect((await act('barber7', b, 'start', { chair: 2 })).statusCode).toBe(200);
    expect((await setChairs('manager7', 1)).statusCode).toBe(200);
    let q = await board('barber7');
    expect(q.chairs).toEqual([
      expect.objectContaining({ chair: 1, state: 'busy', order_id: a }),
      expect.objectContaining({ chair: 2, state: 'draining', order_id: b }),
    ]);
    // No chair on duty is free: the next one waits.
    const start = await act('barber7', c, 'start');
    expect(start.statusCode).toBe(409);
    expect(start.json().error).toBe('no_free_chair');
    expect((await act('barber7', c, 'start', { chair: 2 })).json().error).toBe('chair_off_duty');
    expect((await act('barber7', b, 'finish')).statusCode).toBe(200);
    q = await board('barber7');
    expect(q.chairs.map((ch) => ch.chair)).toEqual([1]);
  });

  it('a free chair offers the first customer who is here, not an absent app customer ahead', async () => {
    clock.at = WEDNESDAY_NOON;
    await setShop(app, 8, { chairs: 1, queueState: 'open' });
    const absent = await appCustomer(8);
    const here = await walkIn('barber8', 8, 'Paikalla');
    const q = await board('barber8');
    expect(q.orders.map((o) => o.id)).toEqual([absent.orderId, here]);
    expect(q.chairs[0]).toMatchObject({ state: 'free', next_order_id: here });
  });
});

describe('the daily summary counts people, not orders', () => {
  it('a customer marked a no-show who takes their place back and is served is one person served', async () => {
    clock.at = Date.UTC(2026, 10, 20, 9, 0);
    await setShop(app, 10, { chairs: 1, queueState: 'open' });
    const c = await appCustomer(10);
    expect((await act('barber10', c.orderId, 'no-show')).statusCode).toBe(200);
    const back = await app.inject({
      method: 'POST',
      url: `/api/fi/customers/${c.id}/orders/${c.orderId}/rejoin/`,
      headers: await authFor(app, c.id),
    });
    expect(back.statusCode, back.body).toBe(201);
    const again = back.json<{ id: number }>().id;
    expect((await act('barber10', again, 'start')).statusCode).toBe(200);
    clock.advance(20);
    expect((await act('barber10', again, 'finish')).statusCode).toBe(200);
    const res = await app.inject({
      url: '/api/fi/staff/summary/?date=2026-11-20',
      headers: await auth('manager10'),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      joined: 1,
      served: 1,
      no_shows: 0,
      cancelled: 0,
      waits_counted: 1,
    });
    const invalid = await app.inject({
      url: '/api/fi/staff/summary/?date=2026-02-30',
      headers: await auth('manager10'),
    });
    expect(invalid.statusCode).toBe(400);
  });
});

describe('manager screens refuse what a shop cannot run', () => {
  it('a service of 0 minutes is refused, naming the field; an extra may take 0', async () => {
    const headers = await auth('manager1');
    const service = await app.inject({
      method: 'POST',
      url: '/api/fi/staff/services/',
      headers,
      payload: { group_id: 1, title: 'Pika', price: 1000, duration: 0 },
    });
    expect(service.statusCode).toBe(400);
    expect(service.json().fields).toHaveProperty('duration');
    const [first] = await catalogue(app, 1);
    const extra = await app.inject({
      method: 'POST',
      url: '/api/fi/staff/services/',
      headers,
      payload: { parent_service_id: first?.id, title: 'Muotoiluvaha', price: 500, duration: 0 },
    });
    expect(extra.statusCode, extra.body).toBe(201);
    const patch = await app.inject({
      method: 'PATCH',
      url: `/api/fi/staff/services/${first?.id}/`,
      headers,
      payload: { duration: 0 },
    });
    expect(patch.statusCode).toBe(400);
  });
});

type Cmd =
  | { c: 'walk_in' }
  | { c: 'app_join' }
  | { c: 'check_in'; i: number }
  | { c: 'leave'; i: number }
  | { c: 'chair_start'; tablet: number; k: number }
  | { c: 'start' | 'finish' | 'no_show' | 'cancel' | 'defer' | 'undo'; tablet: number; i: number }
  | { c: 'chairs'; n: number }
  | { c: 'tick'; minutes: number };

const cmdArb: fc.Arbitrary<Cmd> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({ c: 'walk_in' as const }) },
  { weight: 2, arbitrary: fc.constant({ c: 'app_join' as const }) },
  { weight: 1, arbitrary: fc.record({ c: fc.constant('check_in' as const), i: fc.nat(7) }) },
  { weight: 1, arbitrary: fc.record({ c: fc.constant('leave' as const), i: fc.nat(7) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      c: fc.constant('chair_start' as const),
      tablet: fc.nat(1),
      k: fc.nat(2),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      c: fc.constantFrom(
        'start' as const,
        'finish' as const,
        'no_show' as const,
        'cancel' as const,
        'defer' as const,
        'undo' as const,
      ),
      tablet: fc.nat(1),
      i: fc.nat(7),
    }),
  },
  { weight: 1, arbitrary: fc.record({ c: fc.constant('chairs' as const), n: fc.nat(3) }) },
  { weight: 1, arbitrary: fc.record({ c: fc.constant('tick' as const), minutes: fc.nat(20) }) },
);

/** The board's invariants, and what the customer's own app and the other tablet show. */
async function checkShop(
  pobId: number,
  apps: Map<number, { id: number; auth: Record<string, string> }>,
) {
  // A finish or undo teaches the shop's history; the estimates it moves land after the answer
  // (and reach the tablets by their streams). The tablets are compared once that work is done.
  await app.queue.settled();
  const [one, two] = [await board(`barber${pobId}`), await board(`manager${pobId}`)];
  // Both tablets show the same queue.
  expect(two.orders).toEqual(one.orders);
  expect(two.chairs).toEqual(one.chairs);
  const seated = one.chairs.flatMap((c) => (c.order_id === null ? [] : [c.order_id]));
  // No chair holds two, and everyone in service sits in a chair the board shows.
  expect(new Set(seated).size).toBe(seated.length);
  const inService = one.orders.filter((o) => o.state === 'in_service').map((o) => o.id);
  expect([...seated].sort()).toEqual([...inService].sort());
  // Busy chairs never exceed chairs on duty plus draining ones; draining ones are busy.
  const draining = one.chairs.filter((c) => c.state === 'draining');
  expect(seated.length).toBeLessThanOrEqual(one.pob.chairs + draining.length);
  for (const c of draining) expect(c.order_id).not.toBeNull();
  // Every active order exactly once on the board.
  const ids = one.orders.map((o) => o.id);
  expect(new Set(ids).size).toBe(ids.length);
  // A free chair offers only someone who is here.
  for (const c of one.chairs) {
    if (c.next_order_id === null) continue;
    const o = one.orders.find((x) => x.id === c.next_order_id);
    expect(o?.presence?.state).toBe('here');
    expect(o?.state).toBe('waiting');
  }
  // The customer's own app agrees with the board on their state.
  for (const [orderId, c] of apps) {
    const res = await app.inject({
      url: `/api/fi/customers/${c.id}/orders/${orderId}/`,
      headers: await authFor(app, c.id),
    });
    const own = orderSchema.parse(res.json());
    const row = one.orders.find((o) => o.id === orderId);
    if (own.status !== 'active') {
      expect(row).toBeUndefined();
      continue;
    }
    expect(row, `order ${orderId} on the board`).toBeDefined();
    const here = row?.state === 'in_service' || row?.presence?.state === 'here';
    expect(own.customer_at_pob || own.presence?.state === 'deferred').toBe(
      here || row?.presence?.state === 'deferred',
    );
  }
}

describe('random busy hours on two tablets (model-based)', () => {
  it('never loses a customer, never seats two in a chair, and everyone agrees', async () => {
    const pobId = 1; // open around the clock
    await fc.assert(
      fc.asyncProperty(fc.array(cmdArb, { minLength: 5, maxLength: 20 }), async (cmds) => {
        // Each run starts at noon again (staff sign-ins last one shift).
        clock.at = WEDNESDAY_NOON;
        // A fresh shop state: everyone of earlier runs leaves.
        for (const o of (await board(`barber${pobId}`)).orders) {
          await act(`barber${pobId}`, o.id, 'cancel');
        }
        await setShop(app, pobId, { chairs: 2, queueState: 'open' });
        const ids: number[] = [];
        const apps = new Map<number, { id: number; auth: Record<string, string> }>();
        const tablets: StaffQueue[] = [
          await board(`barber${pobId}`),
          await board(`manager${pobId}`),
        ];
        const user = (t: number) => (t === 0 ? `barber${pobId}` : `manager${pobId}`);
        for (const cmd of cmds) {
          switch (cmd.c) {
            case 'walk_in':
              ids.push(await walkIn(user(0), pobId, `W${ids.length}`));
              break;
            case 'app_join': {
              // Refused while no barber is on duty (the shop is full for the app).
              const c = await newCustomer(app);
              const res = await join(app, c, pobId);
              if (res.statusCode !== 201) break;
              const orderId = res.json<{ id: number }>().id;
              ids.push(orderId);
              apps.set(orderId, c);
              break;
            }
            case 'check_in':
            case 'leave': {
              const id = ids[cmd.i % Math.max(1, ids.length)];
              const c = id === undefined ? undefined : apps.get(id);
              if (!c || id === undefined) break;
              const res = await app.inject({
                method: 'PATCH',
                url: `/api/fi/customers/${c.id}/orders/${id}/`,
                headers: await authFor(app, c.id),
                payload: cmd.c === 'leave' ? { cancel: true } : { customer_at_pob: true },
              });
              expect([200, 409]).toContain(res.statusCode);
              break;
            }
            case 'chair_start': {
              // From what the tablet last showed: maybe stale; the server decides on the state now.
              const free = tablets[cmd.tablet]?.chairs.filter((c) => c.next_order_id !== null);
              const chair = free?.[cmd.k % Math.max(1, free.length)];
              if (!chair?.next_order_id) break;
              const res = await act(user(cmd.tablet), chair.next_order_id, 'start', {
                chair: chair.chair,
              });
              expect([200, 409]).toContain(res.statusCode);
              break;
            }
            case 'chairs':
              expect((await setChairs(user(1), cmd.n)).statusCode).toBe(200);
              break;
            case 'tick':
              clock.advance(cmd.minutes);
              break;
            default: {
              const id = ids[cmd.i % Math.max(1, ids.length)];
              if (id === undefined) break;
              const res = await act(user(cmd.tablet), id, cmd.c.replace('_', '-'));
              // Accepted, or refused with a reason: never a server error.
              expect([200, 409], res.body).toContain(res.statusCode);
              if (res.statusCode === 409) expect(res.json().message).toBeTruthy();
            }
          }
          await checkShop(pobId, apps);
          // Tablet 1 refreshes every step; tablet 2 only when time passes (it lags behind).
          tablets[0] = await board(user(0));
          if (cmd.c === 'tick') tablets[1] = await board(user(1));
        }
      }),
      { numRuns: 8 },
    );
  }, 240_000);
});
