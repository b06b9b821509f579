import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAnswerSchema } from '@jono/contract';
import { DEMO, buildTestApp, login } from './helpers';
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
    const res = await post('/register/', registration);
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
    const res = await post('/register/', { ...registration, email: 'other@example.fi' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/recovery/);
  });

  it('refuses a phone too short or too long for its country', async () => {
    for (const phone of ['+358123', '+474000000', '+4740000000123']) {
      const res = await post('/register/', { ...registration, phone, email: 'len@example.fi' });
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
      ['email', 'firstname', 'lastname', 'password', 'phone', 'terms_accepted'].sort(),
    );
    expect((await post('/login/', { phone: '12', password: 'short' })).statusCode).toBe(401);
  });
});

describe('password recovery', () => {
  const phone = '+358405556677';
  beforeAll(async () => {
    await post('/register/', { ...registration, phone, email: 'rec@example.fi' });
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
    await post('/register/', { ...registration, phone, email: 'pw@example.fi' });
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
