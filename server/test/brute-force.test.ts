// Brute force and lockout: logins, recovery requests and code checks are limited per IP, per
// account and address, and per account from unknown addresses; an attacker who knows only the
// phone number or username can neither guess on and on nor keep the owner out.
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO, buildTestApp, register } from './helpers';
import type { App } from '../src/app';

let app: App | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const post = (a: App, url: string, payload: object, ip = '203.0.113.1') =>
  a.inject({ method: 'POST', url: `/api/fi${url}`, payload, remoteAddress: ip });

const OWNER_IP = '198.51.100.10';
/** An attacker's address number `i` (each request may come from another one). */
const botnet = (i: number) => `203.0.113.${(i % 250) + 1}`;

const lastCode = (a: App, phone: string) => {
  const outbox = a.markets.get('fi')?.devOutbox?.outbox ?? [];
  const text = [...outbox].reverse().find((m) => m.to === phone)?.text ?? '';
  return /(\d{8})/.exec(text)?.[1];
};

describe('per-IP limits', () => {
  it('limits login attempts per IP with a clear 429', async () => {
    app = await buildTestApp({ realLimits: true, limits: { login: { max: 3, windowMs: 60_000 } } });
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
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another IP is not affected.
    expect(
      (await post(app, '/login/', { phone: DEMO.gold, password: DEMO.password }, '203.0.113.2'))
        .statusCode,
    ).toBe(200);
  });

  it('limits registrations per IP', async () => {
    app = await buildTestApp({
      realLimits: true,
      limits: { register: { max: 2, windowMs: 60_000 } },
    });
    const reg = (n: number) =>
      register(
        app as App,
        {
          phone: `+35840123${1000 + n}`,
          firstname: 'A',
          lastname: 'B',
          email: `a${n}@example.fi`,
          password: 'Parturi123',
          terms_accepted: true,
        },
        { remoteAddress: '203.0.113.1' },
      );
    expect((await reg(1)).statusCode).toBe(201);
    expect((await reg(2)).statusCode).toBe(201);
    expect((await reg(3)).statusCode).toBe(429);
  });
});

describe('customer login per account', () => {
  it('does not count correct passwords', async () => {
    // Only the per-account limits: the per-IP one counts every attempt.
    app = await buildTestApp({
      realLimits: true,
      limits: { login: { max: 1000, windowMs: 60_000 } },
    });
    for (let i = 0; i < 25; i++) {
      const res = await post(
        app,
        '/login/',
        { phone: DEMO.gold, password: DEMO.password },
        OWNER_IP,
      );
      expect(res.statusCode, `login ${i + 1}`).toBe(200);
    }
  });

  it('caps guesses from many addresses, and the owner still logs in from an address of theirs', async () => {
    app = await buildTestApp({ realLimits: true });
    // The owner has logged in from home before.
    expect(
      (await post(app, '/login/', { phone: DEMO.gold, password: DEMO.password }, OWNER_IP))
        .statusCode,
    ).toBe(200);
    const answers: number[] = [];
    for (let i = 0; i < 100; i++) {
      const res = await post(
        app,
        '/login/',
        { phone: DEMO.gold, password: `Guess${i}Aa` },
        botnet(i),
      );
      answers.push(res.statusCode);
    }
    // Ten wrong passwords a day from addresses the account never used, then nothing is checked.
    expect(answers.filter((s) => s === 401)).toHaveLength(10);
    expect(answers.slice(10).every((s) => s === 429)).toBe(true);
    // Not even the right password gets through from such an address while the cap holds.
    expect(
      (await post(app, '/login/', { phone: DEMO.gold, password: DEMO.password }, botnet(200)))
        .statusCode,
    ).toBe(429);
    // The owner is not kept out.
    expect(
      (await post(app, '/login/', { phone: DEMO.gold, password: DEMO.password }, OWNER_IP))
        .statusCode,
    ).toBe(200);
  });

  it('limits wrong passwords per account and address, without touching other accounts', async () => {
    app = await buildTestApp({ realLimits: true });
    for (let i = 0; i < 5; i++) {
      expect(
        (await post(app, '/login/', { phone: DEMO.gold, password: `Guess${i}Aa` })).statusCode,
      ).toBe(401);
    }
    expect(
      (await post(app, '/login/', { phone: DEMO.gold, password: 'Guess9Aa' })).statusCode,
    ).toBe(429);
    expect(
      (await post(app, '/login/', { phone: DEMO.platinum, password: DEMO.password })).statusCode,
    ).toBe(200);
  });
});

