// No password, token or SMS code in any log line: capture every line of a full journey.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, lastTextedCode } from './helpers';
import { WEDNESDAY_NOON, orderPayload } from './queue-factories';
import type { App } from '../src/app';
import { eq } from 'drizzle-orm';
import { customers, pobs } from '../src/db/schema';

const lines: string[] = [];
let app: App;
beforeAll(async () => {
  app = await buildTestApp({
    now: () => WEDNESDAY_NOON,
    // Development mode logs every request, as a real server does.
    envOverrides: { NODE_ENV: 'development' },
    logger: { level: 'trace', stream: { write: (line: string) => lines.push(line) } },
  });
  // A query the database refuses, with secrets among its parameters, as a handler would run it.
  app.post('/test/failing-query', async () => {
    const db = app.markets.get('fi')?.db;
    if (!db) throw new Error('no fi market');
    await db.insert(customers).values({
      phone: FAILING.phone,
      passwordHash: FAILING.hash,
      email: FAILING.email,
      firstname: 'Nul\u0000',
      lastname: 'Byte',
    });
  });
});

const FAILING = {
  phone: '+358409998877',
  hash: 'scrypt$16384$8$1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA',
  email: 'leak@example.fi',
};
afterAll(() => app.close());

describe('logs of a full journey', () => {
  it('hold no password, access or refresh token, or recovery code', async () => {
    const secrets: string[] = [];
    const phone = '+358401234999';
    const password = 'Salainen123';
    secrets.push(password);
    const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
      app.inject({ method: 'POST', url: `/api/fi${url}`, payload, headers });

    expect((await post('/auth/register-code/', { phone })).statusCode).toBe(200);
    const registrationCode = lastTextedCode(app, phone);
    expect(registrationCode).toMatch(/^\d{6}$/);
    secrets.push(String(registrationCode));
    expect(
      (
        await post('/register/', {
          phone,
          firstname: 'Lokki',
          lastname: 'Testaaja',
          email: 'lokki@example.fi',
          password,
          terms_accepted: true,
          code: registrationCode,
        })
      ).statusCode,
    ).toBe(201);
    const session = (await post('/login/', { phone, password })).json();
    secrets.push(session.access_token, session.refresh_token);
    const auth = { authorization: `Bearer ${session.access_token}` };

    const rotated = (await post('/refresh/', { refresh: session.refresh_token })).json();
    secrets.push(rotated.access_token, rotated.refresh_token);

    await post('/auth/reset-token/', { phone });
    const code = /(\d{8})/.exec(app.markets.get('fi')?.devOutbox?.outbox.at(-1)?.text ?? '')?.[1];
    expect(code).toBeDefined();
    secrets.push(String(code));
    const newPassword = 'Vaihdettu123';
    secrets.push(newPassword);
    expect(
      (await post('/auth/reset/', { phone, token: code, password: newPassword })).statusCode,
    ).toBe(200);

    const again = (await post('/login/', { phone, password: newPassword })).json();
    secrets.push(again.access_token, again.refresh_token);
    const auth2 = { authorization: `Bearer ${again.access_token}` };
    const joined = await app.inject({
      method: 'POST',
      url: `/api/fi/customers/${again.customer_id}/orders/`,
      headers: auth2,
      payload: await orderPayload(app, 1),
    });
    expect(joined.statusCode).toBe(201);
    // The app's arrival by position (issue 31): the position is checked, never logged, whether
    // it places the customer at the shop or not (trace level: the database's statements too).
    const orderId = joined.json<{ id: number }>().id;
    const [shop] = await app.markets.get('fi')!.db.select().from(pobs).where(eq(pobs.id, 1));
    const near = {
      latitude: Number(shop?.latitude) + 0.000_271,
      longitude: Number(shop?.longitude),
    };
    const far = {
      latitude: Number(shop?.latitude) + 0.031_377,
      longitude: Number(shop?.longitude),
    };
    for (const at of [far, near]) {
      await post(
        `/customers/${again.customer_id}/orders/${orderId}/arrival/`,
        { ...at, accuracy: 12 },
        auth2,
      );
      secrets.push(String(at.latitude).slice(0, 8));
    }
    // EventSource passes a stream ticket in the query string (and an old client a token).
    const ticket = await app.inject({
      method: 'POST',
      url: '/api/fi/stream-ticket/',
      headers: auth2,
    });
    secrets.push(ticket.json<{ ticket: string }>().ticket);
    await app.inject({
      url: `/api/fi/customers/${again.customer_id}/orders/999/events?ticket=${ticket.json<{ ticket: string }>().ticket}`,
    });
    await app.inject({
      url: `/api/fi/customers/${again.customer_id}/orders/999/events?access_token=${again.access_token}`,
    });
    await post('/password/', { old_password: newPassword, new_password: 'Kolmas12345' }, auth2);
    secrets.push('Kolmas12345');
    // A wrong login attempt logs nothing of the password either.
    await post('/login/', { phone, password: 'ArvaaMinut9' });
    secrets.push('ArvaaMinut9');

    const staff = await post('/staff/login/', { username: 'manager1', password: 'Jono1234' });
    if (staff.statusCode === 200) secrets.push(staff.json().access_token);
    secrets.push('Jono1234');
    await app.inject({ url: `/api/fi/customers/${session.customer_id}/`, headers: auth });

    // A failed query is logged without its parameters (the hash, phone and email above).
    const failed = await app.inject({ method: 'POST', url: '/test/failing-query' });
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toEqual({
      error: 'internal',
      message: 'Something went wrong on our side',
    });
    secrets.push(FAILING.hash, FAILING.phone, FAILING.email);
    expect(lines.some((l) => l.includes('DatabaseError') && l.includes('insert into'))).toBe(true);

    expect(lines.length).toBeGreaterThan(10);
    for (const secret of secrets) {
      const hit = lines.find((l) => l.includes(secret));
      expect(hit, `a log line holds a secret: ${hit?.slice(0, 400)}`).toBeUndefined();
    }
  });
});
