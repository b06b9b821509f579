// Barbers as people (issue 30), server side: the manager's barbers and rota, duty at a chair,
// a customer choosing and changing a barber, the off-duty notice, removal that never strands,
// who served, Start's eligibility, walk-ins with a barber, the board and the shop page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import {
  BARBER_CHANGES_MAX,
  displayBoardSchema,
  orderSchema,
  pobEventSchema,
  pobSchema,
  staffBarberSchema,
  staffQueueSchema,
  staffRotaSchema,
  staffSummarySchema,
  SUMMARY_BARBER_MIN_ESTIMATES,
  type Order,
} from '@jono/contract';
import type { App } from '../src/app';
import { barbers, orders, outbox, pobs } from '../src/db/schema';
import { seedHistory } from '../src/db/seed-history';
import { loadHistory, loadShopQueue, toOrderRecord } from '../src/services/queue-load';
import { joinChange } from '../src/services/orders';
import { pobEventOf } from '../src/services/live-feeds';
import { buildTestApp } from './helpers';
import { authFor, catalogue, fi, mutableClock, newCustomer, orderPayload } from './queue-factories';

const clock = mutableClock();
let app: App;
/** Wednesday 12:00 in Helsinki (10:00 UTC): shop 1 is open around the clock. */
const SHOP = 1;
const OTHER = 2;
const ALL_WEEK = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, from: '08:00', to: '20:00' }));

async function staffAuth(username: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/fi/staff/login/',
    payload: { username, password: 'Jono1234' },
  });
  expect(res.statusCode).toBe(200);
  return { authorization: `Bearer ${res.json<{ access_token: string }>().access_token}` };
}

let manager: Record<string, string>;
let barberAccount: Record<string, string>;
let otherManager: Record<string, string>;

async function addBarber(
  first_name: string,
  extra: Record<string, unknown> = {},
  auth = manager,
): Promise<number> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/fi/staff/barbers/',
    headers: auth,
    payload: { first_name, languages: ['fi', 'en'], week: ALL_WEEK, ...extra },
  });
  expect(res.statusCode, res.body).toBe(201);
  return staffBarberSchema.parse(res.json()).id;
}

const duty = (id: number, on: boolean, auth = barberAccount, chair?: number) =>
  app.inject({
    method: on ? 'POST' : 'DELETE',
    url: `/api/fi/staff/barbers/${id}/duty/`,
    headers: auth,
    ...(on && chair !== undefined ? { payload: { chair } } : {}),
  });

async function joinWith(pobId: number, barberId?: number | null) {
  const c = await newCustomer(app);
  const res = await app.inject({
    method: 'POST',
    url: `/api/fi/customers/${c.id}/orders/`,
    headers: c.auth,
    payload: {
      ...(await orderPayload(app, pobId)),
      ...(barberId !== undefined ? { barber_id: barberId } : {}),
    },
  });
  return { c, res, id: res.statusCode === 201 ? res.json<{ id: number }>().id : 0 };
}

async function orderOf(c: { id: number; auth: Record<string, string> }, id: number) {
  const res = await app.inject({ url: `/api/fi/customers/${c.id}/orders/${id}/`, headers: c.auth });
  expect(res.statusCode).toBe(200);
  return orderSchema.parse(res.json());
}

const changeBarber = (
  c: { id: number; auth: Record<string, string> },
  id: number,
  barberId: number | null,
) =>
  app.inject({
    method: 'PATCH',
    url: `/api/fi/customers/${c.id}/orders/${id}/`,
    headers: c.auth,
    payload: { barber_id: barberId },
  });

async function board(auth = barberAccount) {
  const res = await app.inject({ url: '/api/fi/staff/queue/', headers: auth });
  expect(res.statusCode).toBe(200);
  return staffQueueSchema.parse(res.json());
}

const start = (id: number, chair?: number) =>
  app.inject({
    method: 'POST',
    url: `/api/fi/staff/orders/${id}/start/`,
    headers: barberAccount,
    ...(chair !== undefined ? { payload: { chair } } : {}),
  });

const row = async (id: number) =>
  (await fi(app).db.select().from(orders).where(eq(orders.id, id)))[0];

let aino: number;
let eetu: number;
let veera: number;
let onni: number;

beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
  manager = await staffAuth(`manager${SHOP}`);
  barberAccount = await staffAuth(`barber${SHOP}`);
  otherManager = await staffAuth(`manager${OTHER}`);
  aino = await addBarber('Aino', {
    photo: '/media/barbers/barber-1.svg',
    specialities: 'Häivytykset',
    translations: { en: { specialities: 'Skin fades' } },
  });
  eetu = await addBarber('Eetu');
  // Veera works this afternoon only; Onni has no shift on Wednesdays.
  veera = await addBarber('Veera', { week: [{ weekday: 3, from: '15:00', to: '18:00' }] });
  onni = await addBarber('Onni', { week: [{ weekday: 1, from: '08:00', to: '16:00' }] });
  expect((await duty(aino, true)).statusCode).toBe(200);
  expect((await duty(eetu, true)).statusCode).toBe(200);
});
afterAll(() => app.close());

describe('the shop page', () => {
  it('lists the barbers working today, on duty first, each with their own waits', async () => {
    const res = await app.inject({
      url: `/api/fi/pobs/${SHOP}/`,
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(200);
    const shop = pobSchema.parse(res.json());
    expect(shop.barbers.map((b) => b.first_name)).toEqual(['Aino', 'Eetu', 'Veera']);
    const [first, , later] = shop.barbers;
    expect(first).toMatchObject({
      on_duty: true,
      photo: '/media/barbers/barber-1.svg',
      languages: ['fi', 'en'],
      specialities: 'Skin fades',
      next_shift_at: null,
    });
    expect(first?.service_time_estimates.map((e) => e.priority).sort()).toEqual([0, 1, 2, 3]);
    // Veera is back at 15:00 Helsinki time: her wait is at least until then.
    expect(later).toMatchObject({ on_duty: false, next_shift_at: '2026-11-18T13:00:00.000Z' });
    expect(later?.service_time_estimates[0]?.wait_time).toBeGreaterThanOrEqual(180);
    expect(shop.queue_info.queue_employees).toBe(2);
  });

  it('a shop without named barbers lists none', async () => {
    const res = await app.inject({ url: `/api/fi/pobs/${OTHER}/` });
    expect(pobSchema.parse(res.json()).barbers).toEqual([]);
  });
});

describe('a barber planned now who has not signed in yet', () => {
  it('is listed as due on the shop page and the board, and may be chosen', async () => {
    // Kaisa's shift (08:00-20:00) began hours ago; she has not signed in.
    const kaisa = await addBarber('Kaisa');
    try {
      const shop = pobSchema.parse((await app.inject({ url: `/api/fi/pobs/${SHOP}/` })).json());
      expect(shop.barbers.map((b) => b.first_name)).toEqual(['Aino', 'Eetu', 'Kaisa', 'Veera']);
      expect(shop.barbers.find((b) => b.id === kaisa)).toMatchObject({
        on_duty: false,
        next_shift_at: null,
        due_since: '2026-11-18T06:00:00.000Z',
      });
      // Not at a chair: she adds no capacity until she signs on.
      expect(shop.queue_info.queue_employees).toBe(2);
      const onBoard = (await board()).barbers?.find((b) => b.id === kaisa);
      expect(onBoard).toMatchObject({
        on_duty: false,
        chair: null,
        next_shift_at: null,
        due_since: '2026-11-18T06:00:00.000Z',
      });
      const tied = await joinWith(SHOP, kaisa);
      expect(tied.res.statusCode, tied.res.body).toBe(201);
      // The sweep does not take her customer away while her shift runs.
      app.queue.invalidate('fi', SHOP);
      await app.queue.sweep(fi(app));
      await app.queue.settled();
      expect((await orderOf(tied.c, tied.id)).barber).toMatchObject({
        id: kaisa,
        on_duty: false,
        due_since: '2026-11-18T06:00:00.000Z',
      });
      await fi(app).db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, tied.id));
    } finally {
      const del = await app.inject({
        method: 'DELETE',
        url: `/api/fi/staff/barbers/${kaisa}/`,
        headers: manager,
      });
      expect(del.statusCode).toBe(200);
      app.queue.invalidate('fi', SHOP);
    }
  });
});