describe('staff login per account', () => {
  it('caps 100 wrong passwords from 20 addresses, and the manager still logs in at the shop', async () => {
    app = await buildTestApp({ realLimits: true });
    const shop = '192.0.2.50';
    const login = (password: string, ip: string) =>
      post(app as App, '/staff/login/', { username: 'manager1', password }, ip);
    expect((await login(DEMO.password, shop)).statusCode).toBe(200);
    const answers: number[] = [];
    for (let i = 0; i < 100; i++)
      answers.push((await login(`Guess${i}Aa`, botnet(i % 20))).statusCode);
    expect(answers.filter((s) => s === 401)).toHaveLength(10);
    expect(answers.slice(10).every((s) => s === 429)).toBe(true);
    expect((await login(DEMO.password, shop)).statusCode).toBe(200);
  });
});

describe('password recovery per phone', () => {
  it('sends at most three codes a day to a phone for addresses it never used, and more for its owner', async () => {
    app = await buildTestApp({ realLimits: true });
    await post(app, '/login/', { phone: DEMO.gold, password: DEMO.password }, OWNER_IP);
    const sent = () =>
      (app?.markets.get('fi')?.devOutbox?.outbox ?? []).filter((m) => m.to === DEMO.gold).length;
    const answers: number[] = [];
    for (let i = 0; i < 20; i++) {
      answers.push(
        (await post(app, '/auth/reset-token/', { phone: DEMO.gold }, botnet(i))).statusCode,
      );
    }
    expect(answers.filter((s) => s === 200)).toHaveLength(3);
    expect(answers.slice(3).every((s) => s === 429)).toBe(true);
    expect(sent()).toBe(3);
    expect((await post(app, '/auth/reset-token/', { phone: DEMO.gold }, OWNER_IP)).statusCode).toBe(
      200,
    );
    expect(sent()).toBe(4);
  });

  it("caps code guesses, and the owner's code still works after them", async () => {
    app = await buildTestApp({ realLimits: true });
    const owner = '198.51.100.77';
    expect((await post(app, '/auth/reset-token/', { phone: DEMO.gold }, owner)).statusCode).toBe(
      200,
    );
    const code = lastCode(app, DEMO.gold);
    expect(code).toMatch(/^\d{8}$/);
    const answers: number[] = [];
    for (let i = 0; i < 60; i++) {
      const guess = String(10_000_000 + i);
      const res = await post(
        app,
        '/auth/reset/',
        { phone: DEMO.gold, token: guess === code ? '99999999' : guess, password: 'Uusi12345' },
        botnet(i),
      );
      answers.push(res.statusCode);
    }
    expect(answers.filter((s) => s === 400)).toHaveLength(10);
    expect(answers.slice(10).every((s) => s === 429)).toBe(true);
    // A code asked for later by somebody else does not void the owner's.
    await post(app, '/auth/reset-token/', { phone: DEMO.gold }, botnet(99));
    const res = await post(
      app,
      '/auth/reset/',
      { phone: DEMO.gold, token: code, password: 'Uusi12345' },
      owner,
    );
    expect(res.statusCode).toBe(200);
    expect(
      (await post(app, '/login/', { phone: DEMO.gold, password: 'Uusi12345' }, owner)).statusCode,
    ).toBe(200);
  });

  it('lets an address that asked for a code guess only that code, within its own allowance', async () => {
    app = await buildTestApp({ realLimits: true });
    const owner = '198.51.100.79';
    const attacker = '203.0.113.200';
    await post(app, '/auth/reset-token/', { phone: DEMO.platinum }, owner);
    const ownersCode = lastCode(app, DEMO.platinum);
    await post(app, '/auth/reset-token/', { phone: DEMO.platinum }, attacker);
    // Even the right code of someone else's request does not work from the attacker's address.
    const res = await post(
      app,
      '/auth/reset/',
      { phone: DEMO.platinum, token: ownersCode, password: 'Uusi12345' },
      attacker,
    );
    expect(res.statusCode).toBe(400);
    const answers: number[] = [];
    for (let i = 0; i < 8; i++) {
      const guess = { phone: DEMO.platinum, token: String(20_000_000 + i), password: 'Uusi12345' };
      answers.push((await post(app, '/auth/reset/', guess, attacker)).statusCode);
    }
    expect(answers.slice(0, 4)).toEqual([400, 400, 400, 400]);
    expect(answers.slice(4).every((s) => s === 429)).toBe(true);
    // Neither used up the owner's allowance.
    const owned = { phone: DEMO.platinum, token: ownersCode, password: 'Uusi12345' };
    expect((await post(app, '/auth/reset/', owned, owner)).statusCode).toBe(200);
  });

  it('limits wrong codes per address with the clear 429', async () => {
    app = await buildTestApp({ realLimits: true });
    const owner = '198.51.100.78';
    await post(app, '/auth/reset-token/', { phone: DEMO.oneTime }, owner);
    const code = lastCode(app, DEMO.oneTime);
    const wrong = code === '00000000' ? '11111111' : '00000000';
    for (let i = 0; i < 5; i++) {
      const res = await post(
        app,
        '/auth/reset/',
        { phone: DEMO.oneTime, token: wrong, password: 'Uusi12345' },
        owner,
      );
      expect(res.statusCode).toBe(400);
    }
    const limited = await post(
      app,
      '/auth/reset/',
      { phone: DEMO.oneTime, token: code, password: 'Uusi12345' },
      owner,
    );
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: 'rate_limited' });
  });
});

