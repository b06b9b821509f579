// Every route of the API, read from the OpenAPI document the route table generates, is called
// with no token, an expired token, a forged token, another customer's token and the wrong kind of
// token: each answer is 401 or 403 and carries no data. A new route must be classified here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenService } from '../src/lib/tokens';
import { DEMO, buildTestApp, login } from './helpers';
import type { App } from '../src/app';

let app: App;
let victim: Awaited<ReturnType<typeof login>>;
let intruder: Awaited<ReturnType<typeof login>>;

/** Routes anyone may call (answers never carry a customer's data). */
const PUBLIC = new Set([
  'POST /login/',
  'POST /refresh/',
  'POST /register/',
  'POST /auth/register-code/',
  'POST /auth/reset-token/',
  'POST /auth/reset/',
  'GET /pobs/',
  'GET /pobs/{id}/',
  'GET /pobs/{id}/events',
  'GET /pobs/{id}/events/',
  'GET /push/public-key/',
  'GET /config/',
  'GET /dev/sms-outbox',
  // Loopback only, with the development sender (sms-replies.test.ts).
  'POST /dev/sms-inbox',
  // The SMS provider's webhooks: its signature or shared secret (sms-providers.test.ts).
  'POST /sms/inbound/{provider}',
  'POST /sms/status/{provider}',
  'POST /staff/login/',
]);
/** Display and kiosk routes: only a working device code of that shop and kind (devices.test.ts). */
const DEVICE = new Set([
  'GET /display/{pobId}/',
  'GET /display/{pobId}/events',
  'GET /kiosk/{pobId}/',
  'POST /kiosk/{pobId}/orders/',
  'POST /kiosk/{pobId}/orders/{orderId}/confirm/',
]);
const isDeviceRoute = (r: { method: string; path: string }) => DEVICE.has(`${r.method} ${r.path}`);
/** Staff routes only the shop's manager may call; every other staff route is open to barbers. */
const MANAGER = new Set([
  'PUT /staff/shop/hours/',
  'PATCH /staff/shop/details/',
  'GET /staff/services/',
  'POST /staff/services/',
  'PATCH /staff/services/{serviceId}/',
  'DELETE /staff/services/{serviceId}/',
  'PATCH /staff/service-groups/{groupId}/',
  'GET /staff/accounts/',
  'POST /staff/accounts/',
  'PATCH /staff/accounts/{staffId}/',
  'DELETE /staff/accounts/{staffId}/',
  'POST /staff/messages/',
  'GET /staff/summary/',
  'GET /staff/devices/',
  'POST /staff/devices/',
  'DELETE /staff/devices/{deviceId}/',
  'POST /staff/devices/{deviceId}/rotate/',
  'PATCH /staff/shop/presence/',
  'GET /staff/shop/alerts/',
  'PUT /staff/shop/alerts/',
  'POST /staff/barbers/',
  'PATCH /staff/barbers/{barberId}/',
  'DELETE /staff/barbers/{barberId}/',
  'PUT /staff/rota/{date}/barbers/{barberId}/',
  'DELETE /staff/rota/{date}/barbers/{barberId}/',
  'GET /staff/shop/alerts/',
  'PUT /staff/shop/alerts/',
]);
const BARBER = new Set([
  'GET /staff/queue/',
  'POST /staff/notices/',
  'POST /staff/walk-ins/',
  'POST /staff/orders/{orderId}/start/',
  'POST /staff/orders/{orderId}/finish/',
  'POST /staff/orders/{orderId}/no-show/',
  'POST /staff/orders/{orderId}/defer/',
  'POST /staff/orders/{orderId}/cancel/',
  'POST /staff/orders/{orderId}/undo/',
  'PATCH /staff/shop/',
  'GET /staff/events',
  'GET /staff/barbers/',
  'POST /staff/barbers/{barberId}/duty/',
  'DELETE /staff/barbers/{barberId}/duty/',
  'GET /staff/rota/',
  'POST /staff/orders/{orderId}/barber/',
]);
/** The operators' routes: only an operator covering the market (operator.test.ts). */
const isOperatorRoute = (r: { path: string }) => r.path.startsWith('/operator/');
/** Routes that need any logged-in customer and act only on the caller. */
const SELF = new Set(['POST /password/', 'POST /logout/', 'POST /stream-ticket/']);

