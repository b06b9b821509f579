// Brute force: login, registration, recovery requests and code checks are limited per IP and per
// phone number, and the limited caller gets a clear 429 answer.
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO, buildTestApp } from './helpers';
import type { App } from '../src/app';

let app: App | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const post = (a: App, url: string, payload: object, ip = '203.0.113.1') =>
  a.inject({ method: 'POST', url: `/api/fi${url}`, payload, remoteAddress: ip });

describe('rate limits', () => {
  it('limits login attempts per IP with a clear 429', async () => {
    app = await buildTestApp({
      realLimits: true,
      limits: { login: { max: 3, windowMs: 60_000 }, perPhone: { max: 100, windowMs: 60_000 } },
    });
    for (let i = 0; i < 3; i++) {
      const res = await post(app, '/login/', {
        phone: `+35840000${1000 + i}`,
        password: 'Wrong1234',
      });
      expect(res.statusCode).toBe(401);
    }
    const limited = await post(app, '/login/', { phone: DEMO.gold, password: DEMO.password });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      error: 'rate_limited',
      message: expect.stringMatching(/Try again in \d+ s/),
    });
    // Another IP is not affected.
    expect(
      (await post(app, '/login/', { phone: DEMO.gold, password: DEMO.password }, '203.0.113.2'))
        .statusCode,
    ).toBe(200);
  });

  it('limits login attempts per phone number across IPs', async () => {
    app = await buildTestApp({
      realLimits: true,
      limits: { login: { max: 100, windowMs: 60_000 }, perPhone: { max: 3, windowMs: 60_000 } },
    });
    for (let i = 0; i < 3; i++) {
      expect(
        (await post(app, '/login/', { phone: DEMO.gold, password: 'Wrong1234' }, `198.51.100.${i}`))
          .statusCode,
      ).toBe(401);
    }
    const limited = await post(
      app,
      '/login/',
      { phone: DEMO.gold, password: DEMO.password },
      '198.51.100.99',
    );
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe('rate_limited');
  });

  it('limits registrations per IP', async () => {
    app = await buildTestApp({
      realLimits: true,
      limits: { register: { max: 2, windowMs: 60_000 } },
    });
    const reg = (n: number) =>
      post(app as App, '/register/', {
        phone: `+35840123${1000 + n}`,
        firstname: 'A',
        lastname: 'B',
        email: `a${n}@example.fi`,
        password: 'Parturi123',
        terms_accepted: true,
      });
    expect((await reg(1)).statusCode).toBe(201);
    expect((await reg(2)).statusCode).toBe(201);
    expect((await reg(3)).statusCode).toBe(429);
  });

  it('limits recovery code requests per phone and code checks per IP', async () => {
    app = await buildTestApp({
      realLimits: true,
      limits: { recovery: { max: 4, windowMs: 60_000 }, perPhone: { max: 2, windowMs: 60_000 } },
    });
    expect(
      (await post(app, '/auth/reset-token/', { phone: DEMO.gold }, '192.0.2.1')).statusCode,
    ).toBe(200);
    expect(
      (await post(app, '/auth/reset-token/', { phone: DEMO.gold }, '192.0.2.2')).statusCode,
    ).toBe(200);
    expect(
      (await post(app, '/auth/reset-token/', { phone: DEMO.gold }, '192.0.2.3')).statusCode,
    ).toBe(429);
    const check = () =>
      post(
        app as App,
        '/auth/reset/',
        { phone: DEMO.gold, token: '000001', password: 'Uusi12345' },
        '192.0.2.9',
      );
    for (let i = 0; i < 4; i++) expect([400, 429]).toContain((await check()).statusCode);
    expect((await check()).statusCode).toBe(429);
  });
});
