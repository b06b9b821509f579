// Property-based: malformed bodies, params and headers sent to every write route (read from the
// OpenAPI route table) get a 4xx JSON error, never a 5xx, and write no row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { INT32_MAX, INT32_MIN, NO_CONTROL_CHARACTERS } from '@jono/contract';
import { DEMO, buildTestApp, login } from './helpers';
import type { App } from '../src/app';

let app: App;
let customer: Awaited<ReturnType<typeof login>>;
let staffToken: string;

interface WriteRoute {
  method: string;
  path: string;
  hasBody: boolean;
}

const TABLES = [
  'customers',
  'refresh_tokens',
  'recovery_codes',
  'pobs',
  'service_groups',
  'services',
  'orders',
  'receipts',
  'messages',
  'message_reads',
  'benefits',
  'staff',
];

async function rowCounts(): Promise<Record<string, number>> {
  const db = app.markets.get('fi')?.db;
  if (!db) throw new Error('no fi market');
  const counts: Record<string, number> = {};
  for (const t of TABLES) {
    const res = await db.execute(sql.raw(`select count(*)::int as n from ${t}`));
    counts[t] = Number((res as unknown as { rows: { n: number }[] }).rows[0]?.n);
  }
  return counts;
}

let writeRoutes: WriteRoute[] = [];

beforeAll(async () => {
  app = await buildTestApp();
  customer = await login(app, DEMO.oneTime);
  // A real staff session: the route-auth hook checks the account, so a made-up token stops there.
  const staff = await app.inject({
    method: 'POST',
    url: '/api/fi/staff/login/',
    payload: { username: 'manager1', password: DEMO.password },
  });
  staffToken = staff.json<{ access_token: string }>().access_token;
  const doc = app.swagger() as { paths: Record<string, Record<string, { requestBody?: unknown }>> };
  for (const [full, methods] of Object.entries(doc.paths)) {
    if (!full.startsWith('/api/{market}')) continue;
    for (const [method, op] of Object.entries(methods)) {
      if (!['post', 'patch', 'put', 'delete'].includes(method)) continue;
      writeRoutes.push({
        method: method.toUpperCase(),
        path: full.slice(13),
        hasBody: op.requestBody !== undefined,
      });
    }
  }
  writeRoutes = writeRoutes.filter((r) => r.hasBody);
});
afterAll(() => app.close());

function headersFor(path: string): Record<string, string> {
  if (path.startsWith('/staff/')) return { authorization: `Bearer ${staffToken}` };
  return { authorization: `Bearer ${customer.access_token}` };
}

const urlFor = (path: string, id: string | number = customer.customer_id) =>
  `/api/fi${path
    .replace('{id}', String(id))
    .replace('{date}', '2026-11-18')
    .replace(/\{[A-Za-z]+\}/g, '1')}`;

/** Bodies that are wrong in shape: other JSON types, wrong field types, unknown fields, junk. */
const malformedBody = fc.oneof(
  fc.anything({ maxDepth: 3 }),
  fc.dictionary(fc.string({ maxLength: 12 }), fc.anything({ maxDepth: 2 }), { maxKeys: 6 }),
  fc.record({
    phone: fc.oneof(fc.integer(), fc.constant(null), fc.string({ maxLength: 3 })),
    password: fc.oneof(fc.integer(), fc.array(fc.string())),
    pob_id: fc.oneof(fc.string(), fc.double(), fc.constant(-1)),
    items: fc.oneof(fc.string(), fc.array(fc.anything({ maxDepth: 1 }), { maxLength: 3 })),
  }),
);

