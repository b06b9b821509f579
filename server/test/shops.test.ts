import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pobListSchema, pobSchema } from '@jono/contract';
import { buildTestApp } from './helpers';
import type { App } from '../src/app';
import { pobs } from '../src/db/schema';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { join, newCustomer, setShop } from './queue-factories';

let app: App;
beforeAll(async () => {
  // A Wednesday at noon in Helsinki: every shop is within its opening hours.
  app = await buildTestApp({ markets: ['fi', 'se'], now: () => Date.UTC(2026, 10, 18, 10, 0) });
});
afterAll(() => app.close());

describe('GET /pobs/', () => {
  it('lists the seeded shops of the market with estimates per priority', async () => {
    const res = await app.inject('/api/fi/pobs/');
    expect(res.statusCode).toBe(200);
    const shops = pobListSchema.parse(res.json());
    expect(shops.length).toBeGreaterThanOrEqual(12);
    expect(new Set(shops.map((s) => s.city))).toEqual(
      new Set(['Helsinki', 'Espoo', 'Vantaa', 'Tampere', 'Turku', 'Oulu']),
    );
    for (const s of shops) {
      expect(s.service_time_estimates.map((e) => e.priority)).toEqual([3, 2, 1, 0]);
      expect(s.queue_info.queue_employees).toBeGreaterThanOrEqual(2);
      expect(s.queue_info.queue_employees).toBeLessThanOrEqual(5);
    }
    expect(shops.some((s) => s.image === false)).toBe(true);
    expect(shops.some((s) => s.queue_state === 'full')).toBe(true);
    expect(shops.some((s) => s.queue_state === 'closed')).toBe(true);
    expect(shops.filter((s) => s.queue_state === 'open').every((s) => s.open)).toBe(true);
  });

  it('answers without the trailing slash too', async () => {
    expect((await app.inject('/api/fi/pobs')).statusCode).toBe(200);
  });

  it("keeps each market's data apart", async () => {
    const se = pobListSchema.parse((await app.inject('/api/se/pobs/')).json());
    expect(se.length).toBeGreaterThanOrEqual(3);
    expect(se.every((s) => ['Stockholm', 'Göteborg'].includes(s.city))).toBe(true);
  });

  it('keeps markets apart when their statements and transactions interleave', async () => {
    // Both markets share one embedded database (a schema each): every statement must run in its
    // own market's schema even when the other market's work is queued around it.
    const cities = async (market: 'fi' | 'se') => {
      const ctx = app.markets.get(market);
      if (!ctx) throw new Error(market);
      const plain = ctx.db.select({ city: pobs.city }).from(pobs);
      const inTx = ctx.db.transaction((tx) => tx.select({ city: pobs.city }).from(pobs));
      return [...(await plain), ...(await inTx)].map((r) => r.city);
    };
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? cities('se') : cities('fi'))),
    );
    const fi = ['Helsinki', 'Espoo', 'Vantaa', 'Tampere', 'Turku', 'Oulu'];
    answers.forEach((list, i) => {
      expect(new Set(list)).toEqual(new Set(i % 2 ? ['Stockholm', 'Göteborg'] : fi));
    });
  });

  it('answers 404 for a market this process does not serve', async () => {
    expect((await app.inject('/api/no/pobs/')).statusCode).toBe(404);
    expect((await app.inject('/api/xx/pobs/')).statusCode).toBe(400);
  });
});

describe('shop answers as cached bytes', () => {
  it('sends gzip and brotli copies of the same JSON with a strong ETag, and 304 on a match', async () => {
    for (const url of ['/api/fi/pobs/', '/api/fi/pobs/1/']) {
      const plain = await app.inject(url);
      const etag = plain.headers.etag;
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(plain.headers.vary).toBe('accept-encoding, accept-language');
      const gz = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
      const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
      expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      const notBr = await app.inject({ url, headers: { 'accept-encoding': 'br;q=0, gzip' } });
      expect(notBr.headers['content-encoding']).toBe('gzip');
      expect(gz.headers.etag).toBe(etag);

      const again = await app.inject({ url, headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      const other = await app.inject({ url, headers: { 'if-none-match': '"other"' } });
      expect(other.statusCode).toBe(200);
    }
  });

  it('changes the ETag when the queue changes', async () => {
    await setShop(app, 13, { chairs: 1 });
    const before = (await app.inject('/api/fi/pobs/')).headers.etag;
    // The one chair is taken: the shop's waits grow.
    expect((await join(app, await newCustomer(app), 13)).statusCode).toBe(201);
    const after = await app.inject({ url: '/api/fi/pobs/', headers: { 'if-none-match': before } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before);
  });
});

describe('GET /pobs/{id}/', () => {
  it('gives the service catalogue with groups, prices in cents and extras', async () => {
    const res = await app.inject('/api/fi/pobs/1/');
    expect(res.statusCode).toBe(200);
    const shop = pobSchema.parse(res.json());
    expect(shop.service_groups.map((g) => g.title)).toEqual([
      'Hiustenleikkaukset',
      'Parta',
      'Yhdistelmät',
      'Lapset',
    ]);
    const haircut = shop.services.find((s) => s.title === 'Hiustenleikkaus');
    expect(haircut).toMatchObject({ price: 3900, duration: 25 });
    const extras = shop.extra_services.find((e) => e.service_id === haircut?.id);
    expect(extras?.services.map((e) => e.title)).toContain('Hiustenpesu');
  });

  it('prices in the market currency', async () => {
    const shop = pobSchema.parse((await app.inject('/api/se/pobs/1/')).json());
    expect(shop.services.find((s) => s.title === 'Klippning')?.price).toBe(44900);
  });

  it('answers 404 with the error shape for an unknown shop', async () => {
    const res = await app.inject('/api/fi/pobs/9999/');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'not_found' });
  });
});

describe('shop images', () => {
  it('serves the image a shop names', async () => {
    const shop = pobListSchema
      .parse((await app.inject('/api/fi/pobs/')).json())
      .find((s) => s.image !== false);
    const res = await app.inject(String(shop?.image));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
  });
});

describe('the shop list cache', () => {
  it('answers repeated requests from one computation and follows a join at once', async () => {
    const { newCustomer, join } = await import('./queue-factories');
    const first = await app.inject('/api/fi/pobs/');
    const computed = app.queue.computations;
    const again = await app.inject('/api/fi/pobs/');
    expect(again.body).toBe(first.body);
    expect(app.queue.computations).toBe(computed);

    const waitAt = (body: string, id: number) =>
      pobListSchema
        .parse(JSON.parse(body))
        .find((s) => s.id === id)
        ?.service_time_estimates.at(-1)?.wait_time;
    const c = await newCustomer(app);
    for (let i = 0; i < 6; i++)
      expect((await join(app, await newCustomer(app), 2)).statusCode).toBe(201);
    expect((await join(app, c, 2)).statusCode).toBe(201);
    const after = await app.inject('/api/fi/pobs/');
    expect(waitAt(after.body, 2)).toBeGreaterThan(waitAt(first.body, 2) ?? 0);
  });
});
