import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deviceCreatedSchema,
  displayBoardSchema,
  orderSchema,
  staffQueueSchema,
  ticketLabel,
  type DisplayBoard,
} from '@jono/contract';
import { eq } from 'drizzle-orm';
import { devices } from '../src/db/schema';
import { recheckSessions } from '../src/services/revocation';
import { buildTestApp, lastTextedCode, streamTicket, listenLocally } from './helpers';
import { DEFAULT_LIMITS } from '../src/plugins/rate-limits';
import {
  authFor,
  catalogue,
  fi,
  join,
  mutableClock,
  newCustomer,
  setShop,
} from './queue-factories';
import { openSse } from './sse-client';
import type { App } from '../src/app';

const clock = mutableClock();
let app: App;
let base: string;
const staff = new Map<string, Record<string, string>>();

beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
  base = await listenLocally(app);
});
afterAll(() => app.close());

async function staffAuth(username: string) {
  let auth = staff.get(username);
  if (!auth) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/fi/staff/login/',
      payload: { username, password: 'Jono1234' },
    });
    auth = { authorization: `Bearer ${res.json<{ access_token: string }>().access_token}` };
    staff.set(username, auth);
  }
  return auth;
}

async function createDevice(kind: 'display' | 'kiosk', username = 'manager1') {
  const res = await app.inject({
    method: 'POST',
    url: '/api/fi/staff/devices/',
    headers: await staffAuth(username),
    payload: { kind, label: `${kind} at the door` },
  });
  expect(res.statusCode).toBe(201);
  return deviceCreatedSchema.parse(res.json());
}
const code = (c: string) => ({ authorization: `Bearer ${c}` });

const confirmAtKiosk = (pobId: number, deviceCode: string, orderId: number, c?: string) =>
  app.inject({
    method: 'POST',
    url: `/api/fi/kiosk/${pobId}/orders/${orderId}/confirm/`,
    headers: code(deviceCode),
    payload: { code: c ?? '' },
  });

async function kioskJoin(pobId: number, deviceCode: string, body: Record<string, unknown> = {}) {
  const [s] = await catalogue(app, pobId);
  return app.inject({
    method: 'POST',
    url: `/api/fi/kiosk/${pobId}/orders/`,
    headers: code(deviceCode),
    payload: { items: [{ service_id: s?.id }], name: 'Ville', ...body },
  });
}

describe('device codes', () => {
  it('a manager creates a code, sees it listed without the code, and only managers may', async () => {
    const created = await createDevice('display');
    expect(created.code).toMatch(/^FI(-[0-9A-Z]{4}){3}$/);
    const list = await app.inject({
      url: '/api/fi/staff/devices/',
      headers: await staffAuth('manager1'),
    });
    expect(list.json().items[0]).toEqual({
      id: created.id,
      kind: 'display',
      label: 'display at the door',
      created_at: expect.any(String),
      revoked_at: null,
    });
    expect(list.body).not.toContain(created.code);
    const barber = await app.inject({
      method: 'POST',
      url: '/api/fi/staff/devices/',
      headers: await staffAuth('barber1'),
      payload: { kind: 'kiosk', label: 'x' },
    });
    expect(barber.statusCode).toBe(403);
  });

  it('a code works only for its shop and kind, in any case and spacing, and not after revoking', async () => {
    const created = await createDevice('display');
    const typed = created.code.toLowerCase().replaceAll('-', ' ');
    const ok = await app.inject({ url: '/api/fi/display/1/', headers: code(typed) });
    expect(ok.statusCode).toBe(200);
    expect(
      (await app.inject({ url: '/api/fi/display/2/', headers: code(created.code) })).statusCode,
    ).toBe(403);
    expect(
      (await app.inject({ url: '/api/fi/kiosk/1/', headers: code(created.code) })).statusCode,
    ).toBe(403);
    expect((await app.inject({ url: '/api/fi/display/1/' })).json().error).toBe('device_code');

    const other = await app.inject({
      method: 'DELETE',
      url: `/api/fi/staff/devices/${created.id}/`,
      headers: await staffAuth('manager2'),
    });
    expect(other.statusCode).toBe(404);
    const revoked = await app.inject({
      method: 'DELETE',
      url: `/api/fi/staff/devices/${created.id}/`,
      headers: await staffAuth('manager1'),
    });
    expect(revoked.json().revoked_at).not.toBeNull();
    const after = await app.inject({ url: '/api/fi/display/1/', headers: code(created.code) });
    expect(after.statusCode).toBe(401);
    expect(after.json().error).toBe('device_code');
  });

  it('ends an open display stream once its code is revoked', async () => {
    const created = await createDevice('display');
    const stream = await openSse(
      `${base}/api/fi/display/1/events?ticket=${await streamTicket(app, created.code)}`,
    );
    expect(stream.status).toBe(200);
    await stream.next();
    await app.inject({
      method: 'DELETE',
      url: `/api/fi/staff/devices/${created.id}/`,
      headers: await staffAuth('manager1'),
    });
    await expect(stream.next(() => false, 15_000)).rejects.toThrow('stream ended');
  }, 20_000);

  it('ends a display stream whose code was revoked without a notification, at the next re-check', async () => {
    const created = await createDevice('display');
    const stream = await openSse(
      `${base}/api/fi/display/1/events?ticket=${await streamTicket(app, created.code)}`,
    );
    await stream.next();
    // Revoked behind the server's back (another process whose NOTIFY was lost).
    await fi(app)
      .db.update(devices)
      .set({ revokedAt: new Date() })
      .where(eq(devices.id, created.id));
    expect(await recheckSessions(app)).toBe(1);
    await expect(stream.next(() => false, 15_000)).rejects.toThrow('stream ended');
  }, 20_000);
});