function expectClientError(
  res: { statusCode: number; body: string; headers: Record<string, unknown> },
  label: string,
) {
  expect(res.statusCode, `${label}: ${res.body.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, `${label}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  const body = JSON.parse(res.body) as { error?: unknown; message?: unknown };
  expect(typeof body.error, label).toBe('string');
  expect(typeof body.message, label).toBe('string');
}

describe('malformed input to every write route', () => {
  it('finds the write routes', () => {
    expect(writeRoutes.length).toBeGreaterThanOrEqual(8);
  });

  it('answers 4xx in the error shape to at least 1000 malformed bodies and writes nothing', async () => {
    const before = await rowCounts();
    const perRoute = Math.ceil(1200 / writeRoutes.length);
    let sent = 0;
    for (const r of writeRoutes) {
      await fc.assert(
        fc.asyncProperty(malformedBody, async (body) => {
          // A body that happens to be valid for a harmless route is not malformed: skip empty objects.
          if (
            body !== null &&
            typeof body === 'object' &&
            !Array.isArray(body) &&
            Object.keys(body).length === 0
          )
            return;
          const res = await app.inject({
            method: r.method as 'POST',
            url: urlFor(r.path),
            headers: { ...headersFor(r.path), 'content-type': 'application/json' },
            payload: JSON.stringify(body) ?? 'undefined',
          });
          sent++;
          expectClientError(res, `${r.method} ${r.path} ${JSON.stringify(body)?.slice(0, 80)}`);
        }),
        { numRuns: perRoute, seed: 42 },
      );
    }
    expect(sent).toBeGreaterThanOrEqual(1000);
    expect(await rowCounts()).toEqual(before);
  });

  it('answers 4xx to malformed path parameters', async () => {
    const weird = fc.oneof(
      fc.constantFrom(
        '-1',
        '0',
        '1.5',
        '1e309',
        'abc',
        '%00',
        '99999999999999999999',
        '%2e%2e',
        'null',
      ),
      fc.string({ minLength: 1, maxLength: 20 }).map(encodeURIComponent),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...writeRoutes), weird, async (r, id) => {
        const res = await app.inject({
          method: r.method as 'POST',
          url: urlFor(r.path, id).replace(/\/1\//g, `/${id}/`),
          headers: { ...headersFor(r.path), 'content-type': 'application/json' },
          payload: '{}',
        });
        expect(res.statusCode, `${r.path} id=${id}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
      }),
      { numRuns: 200, seed: 7 },
    );
  });

  it('answers 4xx to malformed headers', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...writeRoutes),
        fc.string({ maxLength: 200 }).filter((s) => /^[\x20-\x7e]*$/.test(s)),
        fc.constantFrom(
          'application/json',
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data',
          'application/json; charset=latin1',
        ),
        async (r, auth, type) => {
          const res = await app.inject({
            method: r.method as 'POST',
            url: urlFor(r.path),
            headers: { authorization: auth, 'content-type': type },
            payload: '{"a":1}',
          });
          expectClientError(res, `${r.path} auth=${auth} type=${type}`);
        },
      ),
      { numRuns: 200, seed: 11 },
    );
  });

  it('refuses deeply nested JSON without falling over', async () => {
    const deep = '['.repeat(50_000) + ']'.repeat(50_000);
    const res = await app.inject({
      method: 'POST',
      url: '/api/fi/login/',
      headers: { 'content-type': 'application/json' },
      payload: deep,
    });
    expectClientError(res, 'deep JSON');
    const deepObject = '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000);
    const res2 = await app.inject({
      method: 'POST',
      url: '/api/fi/register/',
      headers: { 'content-type': 'application/json' },
      payload: deepObject,
    });
    expectClientError(res2, 'deep object');
  });
});

/** One schema-valid body per write route; each of its fields is then poisoned in turn. */
const VALID_BODIES: Record<string, unknown> = {
  'POST /refresh/': { refresh: 'abcdefghijklmnopqrstuvwxyz' },
  'POST /register/': {
    phone: '+358401239876',
    firstname: 'Nolla',
    lastname: 'Merkki',
    email: 'nolla@example.fi',
    password: 'Parturi123',
    terms_accepted: true,
    code: '123456',
  },
  'POST /auth/register-code/': { phone: '+358401239876' },
  'POST /login/': { phone: '+358401239876', password: 'Parturi123' },
  'POST /auth/reset-token/': { phone: '+358401239876' },
  'POST /auth/reset/': {
    phone: '+358401239876',
    token: '12345678',
    password: 'Parturi123',
    password_again: 'Parturi123',
  },
  'POST /password/': { old_password: 'Jono1234', new_password: 'Parturi123' },
  'PATCH /customers/{id}/': {
    email: 'olli@example.fi',
    firstname: 'Olli',
    lastname: 'Kertakävijä',
    city: 'Helsinki',
    post_code: '00100',
    street_address: 'Mannerheimintie 1',
    fcm_token: JSON.stringify({
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      keys: { p256dh: 'key', auth: 'auth' },
    }),
  },
  'POST /customers/{id}/orders/': {
    pob_id: 1,
    items: [
      {
        amount: 1,
        service_id: 1,
        service_info: { duration: 30, group_id: 1, id: 1, price: 3000, title: 'Hiustenleikkaus' },
        extra_services: [{ amount: 1, service_id: 2, title: 'Parta' }],
      },
    ],
  },
  'POST /staff/login/': { username: 'manager1', password: 'Jono1234' },
  'POST /staff/walk-ins/': {
    items: [{ service_id: 1, extra_service_ids: [2] }],
    name: 'Kävelijä',
    phone: '0401234567',
  },
  'POST /staff/orders/{orderId}/start/': { chair: 1 },
  'PUT /staff/shop/alerts/': { ahead: 2, minutes: null, channel: 'sms' },
  'POST /staff/barbers/': {
    first_name: 'Aino',
    photo: '/media/barbers/barber-1.svg',
    languages: ['fi', 'en'],
    specialities: 'Häivytykset',
    translations: { en: { specialities: 'Skin fades' } },
    staff_id: 1,
    week: [{ weekday: 1, from: '09:00', to: '17:00' }],
  },
  'PATCH /staff/barbers/{barberId}/': { first_name: 'Aino', specialities: 'Parrat' },
  'POST /staff/barbers/{barberId}/duty/': { chair: 1 },
  'PUT /staff/rota/{date}/barbers/{barberId}/': { shifts: [{ from: '09:00', to: '12:00' }] },
  'POST /staff/orders/{orderId}/barber/': { barber_id: 1, customer_consent: true },
  'PATCH /staff/shop/': { chairs: 2, notice: 'Tervetuloa' },
  'PUT /staff/shop/hours/': { open_times: [{ weekday: 1, open: '09:00', close: '17:00' }] },
  'PATCH /staff/shop/details/': {
    name: 'Jono Kamppi',
    city: 'Helsinki',
    address: 'Urho Kekkosen katu 1',
    latitude: '60.1699',
    longitude: '24.9384',
    image: 'https://example.fi/kamppi.jpg',
  },
  'POST /staff/services/': {
    group_id: 1,
    title: 'Siistiminen',
    details: 'Nopea',
    long_description: 'Nopea siistiminen',
    price: 2000,
    duration: 15,
    display_order: 3,
  },
  'PATCH /staff/services/{serviceId}/': {
    title: 'Siistiminen',
    details: 'Nopea',
    long_description: 'Pitkä',
    price: 2000,
    duration: 15,
    display_order: 3,
  },
  'PATCH /staff/service-groups/{groupId}/': {
    title: 'Hiukset',
    details: 'Leikkaukset',
    translations: { en: { title: 'Hair', details: 'Cuts' } },
  },
  'POST /staff/accounts/': {
    username: 'uusi.parturi',
    name: 'Uusi Parturi',
    role: 'barber',
    password: 'Parturi123',
  },
  'PATCH /staff/accounts/{staffId}/': { name: 'Uusi Nimi', password: 'Parturi123' },
  'POST /customers/{id}/orders/{orderId}/defer/': { minutes: 15, preview: true },
  'POST /customers/{id}/orders/{orderId}/rejoin/': {},
  'POST /customers/{id}/orders/{orderId}/move/': { to_pob_id: 2 },
  'POST /customers/{id}/orders/{orderId}/move-back/': {},
  'POST /operator/moves/': { order_id: 1, to_pob_id: 2 },
  'POST /operator/messages/': { title: 'Hei', content: '<p>Tervetuloa</p>', to: 'all' },
  'POST /operator/accounts/': { username: 'operator-uusi', name: 'Uusi', password: 'Jono12345' },
  'POST /operator/accounts/{id}/password/': { password: 'Jono12345' },
  'POST /customers/{id}/orders/{orderId}/travel/': { minutes: 12 },
  'POST /customers/{id}/orders/{orderId}/arrival/': {
    latitude: 60.17,
    longitude: 24.94,
    accuracy: 20,
  },
  'POST /staff/devices/': { kind: 'kiosk', label: 'Ovi' },
  'PATCH /staff/shop/presence/': { display_names: 'number', hold_grace_minutes: 5 },
  'POST /kiosk/{pobId}/orders/{orderId}/confirm/': { code: '123456' },
  'POST /kiosk/{pobId}/orders/': {
    items: [{ service_id: 1, extra_service_ids: [2] }],
    name: 'Ville',
    phone: '0401234567',
  },
  'POST /staff/messages/': {
    title: 'Hei',
    content: '<p>Tervetuloa</p>',
    to: { phone: '0401234567' },
  },
  'POST /staff/notices/': { text: 'Olemme myöhässä', translations: { en: 'We are late' } },
  'PUT /customers/{id}/orders/{orderId}/alerts/': { ahead: 2, minutes: null, channel: 'sms' },
  'POST /dev/sms-inbox': { from: '+358401234567', text: 'status' },
};

/** Every string and number leaf of a body with its dotted path (as the answer's `fields`). */
function leaves(value: unknown, path = ''): { path: string; value: string | number }[] {
  if (typeof value === 'string' || typeof value === 'number') return [{ path, value }];
  if (Array.isArray(value))
    return value.flatMap((v, i) => leaves(v, path ? `${path}.${i}` : `${i}`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => leaves(v, path ? `${path}.${k}` : k));
  return [];
}

function replaced(body: unknown, path: string, value: unknown): unknown {
  const copy = structuredClone(body) as Record<string, unknown>;
  const keys = path.split('.');
  let at: Record<string, unknown> = copy;
  for (const k of keys.slice(0, -1)) at = at[k] as Record<string, unknown>;
  at[keys.at(-1) as string] = value;
  return copy;
}

const CONTROL_TEXTS = [
  '\u0000',
  '\u0007',
  '\u001b[31m',
  '\u007f',
  '\u0008',
  '\u0085',
  '\u202e',
  '\u2066',
];
const OUT_OF_RANGE = [2 ** 31, 2 ** 31 + 1, -(2 ** 31) - 1, 2 ** 53];

describe('control characters and ids beyond 32 bits, field by field', () => {
  let staffAuth: Record<string, string>;
  let kioskAuth: Record<string, string>;
  let operatorAuth: Record<string, string>;
  const authFor = (path: string) =>
    path.startsWith('/staff/')
      ? staffAuth
      : path.startsWith('/kiosk/')
        ? kioskAuth
        : path.startsWith('/operator/')
          ? operatorAuth
          : customer.auth;
  beforeAll(async () => {
    const op = await app.inject({
      method: 'POST',
      url: '/api/fi/staff/login/',
      payload: { username: 'operator-fi', password: DEMO.password },
    });
    operatorAuth = { authorization: `Bearer ${op.json<{ access_token: string }>().access_token}` };
    const res = await app.inject({
      method: 'POST',
      url: '/api/fi/staff/login/',
      payload: { username: 'manager1', password: DEMO.password },
    });
    staffAuth = { authorization: `Bearer ${res.json<{ access_token: string }>().access_token}` };
    const kiosk = await app.inject({
      method: 'POST',
      url: '/api/fi/staff/devices/',
      headers: staffAuth,
      payload: { kind: 'kiosk', label: 'Ovi' },
    });
    kioskAuth = { authorization: `Bearer ${kiosk.json<{ code: string }>().code}` };
  });

  it('has a valid body for every write route, so a new route is poisoned too', () => {
    const withBody = writeRoutes.map((r) => `${r.method} ${r.path}`);
    const missing = withBody.filter(
      (key) =>
        !(key in VALID_BODIES) &&
        !/\/(finish|no-show|defer|cancel|undo)\/$|orders\/\{orderId\}\/$/.test(key) &&
        // The SMS provider's webhooks: its own format, read only after its signature checks.
        !key.startsWith('POST /sms/'),
    );
    expect(missing).toEqual([]);
  });

  it('answers 400 with the field named, never 5xx, to a control character or an id over 2^31', async () => {
    const before = await rowCounts();
    let sent = 0;
    for (const [key, body] of Object.entries(VALID_BODIES)) {
      const [method, path] = key.split(' ') as [string, string];
      const headers = authFor(path);
      for (const leaf of leaves(body)) {
        const bad =
          typeof leaf.value === 'string'
            ? CONTROL_TEXTS.map((c) => `${leaf.value}${c}`)
            : OUT_OF_RANGE;
        for (const value of bad) {
          const res = await app.inject({
            method: method as 'POST',
            url: urlFor(path),
            headers,
            payload: replaced(body, leaf.path, value) as object,
          });
          sent++;
          const label = `${key} ${leaf.path}=${JSON.stringify(value)}: ${res.body.slice(0, 200)}`;
          expect(res.statusCode, label).toBe(400);
          const fields = Object.keys(res.json<{ fields?: object }>().fields ?? {});
          expect(
            fields.some((f) => f === leaf.path || leaf.path.startsWith(`${f}.`)),
            label,
          ).toBe(true);
        }
      }
    }
    expect(sent).toBeGreaterThan(300);
    expect(await rowCounts()).toEqual(before);
  });

  it('answers 400 naming the field to a lone surrogate in every string of every write route', async () => {
    // Issue 27: "\ud800" in a notice or a service translation was a 500, and in other text
    // columns silently became U+FFFD. Sent as JSON escapes, as a client would.
    const before = await rowCounts();
    let sent = 0;
    for (const [key, body] of Object.entries(VALID_BODIES)) {
      const [method, path] = key.split(' ') as [string, string];
      for (const leaf of leaves(body).filter((l) => typeof l.value === 'string')) {
        for (const bad of ['\ud800', '\udfff', 'a\udc00b']) {
          const payload = JSON.stringify(replaced(body, leaf.path, `${leaf.value}${bad}`));
          const res = await app.inject({
            method: method as 'POST',
            url: urlFor(path),
            headers: { ...authFor(path), 'content-type': 'application/json' },
            payload,
          });
          sent++;
          const label = `${key} ${leaf.path}: ${res.body.slice(0, 200)}`;
          expect(res.statusCode, label).toBe(400);
          expect(Object.keys(res.json<{ fields?: object }>().fields ?? {}), label).toContain(
            leaf.path,
          );
        }
      }
    }
    expect(sent).toBeGreaterThan(100);
    // A lone surrogate in a key, a query string and a path parameter too.
    const key = await app.inject({
      method: 'PATCH',
      url: '/api/fi/staff/shop/',
      headers: { ...staffAuth, 'content-type': 'application/json' },
      payload: '{"notice\\ud800":"x"}',
    });
    expect(key.statusCode, key.body).toBe(400);
    for (const url of [
      '/api/fi/staff/summary/?date=%ED%A0%80',
      '/api/fi/staff/summary/?date=2026-01-01%ED%A0%80',
    ]) {
      const res = await app.inject({ url, headers: staffAuth });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('answers 400 to dates that are not calendar dates', async () => {
    for (const date of [
      '9999-99-99',
      '2026-02-30',
      '2026-13-01',
      '2026-00-10',
      '2025-02-29',
      '2026-04-31',
    ]) {
      const res = await app.inject({
        url: `/api/fi/staff/summary/?date=${date}`,
        headers: staffAuth,
      });
      expect(res.statusCode, `${date}: ${res.body}`).toBe(400);
      expect(res.json<{ fields?: object }>().fields, date).toHaveProperty('date');
    }
    for (const date of ['2024-02-29', '2026-03-29', '2026-12-31']) {
      const res = await app.inject({
        url: `/api/fi/staff/summary/?date=${date}`,
        headers: staffAuth,
      });
      expect(res.statusCode, `${date}: ${res.body}`).toBe(200);
    }
  });

  it('refuses a 60,000-character email of at signs at once (no quadratic pattern runs on it)', async () => {
    for (const email of ['@'.repeat(60_000), `a${'@'.repeat(59_999)}`, `"${'"@'.repeat(15_000)}`]) {
      const start = process.cpuUsage();
      const res = await app.inject({
        method: 'POST',
        url: '/api/fi/register/',
        payload: { ...(VALID_BODIES['POST /register/'] as object), email },
      });
      const used = process.cpuUsage(start);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ fields?: object }>().fields).toHaveProperty('email');
      // 13 s before the fix; a linear check and the length refusal take a few milliseconds.
      expect((used.user + used.system) / 1000).toBeLessThan(200);
    }
  });

  it('answers 4xx, never 5xx, to ids at and over the 32-bit limits in paths and query strings', async () => {
    const paths = writeRoutes
      .map((r) => r.path)
      .concat(['/customers/{id}/orders/{orderId}/', '/staff/accounts/{staffId}/']);
    for (const path of paths.filter((p) => /\{(?!id\})[A-Za-z]+\}/.test(p))) {
      const headers = authFor(path);
      for (const id of ['2147483647', '2147483648', '4294967296', '-2147483649']) {
        const url = `/api/fi${path.replace(/\{(?!id\})[A-Za-z]+\}/g, id).replace('{id}', String(customer.customer_id))}`;
        for (const method of ['GET', 'PATCH', 'POST', 'DELETE'] as const) {
          const res = await app.inject({
            method,
            url,
            headers,
            ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
          });
          expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
          if (id !== '2147483647' && res.statusCode !== 404)
            expect(res.statusCode, `${method} ${url}`).toBe(400);
        }
      }
    }
    for (const url of [
      '/api/fi/dev/sms-outbox?to=%2B358%00',
      '/api/fi/staff/summary/?date=2026-01-01%00',
      `/api/fi/customers/${customer.customer_id}/orders/1/events?access_token=a%00b`,
    ]) {
      const res = await app.inject({ url, headers: url.includes('/staff/') ? staffAuth : {} });
      expectClientError(res, url);
    }
  });

  it('answers 4xx to a control character in the phone or password of every public form', async () => {
    for (const url of ['/login/', '/register/', '/auth/reset-token/', '/auth/reset/']) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/fi${url}`,
        payload: { phone: '+35840\u00001234567', password: 'Parturi\u0000123' },
      });
      expectClientError(res, url);
    }
  });
});

describe('the route table itself', () => {
  /** Every string an input schema takes refuses control characters; every integer fits 32 bits. */
  function unbounded(schema: unknown, path: string, out: string[]): void {
    if (!schema || typeof schema !== 'object') return;
    const s = schema as Record<string, unknown>;
    for (const key of ['anyOf', 'oneOf']) {
      if (Array.isArray(s[key])) (s[key] as unknown[]).forEach((x) => unbounded(x, path, out));
    }
    if (s.type === 'object' && s.properties) {
      for (const [k, v] of Object.entries(s.properties as object))
        unbounded(v, `${path}.${k}`, out);
    }
    if (s.type === 'array') unbounded(s.items, `${path}[]`, out);
    if (s.type === 'string' && !Array.isArray(s.enum)) {
      const patterns = [
        s.pattern,
        ...((s.allOf as { pattern?: string }[] | undefined) ?? []).map((x) => x.pattern),
      ];
      if (!patterns.includes(NO_CONTROL_CHARACTERS.source))
        out.push(`${path}: text without the control-character rule`);
    }
    if (s.type === 'integer' || (s.type === 'number' && !Array.isArray(s.enum))) {
      if (typeof s.maximum !== 'number' || s.maximum > INT32_MAX)
        out.push(`${path}: no 32-bit maximum`);
      if (typeof s.minimum !== 'number' || s.minimum < INT32_MIN)
        out.push(`${path}: no 32-bit minimum`);
    }
  }

  it('has no body, path parameter or query string that takes a control character or a 64-bit number', () => {
    const doc = app.swagger() as {
      paths: Record<
        string,
        Record<
          string,
          {
            requestBody?: { content: Record<string, { schema: unknown }> };
            parameters?: { name: string; in: string; schema: unknown }[];
          }
        >
      >;
    };
    const found: string[] = [];
    let inputs = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      if (!path.startsWith('/api/{market}')) continue;
      for (const [method, op] of Object.entries(methods)) {
        const label = `${method.toUpperCase()} ${path}`;
        const body = op.requestBody?.content['application/json']?.schema;
        if (body) {
          inputs++;
          unbounded(body, `${label} body`, found);
        }
        for (const p of op.parameters ?? []) {
          inputs++;
          unbounded(p.schema, `${label} ${p.in} ${p.name}`, found);
        }
      }
    }
    expect(inputs).toBeGreaterThan(40);
    expect(found).toEqual([]);
  });
});