interface Route {
  method: string;
  path: string;
}

function routesOf(doc: { paths: Record<string, Record<string, unknown>> }): Route[] {
  const out: Route[] = [];
  for (const [full, methods] of Object.entries(doc.paths)) {
    if (!full.startsWith('/api/{market}')) continue;
    for (const method of Object.keys(methods)) {
      if (['get', 'post', 'patch', 'put', 'delete'].includes(method)) {
        out.push({ method: method.toUpperCase(), path: full.slice('/api/{market}'.length) });
      }
    }
  }
  return out;
}

function fill(path: string, customerId: number): string {
  return `/api/fi${path.replace('{id}', String(customerId)).replace(/\{[A-Za-z]+\}/g, '1')}`;
}

let routes: Route[] = [];
let staffTokenOtherShop: string;
let expiredVictim: string;
let forgedVictim: string;

beforeAll(async () => {
  app = await buildTestApp();
  victim = await login(app, DEMO.gold);
  intruder = await login(app, DEMO.oneTime);
  routes = routesOf(app.swagger() as never);
  expiredVictim = await app.tokens.signAccess(
    { sub: String(victim.customer_id), market: 'fi', kind: 'customer' },
    -60,
  );
  forgedVictim = await new TokenService(
    'a-different-secret-an-attacker-made-up-0123456789',
  ).signAccess({
    sub: String(victim.customer_id),
    market: 'fi',
    kind: 'customer',
  });
  staffTokenOtherShop = await app.tokens.signAccess({
    sub: '999',
    market: 'fi',
    kind: 'staff',
    pob: 2,
    role: 'manager',
  });
});
afterAll(() => app.close());

const call = (r: Route, token?: string, customerId = 0) =>
  app.inject({
    method: r.method as 'GET',
    url: fill(r.path, customerId),
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { payload: {} }),
  });

function expectRefused(res: { statusCode: number; body: string }, codes: number[], label: string) {
  expect(codes, `${label} answered ${res.statusCode}: ${res.body.slice(0, 200)}`).toContain(
    res.statusCode,
  );
  expect(res.body).not.toContain(DEMO.gold);
  expect(res.body).not.toContain('Kultanen');
}