describe('kiosk and display', () => {
  it('a walk-in joins at the kiosk with a number, and the display shows them by name or number', async () => {
    await setShop(app, 3, { chairs: 1 });
    const kiosk = await createDevice('kiosk', 'manager3');
    const display = await createDevice('display', 'manager3');
    const stream = await openSse(
      `${base}/api/fi/display/3/events?ticket=${await streamTicket(app, display.code)}`,
    );
    await stream.next();
    const res = await kioskJoin(3, kiosk.code, { name: 'Ville Virtanen', phone: '040 123 4567' });
    expect(res.statusCode).toBe(201);
    const joined = res.json<{ id: number; ticket: number; position: number }>();
    expect(joined.ticket).toBeGreaterThanOrEqual(1);
    // Here once the walk-in typed the code texted to the number (issue 27).
    expect(
      (await confirmAtKiosk(3, kiosk.code, joined.id, lastTextedCode(app, '+358401234567')))
        .statusCode,
    ).toBe(200);
    const board = displayBoardSchema.parse(
      await stream.next<DisplayBoard>((b) => b.next.some((n) => n.label === 'Ville' && n.here)),
    );
    // By name, and still by the number the kiosk gave: two Villes are told apart.
    expect(board.next.find((n) => n.label === 'Ville')).toMatchObject({
      here: true,
      presence: 'here',
      name: 'Ville',
      ticket: joined.ticket,
    });
    stream.close();

    // An app customer who is not here yet is "not here yet" as on the board, not "on the way".
    const away = await newCustomer(app, { firstname: 'Aino' });
    expect((await join(app, away, 3)).statusCode).toBe(201);
    await app.inject({
      method: 'PATCH',
      url: '/api/fi/staff/shop/',
      headers: await staffAuth('manager3'),
      payload: { notice: 'Tänään vain käteinen.' },
    });
    const named = displayBoardSchema.parse(
      (await app.inject({ url: '/api/fi/display/3/', headers: code(display.code) })).json(),
    );
    expect(named.next.find((n) => n.name === 'Aino')).toMatchObject({
      here: false,
      presence: 'not_here',
    });
    expect(named.pob).toMatchObject({ notice: 'Tänään vain käteinen.', closing_soon: false });

    const staffView = staffQueueSchema.parse(
      (
        await app.inject({ url: '/api/fi/staff/queue/', headers: await staffAuth('barber3') })
      ).json(),
    );
    expect(staffView.orders.find((o) => o.id === joined.id)).toMatchObject({
      source: 'kiosk',
      customer_name: 'Ville Virtanen',
      checked_in: true,
      ticket: joined.ticket,
    });

    const numbers = await app.inject({
      method: 'PATCH',
      url: '/api/fi/staff/shop/presence/',
      headers: await staffAuth('manager3'),
      payload: { display_names: 'number' },
    });
    expect(numbers.json()).toEqual({ display_names: 'number', hold_grace_minutes: 10 });
    const byNumber = await app.inject({ url: '/api/fi/display/3/', headers: code(display.code) });
    const labels = displayBoardSchema.parse(byNumber.json()).next.map((n) => n.label);
    expect(labels).toContain(String(joined.ticket).padStart(3, '0'));
    expect(labels).not.toContain('Ville');

    // An app customer finds their number on the screen: their order says it.
    const customer = await newCustomer(app);
    const made = await join(app, customer, 3);
    expect(made.statusCode, made.body).toBe(201);
    const orderId = made.json<{ id: number }>().id;
    const order = orderSchema.parse(
      (
        await app.inject({
          url: `/api/fi/customers/${customer.id}/orders/${orderId}/`,
          headers: await authFor(app, customer.id),
        })
      ).json(),
    );
    expect(order.ticket).toBe(joined.ticket + 2);
    const withApp = await app.inject({ url: '/api/fi/display/3/', headers: code(display.code) });
    expect(displayBoardSchema.parse(withApp.json()).next.map((n) => n.label)).toContain(
      ticketLabel(order.ticket ?? 0),
    );
  });

  it('says when a deferred customer is back, in the board’s words and time', async () => {
    const display = await createDevice('display', 'manager6');
    const allDay = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
      weekday,
      open: '00:00',
      close: '24:00',
    }));
    await setShop(app, 6, { openTimes: allDay, chairs: 1, queueState: 'open' });
    const first = await newCustomer(app, { firstname: 'Eero' });
    const second = await newCustomer(app, { firstname: 'Saara' });
    const made = await join(app, first, 6);
    expect(made.statusCode, made.body).toBe(201);
    expect((await join(app, second, 6)).statusCode).toBe(201);
    const deferred = await app.inject({
      method: 'POST',
      url: `/api/fi/customers/${first.id}/orders/${made.json<{ id: number }>().id}/defer/`,
      headers: await authFor(app, first.id),
      payload: { minutes: 30 },
    });
    expect(deferred.statusCode, deferred.body).toBe(200);
    const board = displayBoardSchema.parse(
      (await app.inject({ url: '/api/fi/display/6/', headers: code(display.code) })).json(),
    );
    const staffBoard = staffQueueSchema.parse(
      (
        await app.inject({ url: '/api/fi/staff/queue/', headers: await staffAuth('barber6') })
      ).json(),
    );
    const onBoard = staffBoard.orders.find((o) => o.customer_id === first.id)?.presence;
    expect(onBoard?.state).toBe('deferred');
    const eero = board.next.find((n) => n.name === 'Eero');
    expect(eero).toMatchObject({ presence: 'deferred', presence_until: onBoard?.deferred_until });
    expect(Date.parse(eero?.presence_until ?? '')).toBeGreaterThan(clock.now());
    // Someone simply not here yet has no time beside the words.
    expect(board.next.find((n) => n.name === 'Saara')).toMatchObject({
      presence: 'not_here',
      presence_until: null,
    });
  });

  it('numbers the day’s orders of a shop 1, 2, 3 ...', async () => {
    const kiosk = await createDevice('kiosk', 'manager4');
    const a = (await kioskJoin(4, kiosk.code)).json<{ ticket: number }>().ticket;
    const b = (await kioskJoin(4, kiosk.code)).json<{ ticket: number }>().ticket;
    expect(b).toBe(a + 1);
  });

  it('refuses kiosk joins the app would refuse: a closed queue, a service of another shop, bad fields', async () => {
    const kiosk = await createDevice('kiosk', 'manager7');
    await setShop(app, 7, { queueState: 'closed' });
    const closed = await kioskJoin(7, kiosk.code);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error).toBe('not_taking_orders');
    await setShop(app, 7, { queueState: 'open' });
    const [foreign] = await catalogue(app, 1);
    const wrong = await kioskJoin(7, kiosk.code, { items: [{ service_id: foreign?.id }] });
    expect(wrong.statusCode).toBe(400);
    const noName = await kioskJoin(7, kiosk.code, { name: '' });
    expect(noName.statusCode).toBe(400);
    const extra = await kioskJoin(7, kiosk.code, { customer_id: 1 });
    expect(extra.statusCode).toBe(400);
    // A number for the SMS must be a phone number of its country, as at registration.
    for (const phone of ['abcdefgh', '040 12', '+47 1234 567', '+358 12345678901']) {
      const bad = await kioskJoin(7, kiosk.code, { phone });
      expect(bad.statusCode, phone).toBe(400);
      expect(bad.json().fields, phone).toHaveProperty('phone');
    }
  });

  it('texts a kiosk walk-in a code first, and the turn-near SMS only once it is typed at the kiosk (issue 27)', async () => {
    await setShop(app, 9, { chairs: 1 });
    const kiosk = await createDevice('kiosk', 'manager9');
    const res = await kioskJoin(9, kiosk.code, { name: 'Aino', phone: '0401112223' });
    expect(res.statusCode).toBe(201);
    const joined = res.json<{ id: number; ticket: number; code_sent: boolean }>();
    expect(joined.code_sent).toBe(true);
    const sms = () => (fi(app).devOutbox?.outbox ?? []).filter((m) => m.to === '+358401112223');
    expect(sms()).toHaveLength(1);
    expect(sms()[0]?.text).toMatch(/koodilla \d{6}/);
    // First in line, but the number is not proved: no turn-near SMS, and the walk-in is absent.
    await app.queue.changed(fi(app), 9);
    await app.queue.settled();
    expect(sms()).toHaveLength(1);
    const queue = staffQueueSchema.parse(
      (
        await app.inject({ url: '/api/fi/staff/queue/', headers: await staffAuth('manager9') })
      ).json(),
    );
    expect(queue.orders.find((o) => o.id === joined.id)).toMatchObject({ checked_in: false });
    // A wrong code changes nothing; the right one proves the number and the presence.
    const wrong = await confirmAtKiosk(9, kiosk.code, joined.id, '000000');
    expect(wrong.statusCode).toBe(400);
    const code = lastTextedCode(app, '+358401112223');
    expect((await confirmAtKiosk(9, kiosk.code, joined.id, code)).statusCode).toBe(200);
    await app.queue.changed(fi(app), 9);
    await app.queue.settled();
    expect(sms()).toHaveLength(2);
    expect(sms()[1]?.text).toContain(String(joined.ticket).padStart(3, '0'));
    // Used once.
    expect((await confirmAtKiosk(9, kiosk.code, joined.id, code)).statusCode).toBe(400);
  });

  it('counts a kiosk walk-in without a phone as absent until the staff start them', async () => {
    await setShop(app, 9, { chairs: 1 });
    const kiosk = await createDevice('kiosk', 'manager9');
    const res = await kioskJoin(9, kiosk.code, { name: 'Eero' });
    expect(res.json()).toMatchObject({ code_sent: false });
    const queue = staffQueueSchema.parse(
      (
        await app.inject({ url: '/api/fi/staff/queue/', headers: await staffAuth('manager9') })
      ).json(),
    );
    expect(queue.orders.find((o) => o.id === res.json<{ id: number }>().id)).toMatchObject({
      checked_in: false,
    });
  });
});

