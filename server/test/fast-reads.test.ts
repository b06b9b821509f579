// The shop list and shop pages answered before routing (lib/fast-reads.ts): over real HTTP, the
// answer is the route's own to the byte and header, never an older state, and anything it cannot
// answer exactly goes on to the router.
import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { readHeaders } from '../src/lib/fast-reads';
import { buildTestApp, listenLocally } from './helpers';
import { join, mutableClock, newCustomer } from './queue-factories';
import { VIEW_TTL_MS } from '../src/services/queue';
import { REFRESH_AHEAD_MS } from '../src/services/read-cache';

let app: App;
let base: string;
beforeAll(async () => {
  app = await buildTestApp();
  base = await listenLocally(app);
});
afterAll(() => app.close());

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

type Headers = Record<string, string | string[]>;

function raw(path: string, headers: Headers = {}, method = 'GET'): Promise<Raw> {
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
const routed = (path: string, headers: Headers = {}, method = 'GET') =>
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

  it('reads its headers as node:http gives them: any case, repeated lines joined', async () => {
    const variants: Headers[] = [
      { 'Accept-Encoding': 'GZIP', 'ACCEPT-LANGUAGE': 'en-GB' },
      { 'accept-encoding': ['identity', 'br'], 'accept-language': ['sv', 'en;q=0.5'] },
      { 'Accept-Encoding': ['br;q=0', 'gzip'], 'Accept-Language': ['', 'fi'] },
      { 'accept-encoding': '', 'accept-language': '' },
    ];
    for (const path of ['/api/fi/pobs/', '/api/fi/pobs/1/']) {
      const { etag } = (await raw(path)).headers;
      const notModified: Headers[] = [
        { 'If-None-Match': String(etag) },
        { 'if-none-match': ['"old"', String(etag)] },
        { 'IF-NONE-MATCH': '"old"' },
      ];
      for (const headers of [...variants, ...notModified]) {
        const viaRoute = await routed(path, headers);
        const before = app.reads.fastAnswers;
        const fast = await raw(path, headers);
        expect(app.reads.fastAnswers).toBe(before + 1);
        expect(fast).toEqual(viaRoute);
      }
      expect((await raw(path, notModified[1])).status).toBe(304);
      expect((await raw(path, notModified[2])).status).toBe(200);
      // A cross-origin request in any case goes to the router (for CORS).
      const before = app.reads.fastAnswers;
      expect((await raw(path, { ORIGIN: 'https://elsewhere.example' })).status).toBe(200);
      expect((await raw(path, { Origin: '' })).status).toBe(200);
      expect(app.reads.fastAnswers).toBe(before);
    }
  });

  it("after a change, requests that miss together build the answer once, and all get the route's new answer", async () => {
    const path = '/api/fi/pobs/1/';
    await raw(path);
    const c = await newCustomer(app);
    expect((await join(app, c, 1)).statusCode).toBe(201);
    const builds = app.reads.builds;
    const answers = await Promise.all(Array.from({ length: 20 }, () => raw(path)));
    expect(app.reads.builds).toBe(builds + 1);
    // Those that missed waited for that one build; those after it were answered from its bytes:
    // all alike, and alike to what the route answers now.
    for (const a of answers) expect(a).toEqual(answers[0]);
    const fastBefore = app.reads.fastAnswers;
    expect(await raw(path)).toEqual(answers[0]);
    expect(app.reads.fastAnswers).toBe(fastBefore + 1);
    expect(await routed(path)).toEqual(answers[0]);
  });
});

