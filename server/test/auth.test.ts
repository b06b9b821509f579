import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAnswerSchema } from '@jono/contract';
import { DEMO, buildTestApp, lastTextedCode, login, register } from './helpers';
import type { App } from '../src/app';

let app: App;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const post = (url: string, payload: unknown, headers?: Record<string, string>) =>
  app.inject({ method: 'POST', url: `/api/fi${url}`, payload: payload as object, headers });

describe('POST /login/', () => {
  it('logs the demo customer in with tokens', async () => {
    const res = await post('/login/', { phone: DEMO.gold, password: DEMO.password });
    expect(res.statusCode).toBe(200);
    const body = loginAnswerSchema.parse(res.json());
    expect(body.customer_id).toBeGreaterThan(0);
  });

  it('accepts a local number and adds the market dial code', async () => {
    const res = await post('/login/', { phone: '0400000002', password: DEMO.password });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a wrong password without telling which part was wrong', async () => {
    const res = await post('/login/', { phone: DEMO.gold, password: 'Wrong1234' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'invalid_credentials' });
    const unknown = await post('/login/', { phone: '+358409999999', password: 'Wrong1234' });
    expect(unknown.json()).toEqual(res.json());
  });

  it('requires phone and password', async () => {
    const res = await post('/login/', { phone: '', password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'validation',
      fields: { phone: 'Enter your phone number', password: 'Enter your password' },
    });
  });

  it('rejects unknown fields', async () => {
    const res = await post('/login/', { phone: DEMO.gold, password: DEMO.password, admin: true });
    expect(res.statusCode).toBe(400);
  });
});

describe('POST /refresh/', () => {
  it('rotates: a refresh token works once, and its reuse revokes the whole family', async () => {
    const first = await login(app, DEMO.platinum);
    const r1 = await post('/refresh/', { refresh: first.refresh_token });
    expect(r1.statusCode).toBe(200);
    const second = loginAnswerSchema.parse(r1.json());
    expect(second.refresh_token).not.toBe(first.refresh_token);

    const reuse = await post('/refresh/', { refresh: first.refresh_token });
    expect(reuse.statusCode).toBe(401);
    // The family is revoked: the newer token no longer works either.
    const after = await post('/refresh/', { refresh: second.refresh_token });
    expect(after.statusCode).toBe(401);
  });

  it('leaves no valid token behind when one refresh token is used by many requests at once', async () => {
    for (let trial = 0; trial < 6; trial++) {
      const s = await login(app, DEMO.gold);
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => post('/refresh/', { refresh: s.refresh_token })),
      );
      const winners = answers.filter((a) => a.statusCode === 200);
      expect(winners.length).toBeLessThanOrEqual(1);
      expect(answers.filter((a) => a.statusCode === 401).length).toBeGreaterThanOrEqual(11);
      // Reuse was seen, so the family is revoked: the winner's new token must not work either.
      for (const w of winners) {
        const next = await post('/refresh/', { refresh: w.json().refresh_token });
        expect(next.statusCode, `trial ${trial}`).toBe(401);
      }
    }
  });

  it('takes the refresh token as a bearer too', async () => {
    const s = await login(app, DEMO.oneTime);
    const res = await post('/refresh/', undefined, { authorization: `Bearer ${s.refresh_token}` });
    expect(res.statusCode).toBe(200);
  });

  it('answers 401 for an unknown token', async () => {
    expect((await post('/refresh/', { refresh: 'nope' })).statusCode).toBe(401);
  });
});

describe('POST /logout/', () => {
  it('revokes the session so its refresh token stops working', async () => {
    const s = await login(app, DEMO.oneTime);
    expect((await post('/logout/', undefined, s.auth)).statusCode).toBe(200);
    expect((await post('/refresh/', { refresh: s.refresh_token })).statusCode).toBe(401);
  });
});

const registration = {
  phone: '+358401112233',
  firstname: 'Ville',
  lastname: 'Virtanen',
  email: 'ville@example.fi',
  password: 'Parturi123',
  terms_accepted: true,
};