describe('limits before authentication (issue 27)', () => {
  it('counts wrong device codes per address before checking them, and a working code still works', async () => {
    app = await buildTestApp({ realLimits: true });
    const a = app;
    const staff = await a.inject({
      method: 'POST',
      url: '/api/fi/staff/login/',
      payload: { username: 'manager1', password: DEMO.password },
    });
    const auth = { authorization: `Bearer ${staff.json<{ access_token: string }>().access_token}` };
    const kiosk = await a.inject({
      method: 'POST',
      url: '/api/fi/staff/devices/',
      headers: auth,
      payload: { kind: 'kiosk', label: 'Ovi' },
    });
    const code = kiosk.json<{ code: string }>().code;
    const guess = (c: string, ip: string, url = '/api/fi/kiosk/1/') =>
      a.inject({ url, headers: { authorization: `Bearer ${c}` }, remoteAddress: ip });
    // 187 guesses a second went uncounted before: now ten per address, then 429.
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await guess(`FI-GUESS-${i}`, '203.0.113.7')).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array.from({ length: 10 }, () => 401));
    expect(statuses.slice(10)).toEqual([429, 429]);
    // The stream-ticket route counts on the same allowance.
    const ticket = await a.inject({
      method: 'POST',
      url: '/api/fi/stream-ticket/',
      headers: { authorization: 'Bearer FI-GUESS-X' },
      remoteAddress: '203.0.113.7',
    });
    expect(ticket.statusCode).toBe(429);
    // The right code from the shop's own address is never counted.
    for (let i = 0; i < 15; i++) expect((await guess(code, '198.51.100.20')).statusCode).toBe(200);
  });

  it('counts wrong current passwords per account and address, before the check', async () => {
    app = await buildTestApp({ realLimits: true });
    const a = app;
    const login = await post(a, '/login/', { phone: DEMO.gold, password: DEMO.password }, OWNER_IP);
    const token = login.json<{ access_token: string }>().access_token;
    const change = (old_password: string, ip: string) =>
      a.inject({
        method: 'POST',
        url: '/api/fi/password/',
        headers: { authorization: `Bearer ${token}` },
        remoteAddress: ip,
        payload: { old_password, new_password: 'Uusi12345' },
      });
    // One address: five wrong, then 429 (the per-IP limit of 10 a minute is not what stops it).
    const one: number[] = [];
    for (let i = 0; i < 7; i++) one.push((await change(`Wrong${i}abc`, '203.0.113.40')).statusCode);
    expect(one.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(one.slice(5)).toEqual([429, 429]);
    // Many addresses with the stolen token: ten a day for the account in all.
    const many: number[] = [];
    for (let i = 0; i < 8; i++)
      many.push((await change(`Wrong${i}xyz`, botnet(100 + i))).statusCode);
    expect(many.filter((s) => s === 400)).toHaveLength(5);
    expect(many.slice(5)).toEqual([429, 429, 429]);
  });

  it('does not count a correct current password', async () => {
    app = await buildTestApp({ realLimits: true });
    const a = app;
    let password = DEMO.password;
    const login = await post(a, '/login/', { phone: DEMO.platinum, password }, OWNER_IP);
    const token = login.json<{ access_token: string }>().access_token;
    for (let i = 0; i < 7; i++) {
      const next = `Vaihto${i}abcD`;
      const res = await a.inject({
        method: 'POST',
        url: '/api/fi/password/',
        headers: { authorization: `Bearer ${token}` },
        remoteAddress: botnet(200 + i),
        payload: { old_password: password, new_password: next },
      });
      expect(res.statusCode, res.body).toBe(200);
      password = next;
    }
  });
});