describe('choosing a barber', () => {
  it('joins tied to a barber and shows them with the changes left', async () => {
    const { c, res, id } = await joinWith(SHOP, aino);
    expect(res.statusCode).toBe(201);
    const order = await orderOf(c, id);
    expect(order.barber).toMatchObject({ id: aino, first_name: 'Aino', on_duty: true });
    expect(order.barber_changes_left).toBe(BARBER_CHANGES_MAX);
    expect(order.barber_released).toBeNull();
  });

  it("stores as the shown wait the chosen barber's wait that the shop page shows", async () => {
    // A fresh line: two customers for Eetu make his wait differ from the first available's.
    await fi(app).db.update(orders).set({ status: 'cancelled' }).where(eq(orders.pobId, SHOP));
    app.queue.invalidate('fi', SHOP);
    await joinWith(SHOP, eetu);
    await joinWith(SHOP, eetu);
    const shop = pobSchema.parse((await app.inject({ url: `/api/fi/pobs/${SHOP}/` })).json());
    const waitOf = (estimates: { priority: number; wait_time: number | null }[], p: number) =>
      estimates.find((e) => e.priority === p)?.wait_time;
    const tied = await joinWith(SHOP, eetu);
    expect(tied.res.statusCode, tied.res.body).toBe(201);
    const stored = await row(tied.id);
    const mine = waitOf(
      shop.barbers.find((b) => b.id === eetu)?.service_time_estimates ?? [],
      stored?.priority ?? 0,
    );
    const firstAvailable = waitOf(shop.service_time_estimates, stored?.priority ?? 0);
    expect(mine).not.toBe(firstAvailable);
    expect(stored?.shownWait).toBe(mine);

    // The same join through the non-batched path (a retried batch's savepoints) stores the same.
    const payload = await orderPayload(app, SHOP);
    const c = await newCustomer(app);
    const join = joinChange(clock.now(), {
      pobId: SHOP,
      customerId: c.id,
      priority: stored?.priority ?? 0,
      source: 'app',
      items: payload.items.map((i) => ({
        service_id: i.service_id,
        extra_service_ids: i.extra_services.map((e) => e.service_id),
      })),
      barberId: eetu,
    });
    const after = pobSchema.parse((await app.inject({ url: `/api/fi/pobs/${SHOP}/` })).json());
    const expected = waitOf(
      after.barbers.find((b) => b.id === eetu)?.service_time_estimates ?? [],
      stored?.priority ?? 0,
    );
    const rollback = new Error('rollback');
    let savepointWait: number | null | undefined;
    await fi(app)
      .db.transaction(async (tx) => {
        const read = await loadShopQueue(tx, SHOP, join.serviceIds, clock.now());
        if (!read) throw new Error('no shop');
        // The history the shop page's view used (the queue's cache), as a real join finds it.
        const history =
          app.queue.cachedHistory(fi(app), read.pob, clock.now()) ??
          (await loadHistory(tx, read.pob, clock.now()));
        const out = await join.change(tx, { ...read, history }, { deferred: false });
        if ('result' in out) savepointWait = out.result.shownWait;
        throw rollback;
      })
      .catch((e: unknown) => {
        if (e !== rollback) throw e;
      });
    expect(savepointWait).toBe(expected);
    expect(savepointWait).not.toBe(waitOf(after.service_time_estimates, stored?.priority ?? 0));
    await fi(app).db.update(orders).set({ status: 'cancelled' }).where(eq(orders.pobId, SHOP));
    app.queue.invalidate('fi', SHOP);
  });

  it('joins first available with barber_id null', async () => {
    const { c, id } = await joinWith(SHOP, null);
    expect((await orderOf(c, id)).barber).toBeNull();
  });

  it("refuses another shop's barber, one off all day, a removed one and an unknown id", async () => {
    const elsewhere = await addBarber('Helmi', {}, otherManager);
    expect((await joinWith(SHOP, elsewhere)).res.json()).toMatchObject({ error: 'barber_unknown' });
    const off = await joinWith(SHOP, onni);
    expect(off.res.statusCode).toBe(409);
    expect(off.res.json()).toMatchObject({ error: 'barber_off_today' });
    const gone = await addBarber('Sanni');
    await app.inject({ method: 'DELETE', url: `/api/fi/staff/barbers/${gone}/`, headers: manager });
    expect((await joinWith(SHOP, gone)).res.json()).toMatchObject({ error: 'barber_removed' });
    expect((await joinWith(SHOP, 999_999)).res.json()).toMatchObject({ error: 'barber_unknown' });
  });

  it('may choose a barber who is back later today', async () => {
    const { res } = await joinWith(SHOP, veera);
    expect(res.statusCode).toBe(201);
  });

  it('changes barber twice at most, keeping the place in the queue', async () => {
    const { c, id } = await joinWith(SHOP, aino);
    const before = await row(id);
    clock.advance(5);
    expect((await changeBarber(c, id, eetu)).statusCode).toBe(200);
    const once = orderSchema.parse((await changeBarber(c, id, null)).json());
    expect(once.barber).toBeNull();
    expect(once.barber_changes_left).toBe(0);
    const third = await changeBarber(c, id, aino);
    expect(third.statusCode).toBe(409);
    expect(third.json()).toMatchObject({ error: 'barber_changes_spent' });
    const after = await row(id);
    expect(after?.rank).toBe(before?.rank);
    expect(after?.joinedAt.getTime()).toBe(before?.joinedAt.getTime());
    expect(after?.barberLog.map((l) => [l.from, l.to, l.by])).toEqual([
      [aino, eetu, 'customer'],
      [eetu, null, 'customer'],
    ]);
    // The same barber again is no change at all.
    const { c: c2, id: id2 } = await joinWith(SHOP, aino);
    const same = orderSchema.parse((await changeBarber(c2, id2, aino)).json());
    expect(same.barber_changes_left).toBe(BARBER_CHANGES_MAX);
  });

  it("refuses a change to another shop's barber, and another customer's order", async () => {
    const { c, id } = await joinWith(SHOP, null);
    const elsewhere = await addBarber('Juho', {}, otherManager);
    expect((await changeBarber(c, id, elsewhere)).json()).toMatchObject({
      error: 'barber_unknown',
    });
    const stranger = await newCustomer(app);
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/fi/customers/${stranger.id}/orders/${id}/`,
      headers: stranger.auth,
      payload: { barber_id: aino },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('a barber going off duty before a tied customer', () => {
  it('with a later shift today: the customer is told and may take the first available for free', async () => {
    const split = await addBarber('Ilona');
    // Today: until 12:30 and back 14:00 (Helsinki).
    const rota = await app.inject({
      method: 'PUT',
      url: `/api/fi/staff/rota/2026-11-18/barbers/${split}/`,
      headers: manager,
      payload: {
        shifts: [
          { from: '08:00', to: '12:30' },
          { from: '14:00', to: '20:00' },
        ],
      },
    });
    expect(rota.statusCode, rota.body).toBe(200);
    expect(
      staffRotaSchema.parse(rota.json()).barbers.find((b) => b.barber_id === split),
    ).toMatchObject({
      source: 'day',
    });
    expect((await duty(split, true)).statusCode).toBe(200);
    const { c, id } = await joinWith(SHOP, split);
    await changeBarber(c, id, aino);
    await changeBarber(c, id, split);
    const off = await duty(split, false);
    expect(off.json()).toMatchObject({ told_orders: 1, released_orders: 0 });
    const told = await orderOf(c, id);
    expect(told.barber).toMatchObject({
      on_duty: false,
      next_shift_at: '2026-11-18T12:00:00.000Z',
    });
    await app.queue.settled();
    const written = await fi(app).db.select().from(outbox).where(eq(outbox.orderId, id));
    expect(written.map((m) => m.purpose)).toContain('barber');
    // Both changes are spent, yet the first available costs none now.
    expect(told.barber_changes_left).toBe(0);
    const free = await changeBarber(c, id, null);
    expect(free.statusCode).toBe(200);
    expect(orderSchema.parse(free.json()).barber).toBeNull();
  });

  it('with no shift left today: the order becomes first available and the customer is told', async () => {
    const { c, id } = await joinWith(SHOP, eetu);
    const off = await duty(eetu, false);
    expect(off.json()).toMatchObject({ released_orders: 1 });
    const order = await orderOf(c, id);
    expect(order.barber).toBeNull();
    expect(order.barber_released).toMatchObject({ first_name: 'Eetu', reason: 'no_shift_left' });
    expect((await duty(eetu, true)).statusCode).toBe(200);
  });

  it("a removed barber's customers become first available, told, never stranded", async () => {
    const leaving = await addBarber('Oskari');
    await duty(leaving, true);
    const { c, id } = await joinWith(SHOP, leaving);
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/fi/staff/barbers/${leaving}/`,
      headers: manager,
    });
    expect(res.json()).toMatchObject({ id: leaving, released_orders: 1 });
    const order: Order = await orderOf(c, id);
    expect(order.status).toBe('active');
    expect(order.barber).toBeNull();
    expect(order.barber_released).toMatchObject({ reason: 'removed' });
    const list = await app.inject({ url: '/api/fi/staff/barbers/', headers: barberAccount });
    expect(list.json<{ items: { id: number }[] }>().items.map((b) => b.id)).not.toContain(leaving);
  });
});