describe('kiosk rate limit', () => {
  it('limits kiosk joins per IP like app orders', async () => {
    const limited = await buildTestApp({
      now: clock.now,
      limits: { orders: { max: 2, windowMs: 60_000 } },
    });
    try {
      const login = await limited.inject({
        method: 'POST',
        url: '/api/fi/staff/login/',
        payload: { username: 'manager5', password: 'Jono1234' },
      });
      const created = await limited.inject({
        method: 'POST',
        url: '/api/fi/staff/devices/',
        headers: { authorization: `Bearer ${login.json<{ access_token: string }>().access_token}` },
        payload: { kind: 'kiosk', label: 'door' },
      });
      const deviceCode = created.json<{ code: string }>().code;
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await limited.inject({
          method: 'POST',
          url: '/api/fi/kiosk/5/orders/',
          headers: code(deviceCode),
          payload: { items: [{ service_id: 1 }], name: 'X' },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses[2]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('kiosk joins per device and shop (issue 27)', () => {
  it('caps the walk-ins a kiosk and a shop add in an hour, whatever the address', async () => {
    // Thursday noon in Helsinki: shop 4 is open, and the earlier tests' hours have passed.
    clock.at = Date.UTC(2026, 10, 19, 10, 0);
    staff.delete('manager4');
    const first = await createDevice('kiosk', 'manager4');
    const second = await createDevice('kiosk', 'manager4');
    const relaxed = { device: app.limits.kioskJoinsPerDevice, shop: app.limits.kioskJoinsPerShop };
    app.limits.kioskJoinsPerDevice = { max: 3, windowMs: 3_600_000 };
    app.limits.kioskJoinsPerShop = { max: 5, windowMs: 3_600_000 };
    try {
      const statuses = async (deviceCode: string, n: number) => {
        const out: number[] = [];
        for (let i = 0; i < n; i++) {
          out.push((await kioskJoin(4, deviceCode)).statusCode);
        }
        return out;
      };
      // One kiosk: three, then 429 (before: 24 in a row from one kiosk).
      expect(await statuses(first.code, 4)).toEqual([201, 201, 201, 429]);
      // The shop's other kiosk adds two more, then the shop's hour is full.
      expect(await statuses(second.code, 3)).toEqual([201, 201, 429]);
      // An hour later both work again.
      clock.advance(61);
      expect(await statuses(first.code, 1)).toEqual([201]);
    } finally {
      app.limits.kioskJoinsPerDevice = relaxed.device;
      app.limits.kioskJoinsPerShop = relaxed.shop;
    }
    expect(DEFAULT_LIMITS.kioskJoinsPerDevice).toEqual({ max: 30, windowMs: 3_600_000 });
    expect(DEFAULT_LIMITS.kioskJoinsPerShop).toEqual({ max: 60, windowMs: 3_600_000 });
  });
});

describe('rotating a device code (issue 27)', () => {
  it('gives the device a new code, refuses the old one, and ends the stream opened with it', async () => {
    clock.at = Date.UTC(2026, 10, 19, 11, 0);
    // Staff tokens of the earlier days have expired.
    staff.clear();
    const display = await createDevice('display');
    const ticket = await streamTicket(app, display.code);
    const s = await openSse(`${base}/api/fi/display/1/events?ticket=${ticket}`);
    expect(s.status).toBe(200);
    await s.next();
    const rotated = await app.inject({
      method: 'POST',
      url: `/api/fi/staff/devices/${display.id}/rotate/`,
      headers: await staffAuth('manager1'),
    });
    expect(rotated.statusCode, rotated.body).toBe(201);
    const fresh = deviceCreatedSchema.parse(rotated.json());
    expect(fresh.code).not.toBe(display.code);
    expect(fresh).toMatchObject({ kind: 'display', label: display.label });
    await expect(s.next(() => false, 10_000)).rejects.toThrow('stream ended');
    const board = (c: string) => app.inject({ url: '/api/fi/display/1/', headers: code(c) });
    expect((await board(display.code)).statusCode).toBe(401);
    expect((await board(fresh.code)).statusCode).toBe(200);
    // The old code cannot be rotated again, and a barber cannot rotate at all.
    const again = await app.inject({
      method: 'POST',
      url: `/api/fi/staff/devices/${display.id}/rotate/`,
      headers: await staffAuth('manager1'),
    });
    expect(again.statusCode).toBe(409);
    const barber = await app.inject({
      method: 'POST',
      url: `/api/fi/staff/devices/${fresh.id}/rotate/`,
      headers: await staffAuth('barber1'),
    });
    expect(barber.statusCode).toBe(403);
  });
});

describe('device codes expire when unused (issue 27)', () => {
  const DAY = 86_400_000;
  const board = (c: string) => app.inject({ url: '/api/fi/display/1/', headers: code(c) });

  it('keeps a code in use working, and refuses one unused for 14 days', async () => {
    clock.at = Date.UTC(2026, 11, 1, 9, 0);
    staff.clear();
    const display = await createDevice('display');
    // Used just before the 14 days run out: it keeps working, counted from its last use.
    clock.at += 14 * DAY - 60_000;
    expect((await board(display.code)).statusCode).toBe(200);
    clock.at += 14 * DAY - 60_000;
    expect((await board(display.code)).statusCode).toBe(200);
    const [row] = await app.markets
      .get('fi')!
      .db.select()
      .from(devices)
      .where(eq(devices.id, display.id));
    expect(row?.lastUsedAt?.getTime()).toBe(clock.at);
    // Then 14 days without a call: refused, also for a stream ticket.
    clock.at += 14 * DAY;
    const refused = await board(display.code);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ error: 'device_code' });
    const ticket = await app.inject({
      method: 'POST',
      url: '/api/fi/stream-ticket/',
      headers: code(display.code),
    });
    expect(ticket.statusCode).toBe(401);
  });

  it('refuses a code never used 14 days after it was created; its rotation works', async () => {
    clock.at = Date.UTC(2027, 0, 10, 9, 0);
    staff.clear();
    const kiosk = await createDevice('display');
    clock.at += 14 * DAY;
    staff.clear();
    expect((await board(kiosk.code)).statusCode).toBe(401);
    const rotated = await app.inject({
      method: 'POST',
      url: `/api/fi/staff/devices/${kiosk.id}/rotate/`,
      headers: await staffAuth('manager1'),
    });
    expect(rotated.statusCode, rotated.body).toBe(201);
    expect((await board(deviceCreatedSchema.parse(rotated.json()).code)).statusCode).toBe(200);
  });
});
