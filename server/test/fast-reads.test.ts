// The shop list and shop pages answered before routing (lib/fast-reads.ts): over real HTTP, the
// answer is the route's own to the byte and header, never an older state, and anything it cannot
// answer exactly goes on to the router.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { buildTestApp } from './helpers';
import { join, newCustomer } from './queue-factories';

let app: App;
let base: string;
beforeAll(async () => {
  app = await buildTestApp();
  await app.listen({ host: '127.0.0.1', port: 0 });
  const addr = app.server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
});
afterAll(() => app.close());

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function raw(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    httpRequest(base + path, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const { date: _date, ...rest } = res.headers;
        resolve({ status: res.statusCode ?? 0, headers: rest, body: Buffer.concat(chunks) });
      });
    })
      .on('error', reject)
      .end();
  });
}

/** The same request through the router (a request with an Origin header always goes there). */
const routed = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  raw(path, { ...headers, origin: 'https://elsewhere.example' }, method);

describe('ready reads before routing', () => {
  it('answers the shop list and a shop page exactly as the route does, in every encoding and language', async () => {
    const variants: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'gzip' },
      { 'accept-encoding': 'gzip, deflate, br' },
      { 'accept-encoding': 'br;q=0, gzip', 'accept-language': 'en-GB,en;q=0.9' },
      { 'accept-language': 'sv-SE' },
    ];
    for (const path of ['/api/fi/pobs/', '/api/fi/pobs/1/']) {
      for (const headers of variants) {
        for (const method of ['GET', 'HEAD']) {
          const viaRoute = await routed(path, headers, method);
          const before = app.reads.fastAnswers;
          const fast = await raw(path, headers, method);
          expect(app.reads.fastAnswers).toBe(before + 1);
          expect(fast).toEqual(viaRoute);
          expect(fast.status).toBe(200);
        }
      }
      // The client's copy is current: 304 from both, with the same headers.
      const { etag } = (await raw(path)).headers;
      const notModified = await raw(path, { 'if-none-match': String(etag) });
      expect(notModified.status).toBe(304);
      expect(notModified).toEqual(await routed(path, { 'if-none-match': String(etag) }));
      // Answers kept per body follow each request's own headers: neither sticks to the other.
      expect((await raw(path)).status).toBe(200);
      expect((await raw(path, { 'if-none-match': String(etag) })).status).toBe(304);
      expect((await raw(path, { 'accept-encoding': 'gzip' })).headers['content-encoding']).toBe(
        'gzip',
      );
      expect((await raw(path)).headers['content-encoding']).toBeUndefined();
    }
  });

  it('never answers an older state: after a change the route builds the read again', async () => {
    const path = '/api/fi/pobs/1/';
    await raw(path);
    const c = await newCustomer(app);
    expect((await join(app, c, 1)).statusCode).toBe(201);
    const fastBefore = app.reads.fastAnswers;
    const after = await raw(path);
    // The queue changed: built again by the route, not answered from the old bytes.
    expect(app.reads.fastAnswers).toBe(fastBefore);
    expect(after).toEqual(await raw(path));
    expect(app.reads.fastAnswers).toBe(fastBefore + 1);
  });

  it('leaves to the router what it cannot answer exactly', async () => {
    await raw('/api/fi/pobs/');
    const before = app.reads.fastAnswers;
    expect((await raw('/api/fi/pobs/?x=1')).status).toBe(200);
    expect((await raw('/api/ee/pobs/')).status).toBe(404); // a market this server does not run
    expect((await raw('/api/fi/pobs/999999/')).status).toBe(404);
    expect((await raw('/api/fi/pobs/0/')).status).toBe(400);
    expect((await raw('/api/fi/pobs/', {}, 'POST')).status).toBe(404);
    expect(app.reads.fastAnswers).toBe(before);
  });
});