describe("Start on a barber's chair", () => {
  it("seats a tied customer only in their barber's chair and records who served", async () => {
    const q = await board();
    const chairOf = (id: number) => q.barbers?.find((b) => b.id === id)?.chair ?? 0;
    const { id } = await joinWith(SHOP, aino);
    await fi(app).db.update(orders).set({ customerAtPob: true }).where(eq(orders.id, id));
    app.queue.invalidate('fi', SHOP);
    const wrong = await start(id, chairOf(eetu));
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json()).toMatchObject({ error: 'barber_tied' });
    const ok = await start(id);
    expect(ok.statusCode, ok.body).toBe(200);
    const started = await row(id);
    expect(started?.chair).toBe(chairOf(aino));
    expect(started?.servedBy).toBe(aino);
    // The history learns per barber from who served.
    if (started) expect(toOrderRecord(started).barberId).toBe(aino);
    await app.inject({
      method: 'POST',
      url: `/api/fi/staff/orders/${id}/finish/`,
      headers: barberAccount,
    });
  });

  it('staff may move a tied customer to another barber with consent, recorded', async () => {
    const q = await board();
    const eetuChair = q.barbers?.find((b) => b.id === eetu)?.chair ?? 0;
    const { id } = await joinWith(SHOP, aino);
    await fi(app).db.update(orders).set({ customerAtPob: true }).where(eq(orders.id, id));
    const noConsent = await app.inject({
      method: 'POST',
      url: `/api/fi/staff/orders/${id}/barber/`,
      headers: barberAccount,
      payload: { barber_id: eetu },
    });
    expect(noConsent.statusCode).toBe(400);
    const moved = await app.inject({
      method: 'POST',
      url: `/api/fi/staff/orders/${id}/barber/`,
      headers: barberAccount,
      payload: { barber_id: eetu, customer_consent: true },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await row(id))?.barberLog.at(-1)).toMatchObject({ from: aino, to: eetu, by: 'staff' });
    expect((await start(id, eetuChair)).statusCode).toBe(200);
    expect((await row(id))?.servedBy).toBe(eetu);
    await app.inject({
      method: 'POST',
      url: `/api/fi/staff/orders/${id}/finish/`,
      headers: barberAccount,
    });
  });

  it("another shop's staff cannot change this shop's order", async () => {
    const { id } = await joinWith(SHOP, null);
    const res = await app.inject({
      method: 'POST',
      url: `/api/fi/staff/orders/${id}/barber/`,
      headers: otherManager,
      payload: { barber_id: null, customer_consent: true },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('the board', () => {
  it("shows each barber's line and whom Start on their chair seats", async () => {
    // Clear the queue: a fresh line of two.
    await fi(app).db.update(orders).set({ status: 'cancelled' }).where(eq(orders.pobId, SHOP));
    app.queue.invalidate('fi', SHOP);
    const first = await joinWith(SHOP, eetu);
    clock.advance(1);
    const second = await joinWith(SHOP, null);
    await fi(app).db.update(orders).set({ customerAtPob: true }).where(eq(orders.pobId, SHOP));
    app.queue.invalidate('fi', SHOP);
    const q = await board();
    const e = q.barbers?.find((b) => b.id === eetu);
    const a = q.barbers?.find((b) => b.id === aino);
    expect(e?.waiting_order_ids).toEqual([first.id]);
    expect(e?.next_order_id).toBe(first.id);
    expect(a?.next_order_id).toBe(second.id);
    const tied = q.orders.find((o) => o.id === first.id);
    expect(tied).toMatchObject({ barber_id: eetu, barber_name: 'Eetu', barber_off_duty: false });
    expect(q.chairs.find((c) => c.chair === e?.chair)).toMatchObject({
      barber_id: eetu,
      barber_name: 'Eetu',
      next_order_id: first.id,
    });
  });
});

describe('walk-ins', () => {
  it('a walk-in at the counter may name a barber', async () => {
    const [s] = await catalogue(app, SHOP);
    const res = await app.inject({
      method: 'POST',
      url: '/api/fi/staff/walk-ins/',
      headers: barberAccount,
      payload: {
        items: [{ service_id: s?.id, extra_service_ids: [] }],
        name: 'Ville',
        barber_id: aino,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await row(res.json<{ id: number }>().id))?.barberId).toBe(aino);
    const refused = await app.inject({
      method: 'POST',
      url: '/api/fi/staff/walk-ins/',
      headers: barberAccount,
      payload: { items: [{ service_id: s?.id, extra_service_ids: [] }], barber_id: onni },
    });
    expect(refused.json()).toMatchObject({ error: 'barber_off_today' });
  });
});

describe('the kiosk and the live shop event', () => {
  it('a walk-in at the kiosk may choose a barber', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/fi/staff/devices/',
      headers: manager,
      payload: { kind: 'kiosk', label: 'door' },
    });
    const code = created.json<{ code: string }>().code;
    const [s] = await catalogue(app, SHOP);
    const res = await app.inject({
      method: 'POST',
      url: `/api/fi/kiosk/${SHOP}/orders/`,
      headers: { authorization: `Bearer ${code}` },
      payload: { items: [{ service_id: s?.id }], name: 'Kaisa', barber_id: aino },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await row(res.json<{ id: number }>().id))?.barberId).toBe(aino);
    const refused = await app.inject({
      method: 'POST',
      url: `/api/fi/kiosk/${SHOP}/orders/`,
      headers: { authorization: `Bearer ${code}` },
      payload: { items: [{ service_id: s?.id }], name: 'Kaisa', barber_id: onni },
    });
    expect(refused.json()).toMatchObject({ error: 'barber_off_today' });
  });

  it("the shop's screen lists the barbers with their waits", async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/fi/staff/devices/',
      headers: manager,
      payload: { kind: 'display', label: 'wall' },
    });
    const code = created.json<{ code: string }>().code;
    const res = await app.inject({
      url: `/api/fi/display/${SHOP}/`,
      headers: { authorization: `Bearer ${code}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const screen = displayBoardSchema.parse(res.json());
    expect(screen.barbers?.find((b) => b.id === aino)).toMatchObject({ on_duty: true });
  });

  it("the shop's live event carries its barbers", async () => {
    const event = pobEventSchema.parse(pobEventOf(await app.queue.view(fi(app), SHOP)));
    expect(event.barbers?.map((b) => b.id)).toContain(aino);
    expect(event.barbers?.[0]).not.toHaveProperty('translations');
  });
});

describe('authorization', () => {
  it("another shop's manager cannot edit or remove this shop's barbers", async () => {
    const patch = await app.inject({
      method: 'PATCH',
      url: `/api/fi/staff/barbers/${aino}/`,
      headers: otherManager,
      payload: { first_name: 'X' },
    });
    expect(patch.statusCode).toBe(404);
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/fi/staff/barbers/${aino}/`,
      headers: otherManager,
    });
    expect(del.statusCode).toBe(404);
    expect((await duty(aino, false, otherManager)).statusCode).toBe(404);
  });

  it('any staff member of the shop signs any barber on and off (the shared shop tablet)', async () => {
    // barber1's account is linked to none of these barbers: it may still sign Veera on and off.
    const linked = await fi(app).db.select().from(barbers).where(eq(barbers.id, veera));
    expect(linked[0]?.staffId).toBeNull();
    const on = await duty(veera, true, barberAccount);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ barber: { id: veera, on_duty: true } });
    const off = await duty(veera, false, barberAccount);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ barber: { id: veera, on_duty: false } });
    // Staff of another shop may not, even a manager.
    expect((await duty(veera, true, otherManager)).statusCode).toBe(404);
  });

  it('a barber cannot add, edit or remove barbers, nor set the rota', async () => {
    const add = await app.inject({
      method: 'POST',
      url: '/api/fi/staff/barbers/',
      headers: barberAccount,
      payload: { first_name: 'Z' },
    });
    expect(add.statusCode).toBe(403);
    const rota = await app.inject({
      method: 'PUT',
      url: `/api/fi/staff/rota/2026-11-18/barbers/${aino}/`,
      headers: barberAccount,
      payload: { shifts: [] },
    });
    expect(rota.statusCode).toBe(403);
  });

  it("refuses a photo that is neither https nor the server's own", async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/fi/staff/barbers/',
      headers: manager,
      payload: { first_name: 'Kuva', photo: 'javascript:alert(1)' },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('chairs follow the barbers on duty', () => {
  it('PATCH chairs signs barbers on and off; more chairs than barbers is refused', async () => {
    const q = await board();
    const onDuty = q.barbers?.filter((b) => b.on_duty).length ?? 0;
    expect(q.pob.chairs).toBe(onDuty);
    const down = await app.inject({
      method: 'PATCH',
      url: '/api/fi/staff/shop/',
      headers: barberAccount,
      payload: { chairs: onDuty - 1 },
    });
    expect(down.statusCode).toBe(200);
    expect(staffQueueSchema.parse(down.json()).pob.chairs).toBe(onDuty - 1);
    const tooMany = await app.inject({
      method: 'PATCH',
      url: '/api/fi/staff/shop/',
      headers: barberAccount,
      payload: { chairs: 40 },
    });
    expect(tooMany.json()).toMatchObject({ error: 'chairs_follow_barbers' });
    const up = await app.inject({
      method: 'PATCH',
      url: '/api/fi/staff/shop/',
      headers: barberAccount,
      payload: { chairs: onDuty },
    });
    expect(staffQueueSchema.parse(up.json()).pob.chairs).toBe(onDuty);
  });

  it('signing on at a chair another barber holds is refused', async () => {
    const q = await board();
    const held = q.barbers?.find((b) => b.on_duty)?.chair ?? 1;
    const res = await duty(veera, true, barberAccount, held);
    expect(res.json()).toMatchObject({ error: 'chair_has_barber' });
  });
});

describe('demo data', () => {
  it('every demo shop has named barbers on duty at its chairs, and history records who served', async () => {
    const demo = await buildTestApp({ now: clock.now, seedBarbers: true });
    try {
      const db = fi(demo).db;
      const shops = await db.select().from(pobs);
      const team = await db.select().from(barbers);
      for (const shop of shops) {
        const own = team.filter((b) => b.pobId === shop.id);
        expect(own.length).toBe(shop.chairs + 1);
        expect(own.filter((b) => b.chair !== null)).toHaveLength(shop.chairs);
        expect(own.every((b) => b.week.length > 0)).toBe(true);
      }
      expect(team.some((b) => b.photo !== null)).toBe(true);
      await db.transaction((tx) => seedHistory(tx, clock.at, 1));
      const served = await db.select().from(orders).where(eq(orders.status, 'serviced'));
      expect(served.length).toBeGreaterThan(0);
      expect(served.every((o) => o.servedBy !== null)).toBe(true);
      expect(served.some((o) => o.barberId !== null && o.barberId === o.servedBy)).toBe(true);
      // The operators' durations per barber name the barbers who served.
      const op = await demo.inject({
        method: 'POST',
        url: '/api/fi/staff/login/',
        payload: { username: 'operator-fi', password: 'Jono1234' },
      });
      const charts = await demo.inject({
        url: '/api/fi/operator/charts/?pob_id=1',
        headers: { authorization: `Bearer ${op.json<{ access_token: string }>().access_token}` },
      });
      expect(charts.statusCode, charts.body).toBe(200);
      const firstNames = team.filter((b) => b.pobId === 1).map((b) => b.firstName);
      const byBarber = charts.json<{ durations_by_barber: { barber: string }[] }>()
        .durations_by_barber;
      expect(byBarber.length).toBeGreaterThan(0);
      expect(byBarber.every((d) => firstNames.includes(d.barber))).toBe(true);
      const detail = pobSchema.parse((await demo.inject({ url: '/api/fi/pobs/1/' })).json());
      expect(detail.barbers.length).toBeGreaterThan(0);
    } finally {
      await demo.close();
    }
  });
});

describe('a barber whose shift comes and goes without them', () => {
  it('the sweep makes their customer first available and tells them, never stranded', async () => {
    const late = await addBarber('Elias', { week: [{ weekday: 3, from: '14:00', to: '15:00' }] });
    const { c, id } = await joinWith(SHOP, late);
    expect((await orderOf(c, id)).barber).toMatchObject({ on_duty: false });
    // 15:30 in Helsinki: Elias's only shift today began and ended without him signing on.
    clock.at = Date.UTC(2026, 10, 18, 13, 30);
    app.queue.invalidate('fi', SHOP);
    await app.queue.sweep(fi(app));
    await app.queue.settled();
    const order = await orderOf({ id: c.id, auth: await authFor(app, c.id) }, id);
    expect(order.status).toBe('active');
    expect(order.barber).toBeNull();
    expect(order.barber_released).toMatchObject({ first_name: 'Elias', reason: 'no_shift_left' });
    const written = await fi(app).db.select().from(outbox).where(eq(outbox.orderId, id));
    expect(written.map((m) => m.purpose)).toContain('barber');
  });
});

describe("the day's summary per barber", () => {
  it('shows whom each barber served, their median service and the accuracy for their customers', async () => {
    await fi(app).db.update(orders).set({ status: 'cancelled' }).where(eq(orders.pobId, SHOP));
    app.queue.invalidate('fi', SHOP);
    const sanni = await addBarber('Sanni');
    const olli = await addBarber('Olli');
    expect((await duty(sanni, true)).statusCode).toBe(200);
    expect((await duty(olli, true)).statusCode).toBe(200);
    // Everyone joins first (so the later ones are shown a wait with its range), then is served.
    const serve = async (ids: number[], minutes: number[]) => {
      // Here all along (marked so behind the queue's back): no turn came while they were away
      // (issue 31 records one at joining, when a barber's chair is free for a customer away).
      await fi(app)
        .db.update(orders)
        .set({ customerAtPob: true, turnAt: null })
        .where(inArray(orders.id, ids));
      for (const [k, id] of ids.entries()) {
        app.queue.invalidate('fi', SHOP);
        expect((await start(id)).statusCode).toBe(200);
        clock.advance(minutes[k] ?? 0);
        // Staff sessions are short: log in again as the hours pass.
        barberAccount = await staffAuth(`barber${SHOP}`);
        manager = await staffAuth(`manager${SHOP}`);
        otherManager = await staffAuth(`manager${OTHER}`);
        const done = await app.inject({
          method: 'POST',
          url: `/api/fi/staff/orders/${id}/finish/`,
          headers: barberAccount,
        });
        expect(done.statusCode, done.body).toBe(200);
      }
    };
    // Sanni serves five customers who chose her (20, 30, 25, 20, 40 minutes); Olli one.
    const hers: number[] = [];
    for (let k = 0; k < 5; k++) {
      hers.push((await joinWith(SHOP, sanni)).id);
      clock.advance(1);
    }
    await serve(hers, [20, 30, 25, 20, 40]);
    await serve([(await joinWith(SHOP, olli)).id], [15]);
    const res = await app.inject({
      url: `/api/fi/staff/summary/?date=2026-11-18`,
      headers: manager,
    });
    expect(res.statusCode, res.body).toBe(200);
    const summary = staffSummarySchema.parse(res.json());
    const s = summary.barbers.find((b) => b.id === sanni);
    expect(s).toMatchObject({ first_name: 'Sanni', served: 5, median_service_minutes: 25 });
    expect(s?.estimates_judged).toBeGreaterThanOrEqual(SUMMARY_BARBER_MIN_ESTIMATES);
    expect(s?.estimate_median_error_minutes).not.toBeNull();
    expect(s?.estimate_inside_range_share).toBeGreaterThanOrEqual(0);
    const o = summary.barbers.find((b) => b.id === olli);
    expect(o).toMatchObject({ first_name: 'Olli', served: 1, median_service_minutes: 15 });
    // One customer's estimates are too few to say how accurate they were.
    if ((o?.estimates_judged ?? 0) < SUMMARY_BARBER_MIN_ESTIMATES) {
      expect(o).toMatchObject({
        estimate_median_error_minutes: null,
        estimate_inside_range_share: null,
      });
    }
    // Most served first; a barber who neither served nor was chosen that day is left out.
    expect(summary.barbers.map((b) => b.first_name).indexOf('Sanni')).toBe(0);
    expect(summary.barbers.map((b) => b.first_name)).not.toContain('Onni');
    // A shop without named barbers has none.
    const other = await app.inject({
      url: `/api/fi/staff/summary/?date=2026-11-18`,
      headers: otherManager,
    });
    expect(staffSummarySchema.parse(other.json()).barbers).toEqual([]);
  });
});
