// Property-based: malformed bodies, params and headers sent to every write route (read from the
// OpenAPI route table) get a 4xx JSON error, never a 5xx, and write no row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
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
  staffToken = await app.tokens.signAccess({
    sub: '1',
    market: 'fi',
    kind: 'staff',
    pob: 1,
    role: 'manager',
  });
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
  `/api/fi${path.replace('{id}', String(id)).replace(/\{[A-Za-z]+\}/g, '1')}`;

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
