// When an away customer's turn came (issue 31, Deliver 3): `turn_at` is recorded at the moment a
// chair is free for them (a finish, a barber signing on, a change ahead), once, under the shop's
// lock; a customer here simply sits. At night across the DST change too (a 24-hour shop).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { App } from '../src/app';
import { orders } from '../src/db/schema';
import { buildTestApp } from './helpers';
import {
  catalogue,
  fi,
  join,
  joinHere,
  mutableClock,
  newCustomer,
  setShop,
} from './queue-factories';

/** 03:30 in Helsinki on the night summer time ends (04:00 EEST becomes 03:00 EET). */
const DST_NIGHT = Date.UTC(2026, 9, 25, 0, 30);
const clock = mutableClock(DST_NIGHT);
let app: App;
/** Open around the clock in the demo data (README). */
const SHOP = 1;
let staff: Record<string, string>;
let manager: Record<string, string>;

async function staffAuth(username: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/fi/staff/login/',
    payload: { username, password: 'Jono1234' },
  });
  expect(res.statusCode).toBe(200);
  return { authorization: `Bearer ${res.json<{ access_token: string }>().access_token}` };
}

beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
  staff = await staffAuth(`barber${SHOP}`);
  manager = await staffAuth(`manager${SHOP}`);
});
afterAll(() => app.close());

const act = (id: number, action: string) =>
  app.inject({ method: 'POST', url: `/api/fi/staff/orders/${id}/${action}/`, headers: staff });
const turnOf = async (id: number) =>
  (await fi(app).db.select().from(orders).where(eq(orders.id, id)))[0]?.turnAt?.getTime() ?? null;