describe('ready reads as time moves waits', () => {
  it('an answer read in its last seconds is built again in the background: no reader waits at its age-out', async () => {
    const clock = mutableClock();
    const timed = await buildTestApp({ now: clock.now });
    try {
      await timed.listen({ host: '127.0.0.1', port: 0 });
      const addr = timed.server.address();
      const url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
      const get = (path: string, headers: Headers = {}) =>
        new Promise<Raw>((resolve, reject) => {
          httpRequest(url + path, { headers }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () =>
              resolve({
                status: res.statusCode ?? 0,
                headers: res.headers,
                body: Buffer.concat(chunks),
              }),
            );
          })
            .on('error', reject)
            .end();
        });
      for (const path of ['/api/fi/pobs/1/', '/api/fi/pobs/']) {
        const first = await get(path);
        expect(first.status).toBe(200);
        const builds = timed.reads.builds;
        const fast = timed.reads.fastAnswers;
        const computed = timed.queue.computations;
        // In its last REFRESH_AHEAD_MS: every request answered before routing, and one build
        // in the background from views computed for it (not the ones cached 25 s ago).
        clock.at += VIEW_TTL_MS - REFRESH_AHEAD_MS;
        const during = await Promise.all(Array.from({ length: 10 }, () => get(path)));
        for (const a of during) expect(a.body).toEqual(first.body);
        expect(timed.reads.fastAnswers).toBe(fast + 10);
        await timed.reads.settled();
        expect(timed.reads.builds).toBe(builds + 1);
        expect(timed.queue.computations).toBeGreaterThan(computed);
        // Where the old answer aged out, the new one is ready: no request waits for a build.
        clock.at += REFRESH_AHEAD_MS;
        const after = await get(path);
        expect(after.status).toBe(200);
        expect(timed.reads.fastAnswers).toBe(fast + 11);
        expect(timed.reads.builds).toBe(builds + 1);
        // Still the route's own answer, to the byte.
        const viaRoute = await get(path, { origin: 'https://elsewhere.example' });
        expect(after.body).toEqual(viaRoute.body);
        expect(after.headers.etag).toBe(viaRoute.headers.etag);
      }
    } finally {
      await timed.close();
    }
  });
});

describe('readHeaders', () => {
  it('gives the four headers exactly as req.headers has them, for any raw header lines', async () => {
    const seen: { headers: IncomingHttpHeaders; mine: ReturnType<typeof readHeaders> }[] = [];
    const server = createServer((req, res) => {
      seen.push({ headers: req.headers, mine: readHeaders(req.rawHeaders) });
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const send = (lines: [string, string][]) =>
      new Promise<void>((resolve, reject) => {
        const headers: Record<string, string[]> = {};
        for (const [name, value] of lines) (headers[name] ??= []).push(value);
        httpRequest(`http://127.0.0.1:${port}/`, { headers }, (res) => {
          res.resume();
          res.on('end', resolve);
        })
          .on('error', reject)
          .end();
      });
    const name = fc.constantFrom(
      'accept-encoding',
      'Accept-Encoding',
      'ACCEPT-LANGUAGE',
      'accept-language',
      'If-None-Match',
      'if-none-match',
      'Origin',
      'x-other',
      'Accept',
      'Accept-Charset',
    );
    const value = fc.constantFrom('', 'gzip', 'br;q=0', 'en-GB,en;q=0.9', '"abc"', '*', 'fi');
    try {
      await fc.assert(
        fc.asyncProperty(fc.array(fc.tuple(name, value), { maxLength: 8 }), async (lines) => {
          seen.length = 0;
          await send(lines);
          const { headers, mine } = seen[0]!;
          expect(mine).toEqual({
            origin: headers.origin !== undefined,
            acceptLanguage: headers['accept-language'],
            acceptEncoding: headers['accept-encoding'],
            ifNoneMatch: headers['if-none-match'],
          });
        }),
        { numRuns: 60 },
      );
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('ready reads and the per-IP limits', () => {
  it('the limited routes are still limited over HTTP, and ready reads neither skip nor spend an allowance', async () => {
    const limited = await buildTestApp({
      realLimits: true,
      limits: { login: { max: 3, windowMs: 60_000 } },
    });
    try {
      await limited.listen({ host: '127.0.0.1', port: 0 });
      const { port } = limited.server.address() as AddressInfo;
      const send = (method: string, path: string, body?: object) =>
        new Promise<number>((resolve, reject) => {
          const req = httpRequest(
            `http://127.0.0.1:${port}${path}`,
            { method, headers: body ? { 'content-type': 'application/json' } : {} },
            (res) => {
              res.resume();
              res.on('end', () => resolve(res.statusCode ?? 0));
            },
          ).on('error', reject);
          req.end(body ? JSON.stringify(body) : undefined);
        });
      const login = () =>
        send('POST', '/api/fi/login/', { phone: '+358400001000', password: 'Wrong1234' });
      expect(await send('GET', '/api/fi/pobs/')).toBe(200);
      const fast = limited.reads.fastAnswers;
      for (let i = 0; i < 3; i++) {
        expect(await login()).toBe(401);
        // Ready reads between the attempts: answered before routing, never counted.
        expect(await send('GET', '/api/fi/pobs/')).toBe(200);
      }
      expect(await login()).toBe(429);
      expect(await send('GET', '/api/fi/pobs/')).toBe(200);
      expect(limited.reads.fastAnswers).toBe(fast + 4);
    } finally {
      await limited.close();
    }
  });
});