describe('the authorization matrix', () => {
  it('knows every route: public, self-only, customer, staff (manager or barber) or device', () => {
    expect(routes.length).toBeGreaterThan(10);
    const unclassified = routes.filter((r) => {
      const key = `${r.method} ${r.path}`;
      if (PUBLIC.has(key) || SELF.has(key) || isDeviceRoute(r) || isOperatorRoute(r)) return false;
      if (r.path.startsWith('/customers/{id}')) return false;
      if (r.path.startsWith('/staff/')) return !MANAGER.has(key) && !BARBER.has(key);
      return true;
    });
    expect(unclassified).toEqual([]);
    expect(routes.filter(isDeviceRoute)).toHaveLength(DEVICE.size);
  });

  it('refuses every operator route to managers, barbers and customers before reading the request', async () => {
    const operatorRoutes = routes.filter(isOperatorRoute);
    expect(operatorRoutes.length).toBeGreaterThan(0);
    const tokens: string[] = [victim.access_token];
    for (const username of ['manager1', 'barber1']) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/fi/staff/login/',
        payload: { username, password: DEMO.password },
      });
      tokens.push(res.json<{ access_token: string }>().access_token);
    }
    for (const r of operatorRoutes) {
      expectRefused(await call(r), [401], `${r.method} ${r.path} without a token`);
      for (const token of tokens) {
        expectRefused(await call(r, token), [403], `${r.method} ${r.path}`);
      }
    }
  });

  it("refuses every manager route with a barber's token before reading the request", async () => {
    const barber = await app.inject({
      method: 'POST',
      url: '/api/fi/staff/login/',
      payload: { username: 'barber1', password: DEMO.password },
    });
    const token = barber.json<{ access_token: string }>().access_token;
    const managerRoutes = routes.filter((r) => MANAGER.has(`${r.method} ${r.path}`));
    expect(managerRoutes).toHaveLength(MANAGER.size);
    for (const r of managerRoutes) {
      expectRefused(await call(r, token), [403], `${r.method} ${r.path} as a barber`);
    }
  });

  it('refuses every customer route without a valid token of that customer', async () => {
    const customerRoutes = routes.filter((r) => r.path.startsWith('/customers/{id}'));
    expect(customerRoutes.length).toBeGreaterThanOrEqual(5);
    for (const r of customerRoutes) {
      const label = `${r.method} ${r.path}`;
      expectRefused(
        await call(r, undefined, victim.customer_id),
        [401],
        `${label} without a token`,
      );
      expectRefused(
        await call(r, expiredVictim, victim.customer_id),
        [401],
        `${label} with an expired token`,
      );
      expectRefused(
        await call(r, forgedVictim, victim.customer_id),
        [401],
        `${label} with a forged token`,
      );
      expectRefused(
        await call(r, intruder.access_token, victim.customer_id),
        [403],
        `${label} as another customer`,
      );
      expectRefused(
        await call(r, staffTokenOtherShop, victim.customer_id),
        [403],
        `${label} with a staff token`,
      );
    }
  });

  it('refuses every staff route without a staff token', async () => {
    const staffRoutes = routes.filter(
      (r) => r.path.startsWith('/staff/') && !PUBLIC.has(`${r.method} ${r.path}`),
    );
    for (const r of staffRoutes) {
      const label = `${r.method} ${r.path}`;
      expectRefused(await call(r), [401], `${label} without a token`);
      const expired = await app.tokens.signAccess(
        { sub: '1', market: 'fi', kind: 'staff', pob: 1, role: 'manager' },
        -60,
      );
      expectRefused(await call(r, expired), [401], `${label} with an expired token`);
      const forged = await new TokenService(
        'a-different-secret-an-attacker-made-up-0123456789',
      ).signAccess({
        sub: '1',
        market: 'fi',
        kind: 'staff',
        pob: 1,
        role: 'manager',
      });
      expectRefused(await call(r, forged), [401], `${label} with a forged token`);
      expectRefused(await call(r, victim.access_token), [403], `${label} with a customer token`);
    }
  });

  it('never takes a token or device code from a URL; a stream ticket opens streams and nothing else', async () => {
    // Issue 27: ?access_token= with 12-hour staff tokens and device codes landed in access logs.
    const staff = await app.inject({
      method: 'POST',
      url: '/api/fi/staff/login/',
      payload: { username: 'manager1', password: DEMO.password },
    });
    const staffToken = staff.json<{ access_token: string }>().access_token;
    const ticket = async (credential: string) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/fi/stream-ticket/',
        headers: { authorization: `Bearer ${credential}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ expires_in: number }>().expires_in).toBe(60);
      return res.json<{ ticket: string }>().ticket;
    };
    const victimTicket = await ticket(victim.access_token);
    const staffTicket = await ticket(staffToken);
    const streams = routes.filter((r) => r.path.endsWith('/events') || r.path.endsWith('/events/'));
    expect(streams.length).toBeGreaterThanOrEqual(2);
    const guarded = routes.filter(
      (r) =>
        !PUBLIC.has(`${r.method} ${r.path}`) && !isDeviceRoute(r) && r.path !== '/stream-ticket/',
    );
    expect(guarded.length).toBeGreaterThan(20);
    const send = (r: { method: string; path: string }, query: string, bearerToken?: string) =>
      app.inject({
        method: r.method as 'GET',
        url: `${fill(r.path, victim.customer_id)}?${query}`,
        ...(bearerToken ? { headers: { authorization: `Bearer ${bearerToken}` } } : {}),
        ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { payload: {} }),
      });
    for (const r of guarded) {
      const isStaff = r.path.startsWith('/staff/');
      const token = isStaff ? staffToken : victim.access_token;
      const own = isStaff ? staffTicket : victimTicket;
      const label = `${r.method} ${r.path}`;
      // An access token in the URL is refused everywhere, streams included.
      expectRefused(await send(r, `access_token=${token}`), [401], `${label} ?access_token=`);
      // A ticket is refused as a bearer token everywhere.
      expectRefused(await send(r, '', own), [401], `${label} with a ticket as Bearer`);
      // A ticket in the URL opens only event streams.
      if (!streams.includes(r)) {
        expectRefused(await send(r, `ticket=${own}`), [401], `${label} ?ticket=`);
      }
    }
    // On a stream, another caller's ticket is refused.
    const order = streams.find((r) => r.path.startsWith('/customers/'));
    if (!order) throw new Error('no order stream');
    expectRefused(await send(order, `ticket=${staffTicket}`), [403], 'order stream, staff ticket');
  });

  it('refuses every staff route with the token of a removed account or an ended session', async () => {
    const login = async (username: string) =>
      (
        await app.inject({
          method: 'POST',
          url: '/api/fi/staff/login/',
          payload: { username, password: DEMO.password },
        })
      ).json<{ access_token: string; staff: { id: number } }>();
    const manager = await login('manager2');
    const asManager = { authorization: `Bearer ${manager.access_token}` };
    const add = (username: string) =>
      app.inject({
        method: 'POST',
        url: '/api/fi/staff/accounts/',
        headers: asManager,
        payload: { username, name: username, role: 'manager', password: DEMO.password },
      });
    expect((await add('matrix.removed')).statusCode).toBe(201);
    expect((await add('matrix.changed')).statusCode).toBe(201);
    const removed = await login('matrix.removed');
    const changed = await login('matrix.changed');
    await app.inject({
      method: 'DELETE',
      url: `/api/fi/staff/accounts/${removed.staff.id}/`,
      headers: asManager,
    });
    await app.inject({
      method: 'PATCH',
      url: `/api/fi/staff/accounts/${changed.staff.id}/`,
      headers: asManager,
      payload: { role: 'barber' },
    });
    const staffRoutes = routes.filter(
      (r) =>
        r.path.startsWith('/staff/') &&
        !PUBLIC.has(`${r.method} ${r.path}`) &&
        !r.path.endsWith('/events'),
    );
    for (const r of staffRoutes) {
      const label = `${r.method} ${r.path}`;
      expectRefused(await call(r, removed.access_token), [401], `${label} of a removed account`);
      expectRefused(await call(r, changed.access_token), [401], `${label} after a role change`);
    }
  });

  it('refuses every display and kiosk route without a device code, and a session token is none', async () => {
    const deviceRoutes = routes.filter(isDeviceRoute);
    expect(deviceRoutes.length).toBeGreaterThanOrEqual(4);
    for (const r of deviceRoutes) {
      const label = `${r.method} ${r.path}`;
      expectRefused(await call(r), [401], `${label} without a code`);
      expectRefused(await call(r, victim.access_token), [401], `${label} with a customer token`);
      expectRefused(await call(r, staffTokenOtherShop), [401], `${label} with a staff token`);
    }
  });

  it('refuses the self-only routes without a valid token', async () => {
    for (const key of SELF) {
      const [method, path] = key.split(' ') as [string, string];
      const r = { method, path };
      expectRefused(await call(r), [401], `${key} without a token`);
      expectRefused(await call(r, expiredVictim), [401], `${key} with an expired token`);
      expectRefused(await call(r, forgedVictim), [401], `${key} with a forged token`);
    }
  });
});