describe('POST /register/', () => {
  it('registers a customer who can then log in, with allow_email off and allow_sms on', async () => {
    const res = await register(app, registration);
    expect(res.statusCode).toBe(201);
    const s = await login(app, registration.phone, registration.password);
    const profile = (
      await app.inject({ url: `/api/fi/customers/${s.customer_id}/`, headers: s.auth })
    ).json();
    expect(profile).toMatchObject({
      firstname: 'Ville',
      allow_email: false,
      allow_sms: true,
      membership: null,
    });
  });

  it('refuses an already registered phone with a hint to recovery', async () => {
    // The number gets no code (a text saying it has an account), so the registration is refused.
    const res = await register(
      app,
      { ...registration, email: 'other@example.fi' },
      { headers: { 'accept-language': 'en' } },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({ code: 'register.codeInvalid' });
    const outbox = app.markets.get('fi')?.devOutbox?.outbox ?? [];
    expect(outbox.at(-1)).toMatchObject({ to: registration.phone });
    expect(outbox.at(-1)?.text).toMatch(/already has an account/);
    expect(outbox.at(-1)?.text).not.toMatch(/\d{6}/);
  });

  it('refuses a phone too short or too long for its country', async () => {
    for (const phone of ['+358123', '+474000000', '+4740000000123']) {
      const res = await post('/register/', {
        ...registration,
        phone,
        email: 'len@example.fi',
        code: '123456',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toMatchObject({ phone: 'Check the phone number' });
    }
  });

  it('answers every wrong field and writes nothing', async () => {
    const res = await post('/register/', {
      phone: '12',
      firstname: '',
      lastname: '',
      email: 'x',
      password: 'short',
      terms_accepted: false,
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(
      ['code', 'email', 'firstname', 'lastname', 'password', 'phone', 'terms_accepted'].sort(),
    );
    expect((await post('/login/', { phone: '12', password: 'short' })).statusCode).toBe(401);
  });
});

describe('proving the phone before registration (issue 27)', () => {
  const fresh = (n: number) => ({
    ...registration,
    phone: `+3584099${String(n).padStart(5, '0')}`,
    email: `prove${n}@example.fi`,
  });

  it('refuses a registration without the code texted to the number', async () => {
    const body = fresh(1);
    const without = await post('/register/', body);
    expect(without.statusCode).toBe(400);
    expect(without.json().fields).toHaveProperty('code');
    const guessed = await post('/register/', { ...body, code: '000000' });
    expect(guessed.statusCode).toBe(400);
    expect(guessed.json().fields).toMatchObject({ code: 'register.codeInvalid' });
    await expect(login(app, body.phone, body.password)).rejects.toThrow(/401/);
  });

  it('texts a 6-digit code that registers once, in the language the app asks in', async () => {
    const body = fresh(2);
    const asked = await post(
      '/auth/register-code/',
      { phone: body.phone },
      { 'accept-language': 'en' },
    );
    expect(asked.statusCode).toBe(200);
    const code = lastTextedCode(app, body.phone);
    expect(code).toMatch(/^\d{6}$/);
    const outbox = app.markets.get('fi')?.devOutbox?.outbox ?? [];
    expect(outbox.at(-1)?.text).toMatch(/registration code/);
    expect((await post('/register/', { ...body, code })).statusCode).toBe(201);
    // Used: the same code does not register the number again (nor another).
    expect((await post('/register/', { ...body, code })).statusCode).toBe(400);
  });

  it('answers a registered number exactly as a new one', async () => {
    const known = await post('/auth/register-code/', { phone: DEMO.gold });
    const unknown = await post('/auth/register-code/', { phone: fresh(3).phone });
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.body).toBe(unknown.body);
  });

  it('refuses a code after 15 minutes', async () => {
    let now = Date.parse('2026-03-01T10:00:00Z');
    const timed = await buildTestApp({ now: () => now });
    try {
      const body = fresh(4);
      await timed.inject({
        method: 'POST',
        url: '/api/fi/auth/register-code/',
        payload: { phone: body.phone },
      });
      const code = lastTextedCode(timed, body.phone);
      now += 15 * 60_000 + 1;
      const late = await timed.inject({
        method: 'POST',
        url: '/api/fi/register/',
        payload: { ...body, code },
      });
      expect(late.statusCode).toBe(400);
    } finally {
      await timed.close();
    }
  });
});

describe('password recovery', () => {
  const phone = '+358405556677';
  beforeAll(async () => {
    await register(app, { ...registration, phone, email: 'rec@example.fi' });
  });

  const lastCode = () => {
    const outbox = app.markets.get('fi')?.devOutbox?.outbox ?? [];
    const text = [...outbox].reverse().find((m) => m.to === phone)?.text ?? '';
    return /(\d{8})/.exec(text)?.[1];
  };

  it('sends an 8-digit code by SMS that sets a new password once', async () => {
    expect((await post('/auth/reset-token/', { phone })).statusCode).toBe(200);
    const code = lastCode();
    expect(code).toMatch(/^\d{8}$/);
    const res = await post('/auth/reset/', {
      phone,
      token: code,
      password: 'Uusi1234',
      password_again: 'Uusi1234',
    });
    expect(res.statusCode).toBe(200);
    await login(app, phone, 'Uusi1234');
    const again = await post('/auth/reset/', { phone, token: code, password: 'Toinen1234' });
    expect(again.statusCode).toBe(400);
  });

  it('tells that a number is not registered, as registration does, and sends nothing', async () => {
    const before = app.markets.get('fi')?.devOutbox?.outbox.length;
    const res = await post('/auth/reset-token/', { phone: '+358409999998' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'validation',
      message: 'Invalid phone number',
      fields: { phone: 'recovery.invalidPhone' },
    });
    expect(app.markets.get('fi')?.devOutbox?.outbox.length).toBe(before);
  });

  it('refuses an expired code', async () => {
    let now = Date.UTC(2026, 10, 18, 10, 0);
    const timed = await buildTestApp({ now: () => now });
    try {
      await timed.inject({
        method: 'POST',
        url: '/api/fi/auth/reset-token/',
        payload: { phone: DEMO.oneTime },
      });
      const text = timed.markets.get('fi')?.devOutbox?.outbox.at(-1)?.text ?? '';
      const code = /(\d{8})/.exec(text)?.[1];
      now += 61 * 60_000;
      const res = await timed.inject({
        method: 'POST',
        url: '/api/fi/auth/reset/',
        payload: { phone: DEMO.oneTime, token: code, password: 'Uusi1234' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('invalid_token');
    } finally {
      await timed.close();
    }
  });

  it.each([
    [{}, 'Missing phone parameter'],
    [{ phone: 'abc' }, 'Invalid phone number'],
  ])('reset-token %j answers "%s"', async (payload, message) => {
    const res = await post('/auth/reset-token/', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it.each([
    [{ token: '123456', password: 'Uusi1234' }, 'Missing phone parameter'],
    [{ phone, password: 'Uusi1234' }, 'Missing token parameter'],
    [{ phone, token: '123456' }, 'Missing password parameter'],
    [{ phone, token: '123456', password: 'weak' }, 'Password too weak'],
    [{ phone: '+1', token: '123456', password: 'Uusi1234' }, 'Invalid phone number'],
  ])('reset %j answers "%s"', async (payload, message) => {
    const res = await post('/auth/reset/', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('never writes the code to the log', async () => {
    const lines: string[] = [];
    const logged = await buildTestApp({
      logger: { level: 'trace', stream: { write: (l: string) => lines.push(l) } },
    });
    try {
      await logged.inject({
        method: 'POST',
        url: '/api/fi/auth/reset-token/',
        payload: { phone: DEMO.oneTime },
      });
      const code = /(\d{8})/.exec(
        logged.markets.get('fi')?.devOutbox?.outbox.at(-1)?.text ?? '',
      )?.[1];
      expect(code).toBeDefined();
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.join('\n')).not.toContain(code);
    } finally {
      await logged.close();
    }
  });
});

describe('POST /password/', () => {
  it('changes the password, keeps this session and revokes the others', async () => {
    const phone = '+358407778899';
    await register(app, { ...registration, phone, email: 'pw@example.fi' });
    const other = await login(app, phone, registration.password);
    const mine = await login(app, phone, registration.password);
    const wrong = await post(
      '/password/',
      { old_password: 'Wrong1234', new_password: 'Vaihdettu1' },
      mine.auth,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('invalid_credentials');
    const res = await post(
      '/password/',
      { old_password: registration.password, new_password: 'Vaihdettu1' },
      mine.auth,
    );
    expect(res.statusCode).toBe(200);
    await login(app, phone, 'Vaihdettu1');
    expect((await post('/refresh/', { refresh: other.refresh_token })).statusCode).toBe(401);
    expect((await post('/refresh/', { refresh: mine.refresh_token })).statusCode).toBe(200);
  });

  it('needs a login', async () => {
    expect(
      (await post('/password/', { old_password: 'a', new_password: 'abcdefgh' })).statusCode,
    ).toBe(401);
  });
});

describe('registration codes are limited, with a cost ceiling (issue 27)', () => {
  const ask = (a: App, phone: string, remoteAddress = '203.0.113.9') =>
    a.inject({
      method: 'POST',
      url: '/api/fi/auth/register-code/',
      payload: { phone },
      remoteAddress,
    });

  it('texts a number at most 3 codes an hour, from any addresses', async () => {
    const limited = await buildTestApp({ realLimits: true });
    try {
      const phone = '+358409800001';
      for (const ip of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
        expect((await ask(limited, phone, ip)).statusCode).toBe(200);
      }
      expect((await ask(limited, phone, '203.0.113.4')).statusCode).toBe(429);
      const texted = (limited.markets.get('fi')?.devOutbox?.outbox ?? []).filter(
        (m) => m.to === phone,
      );
      expect(texted).toHaveLength(3);
    } finally {
      await limited.close();
    }
  });

  it('sends one address at most 10 codes an hour, whatever the numbers', async () => {
    const limited = await buildTestApp({
      realLimits: true,
      limits: { register: { max: 100, windowMs: 60_000 } },
    });
    try {
      for (let i = 0; i < 10; i++) {
        expect((await ask(limited, `+3584098${String(i).padStart(5, '0')}`)).statusCode).toBe(200);
      }
      expect((await ask(limited, '+358409899999')).statusCode).toBe(429);
      expect((await ask(limited, '+358409899999', '198.51.100.1')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('refuses with 503 once the market has sent its hourly budget of code SMS, and not before', async () => {
    let now = Date.parse('2026-03-01T10:00:00Z');
    const limited = await buildTestApp({
      now: () => now,
      realLimits: true,
      envOverrides: { SMS_CODES_PER_HOUR: '3' },
    });
    try {
      for (let i = 0; i < 3; i++) {
        expect(
          (await ask(limited, `+3584097${String(i).padStart(5, '0')}`, `198.51.100.${i}`))
            .statusCode,
        ).toBe(200);
      }
      const refused = await ask(limited, '+358409700009', '198.51.100.50');
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({ error: 'sms_budget' });
      const outbox = limited.markets.get('fi')?.devOutbox?.outbox ?? [];
      expect(outbox.some((m) => m.to === '+358409700009')).toBe(false);
      now += 60 * 60_000;
      expect((await ask(limited, '+358409700009', '198.51.100.50')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('counts wrong registration codes per number: the 11th in a day is 429', async () => {
    const limited = await buildTestApp({
      realLimits: true,
      limits: { register: { max: 100, windowMs: 60_000 } },
    });
    try {
      const phone = '+358409600001';
      const body = { ...registration, phone, email: 'guess@example.fi' };
      await ask(limited, phone);
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const res = await limited.inject({
          method: 'POST',
          url: '/api/fi/register/',
          payload: { ...body, code: String(100000 + i) },
          remoteAddress: `192.0.2.${i}`,
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
      expect(statuses[10]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