async function walkIn(): Promise<number> {
  const [s] = await catalogue(app, SHOP);
  const res = await app.inject({
    method: 'POST',
    url: '/api/fi/staff/walk-ins/',
    headers: staff,
    payload: { items: [{ service_id: s?.id, extra_service_ids: [] }] },
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: number }>().id;
}

/** One chair, busy with a walk-in: the next customer waits for its finish. */
async function busyChair(): Promise<number> {
  const seated = await walkIn();
  expect((await act(seated, 'start')).statusCode).toBe(200);
  return seated;
}

beforeEach(async () => {
  // Every test starts from an empty queue with one chair on duty.
  const active = await fi(app).db.select().from(orders).where(eq(orders.status, 'active'));
  for (const o of active.filter((x) => x.pobId === SHOP)) {
    if (o.startedAt) await act(o.id, 'finish');
    else await act(o.id, 'cancel');
  }
  await setShop(app, SHOP, { chairs: 1 });
});

describe('turn_at: the moment the engine would have started a customer away', () => {
  it('a finish frees the chair while the next customer is away: their turn came at the finish', async () => {
    await busyChair();
    const c = await newCustomer(app);
    const away = (await join(app, c, SHOP)).json<{ id: number }>().id;
    // The chair is busy: nobody's turn yet, through the night's clock change and a sweep.
    clock.advance(45);
    await app.queue.sweep(fi(app));
    expect(await turnOf(away)).toBeNull();
    const [seated] = (await fi(app).db.select().from(orders).where(eq(orders.status, 'active')))
      .filter((o) => o.pobId === SHOP && o.startedAt !== null)
      .map((o) => o.id);
    clock.advance(15);
    const finishedAt = clock.now();
    expect((await act(seated as number, 'finish')).statusCode).toBe(200);
    expect(await turnOf(away)).toBe(finishedAt);
    // Never overwritten: later changes and sweeps keep the first moment.
    clock.advance(3);
    await walkIn();
    await app.queue.sweep(fi(app));
    clock.advance(5);
    await app.queue.sweep(fi(app));
    expect(await turnOf(away)).toBe(finishedAt);
  });

  it('a customer here when the chair frees simply sits: no turn is recorded until they do', async () => {
    const seated = await busyChair();
    const c = await newCustomer(app);
    const here = (await joinHere(app, c, SHOP)).json<{ id: number }>().id;
    clock.advance(20);
    expect((await act(seated, 'finish')).statusCode).toBe(200);
    expect(await turnOf(here)).toBeNull();
    clock.advance(1);
    expect((await act(here, 'start')).statusCode).toBe(200);
    expect(await turnOf(here)).toBe(clock.now());
  });

  it('the chair is free for the customer away behind one here only with a second chair', async () => {
    const seated = await busyChair();
    const first = (await joinHere(app, await newCustomer(app), SHOP)).json<{ id: number }>().id;
    const away = (await join(app, await newCustomer(app), SHOP)).json<{ id: number }>().id;
    clock.advance(10);
    expect((await act(seated, 'finish')).statusCode).toBe(200);
    // The one here takes the chair: the customer away behind them is not yet due.
    expect(await turnOf(away)).toBeNull();
    expect(await turnOf(first)).toBeNull();
    // A second chair on duty (staff set the count): free for the customer away, from now.
    const res = await app.inject({
      method: 'PATCH',
      url: '/api/fi/staff/shop/',
      headers: manager,
      payload: { chairs: 2 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await turnOf(away)).toBe(clock.now());
  });

  it('an undone finish forgets the turn it recorded: the chair was not free after all', async () => {
    const seated = await busyChair();
    const away = (await join(app, await newCustomer(app), SHOP)).json<{ id: number }>().id;
    clock.advance(10);
    expect((await act(seated, 'finish')).statusCode).toBe(200);
    expect(await turnOf(away)).toBe(clock.now());
    expect((await act(seated, 'undo')).statusCode).toBe(200);
    expect(await turnOf(away)).toBeNull();
    clock.advance(4);
    expect((await act(seated, 'finish')).statusCode).toBe(200);
    expect(await turnOf(away)).toBe(clock.now());
  });

  it("a join records the turns it brings, in its estimates' statement, and never moves one", async () => {
    // An empty shop: the newcomer away is next for the free chair the moment they join.
    const first = (await join(app, await newCustomer(app), SHOP)).json<{ id: number }>().id;
    const joinedAt = clock.now();
    expect(await turnOf(first)).toBe(joinedAt);
    const [row] = await fi(app).db.select().from(orders).where(eq(orders.id, first));
    expect(row?.waitEstimate).not.toBeNull();
    // The chair is still free (nobody sat): the next customer away has their turn as they join,
    // and the first's stays where it was.
    clock.advance(3);
    const second = (await join(app, await newCustomer(app), SHOP)).json<{ id: number }>().id;
    expect(await turnOf(second)).toBe(clock.now());
    expect(await turnOf(first)).toBe(joinedAt);
    // Later changes record their own turns and move none of the earlier ones.
    clock.advance(2);
    const third = (await join(app, await newCustomer(app), SHOP)).json<{ id: number }>().id;
    expect(await turnOf(third)).toBe(clock.now());
    expect(await turnOf(second)).toBe(joinedAt + 3 * 60_000);
    expect(await turnOf(first)).toBe(joinedAt);
  });

  it('the minute sweep records a turn no change recorded, at the sweep', async () => {
    await busyChair();
    const away = (await join(app, await newCustomer(app), SHOP)).json<{ id: number }>().id;
    // A chair put on duty behind the queue's back (no change of the queue runs).
    await setShop(app, SHOP, { chairs: 2 });
    clock.advance(1);
    expect(await turnOf(away)).toBeNull();
    await app.queue.sweep(fi(app));
    expect(await turnOf(away)).toBe(clock.now());
  });

  it('a finish and sweeps at once record the turn once, at the finish', async () => {
    const seated = await busyChair();
    const away = (await join(app, await newCustomer(app), SHOP)).json<{ id: number }>().id;
    clock.advance(12);
    const at = clock.now();
    const [finish] = await Promise.all([
      act(seated, 'finish'),
      app.queue.sweep(fi(app)),
      app.queue.sweep(fi(app)),
    ]);
    expect(finish.statusCode).toBe(200);
    await app.queue.settled();
    expect(await turnOf(away)).toBe(at);
  });

  it('a barber signing on at a free chair: the turn of the customer away, at that moment', async () => {
    // Another shop open around the clock, with named barbers: its chairs are its barbers on duty.
    const NAMED = 5;
    const boss = await staffAuth(`manager${NAMED}`);
    const week = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, from: '00:00', to: '24:00' }));
    const addBarber = async (first_name: string) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/fi/staff/barbers/',
        headers: boss,
        payload: { first_name, languages: ['fi'], week },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ id: number }>().id;
    };
    const duty = (id: number) =>
      app.inject({ method: 'POST', url: `/api/fi/staff/barbers/${id}/duty/`, headers: boss });
    const aino = await addBarber('Aino');
    const eetu = await addBarber('Eetu');
    expect((await duty(aino)).statusCode).toBe(200);
    const [s] = await catalogue(app, NAMED);
    const walkInRes = await app.inject({
      method: 'POST',
      url: '/api/fi/staff/walk-ins/',
      headers: boss,
      payload: { items: [{ service_id: s?.id, extra_service_ids: [] }] },
    });
    expect(walkInRes.statusCode, walkInRes.body).toBe(201);
    const seated = walkInRes.json<{ id: number }>().id;
    const start = await app.inject({
      method: 'POST',
      url: `/api/fi/staff/orders/${seated}/start/`,
      headers: boss,
    });
    expect(start.statusCode, start.body).toBe(200);
    const away = (await join(app, await newCustomer(app), NAMED)).json<{ id: number }>().id;
    clock.advance(8);
    expect(await turnOf(away)).toBeNull();
    expect((await duty(eetu)).statusCode).toBe(200);
    expect(await turnOf(away)).toBe(clock.now());
  });
});
