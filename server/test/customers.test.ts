import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageListSchema, profileSchema, receiptListSchema } from '@jono/contract';
import { DEMO, buildTestApp, login } from './helpers';
import type { App } from '../src/app';

let app: App;
let gold: Awaited<ReturnType<typeof login>>;
let oneTime: Awaited<ReturnType<typeof login>>;
beforeAll(async () => {
  app = await buildTestApp();
  gold = await login(app, DEMO.gold);
  oneTime = await login(app, DEMO.oneTime);
});
afterAll(() => app.close());

const url = (id: number, rest = '') => `/api/fi/customers/${id}/${rest}`;

describe('GET /customers/:id/', () => {
  it("answers the Gold member's profile with membership and bonus", async () => {
    const res = await app.inject({ url: url(gold.customer_id), headers: gold.auth });
    expect(res.statusCode).toBe(200);
    const p = profileSchema.parse(res.json());
    expect(p).toMatchObject({ phone: DEMO.gold, active_order_id: null });
    expect(p.membership).toMatchObject({
      type: 'gold',
      priority: 2,
      credits: 4,
      wp_prem_credits: 2,
      wp_prod_credits: 1,
    });
    expect(p.bonus?.benefits.length).toBe(3);
    expect(res.body).not.toContain('password');
  });

  it('answers 401 without a token and 401 with a forged one', async () => {
    expect((await app.inject({ url: url(gold.customer_id) })).statusCode).toBe(401);
    const forged = gold.access_token.slice(0, -4) + 'AAAA';
    const res = await app.inject({
      url: url(gold.customer_id),
      headers: { authorization: `Bearer ${forged}` },
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers 401 with the session-closed text for an expired token', async () => {
    let now = Date.now();
    const timed = await buildTestApp({ now: () => now });
    try {
      const s = await login(timed, DEMO.gold);
      now += 16 * 60_000;
      const res = await timed.inject({ url: url(s.customer_id), headers: s.auth });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        error: 'token_expired',
        message: 'Log in again. The session has been closed',
      });
    } finally {
      await timed.close();
    }
  });
});

describe("a customer touching another customer's resources", () => {
  const routes = (other: number) => [
    { method: 'GET' as const, url: url(other) },
    { method: 'PATCH' as const, url: url(other), payload: { allow_sms: false } },
    { method: 'GET' as const, url: url(other, 'receipts/') },
    { method: 'GET' as const, url: url(other, 'messages/') },
    { method: 'POST' as const, url: url(other, 'messages/1/read/') },
    { method: 'POST' as const, url: url(other, 'benefits/1/redeem/') },
  ];

  it('gets 403 on every /customers/B/ route and no data', async () => {
    for (const r of routes(gold.customer_id)) {
      const res = await app.inject({ ...r, headers: oneTime.auth });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
      expect(res.json()).toMatchObject({ error: 'forbidden' });
      expect(res.body).not.toContain(DEMO.gold);
    }
    const p = profileSchema.parse(
      (await app.inject({ url: url(gold.customer_id), headers: gold.auth })).json(),
    );
    expect(p.allow_sms).toBe(true);
    expect(
      p.bonus?.benefits.every((b) => b.dateRedeemed === null || b.redeemCode === 'JONO10'),
    ).toBe(true);
  });

  it('gets 403 with a token of another market', async () => {
    const two = await buildTestApp({ markets: ['fi', 'se'] });
    try {
      const se = await login(two, '+46700000001', DEMO.password, 'se');
      const res = await two.inject({
        url: `/api/fi/customers/${se.customer_id}/`,
        headers: se.auth,
      });
      expect(res.statusCode).toBe(403);
    } finally {
      await two.close();
    }
  });
});

describe('PATCH /customers/:id/', () => {
  it('saves email with and without the email permission', async () => {
    let res = await app.inject({
      method: 'PATCH',
      url: url(oneTime.customer_id),
      headers: oneTime.auth,
      payload: { email: 'olli@example.fi' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'olli@example.fi', allow_email: false });
    res = await app.inject({
      method: 'PATCH',
      url: url(oneTime.customer_id),
      headers: oneTime.auth,
      payload: { email: 'olli@example.fi', allow_email: true },
    });
    expect(res.json()).toMatchObject({ allow_email: true });
  });

  it('refuses a bad email and changes nothing', async () => {
    const res = await app.inject({
      method: 'PATCH',
      url: url(oneTime.customer_id),
      headers: oneTime.auth,
      payload: { email: 'olli@example' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'validation',
      fields: { email: 'Check the email address' },
    });
    const p = (await app.inject({ url: url(oneTime.customer_id), headers: oneTime.auth })).json();
    expect(p.email).toBe('olli@example.fi');
  });

  it('stores a Web Push subscription as fcm_token and refuses anything else', async () => {
    const sub = JSON.stringify({
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      keys: { p256dh: 'key', auth: 'auth' },
    });
    const ok = await app.inject({
      method: 'PATCH',
      url: url(oneTime.customer_id),
      headers: oneTime.auth,
      payload: { fcm_token: sub },
    });
    expect(ok.json().fcm_token).toBe(sub);
    const bad = await app.inject({
      method: 'PATCH',
      url: url(oneTime.customer_id),
      headers: oneTime.auth,
      payload: { fcm_token: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    const off = await app.inject({
      method: 'PATCH',
      url: url(oneTime.customer_id),
      headers: oneTime.auth,
      payload: { fcm_token: null },
    });
    expect(off.json().fcm_token).toBeNull();
  });

  it('refuses push endpoints outside the browser push services (no blind SSRF)', async () => {
    const keys = { p256dh: 'key', auth: 'auth' };
    for (const endpoint of [
      'https://127.0.0.1/push',
      'https://localhost/push',
      'https://[::1]/push',
      'https://10.0.0.5/push',
      'https://192.168.1.1/push',
      'https://169.254.169.254/latest/meta-data/',
      'https://2130706433/push',
      'https://push.example.com/abc',
      'https://fcm.googleapis.com.evil.example/abc',
      'https://fcm.googleapis.com:8443/abc',
      'https://user:pw@fcm.googleapis.com/abc',
      'http://fcm.googleapis.com/abc',
      // Issue 27: one parser saw a push host where another connected to the address before ';'.
      'https://169.254.169.254;.push.apple.com/abc',
      'https://127.0.0.1;.notify.windows.com/abc',
      'https://10.0.0.5%3B.push.apple.com/abc',
      'https://a.b.push.apple.com/abc',
      'https://evil_host.push.apple.com/abc',
      'https://169.254.169.254.notify.windows.com/abc',
      'https://-x.push.apple.com/abc',
    ]) {
      const res = await app.inject({
        method: 'PATCH',
        url: url(oneTime.customer_id),
        headers: oneTime.auth,
        payload: { fcm_token: JSON.stringify({ endpoint, keys }) },
      });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json(), endpoint).toMatchObject({
        error: 'validation',
        fields: { fcm_token: expect.stringMatching(/push service/) },
      });
    }
    for (const endpoint of [
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/abc',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
    ]) {
      const res = await app.inject({
        method: 'PATCH',
        url: url(oneTime.customer_id),
        headers: oneTime.auth,
        payload: { fcm_token: JSON.stringify({ endpoint, keys }) },
      });
      expect(res.statusCode, endpoint).toBe(200);
    }
  });

  it('refuses fields a customer may not change', async () => {
    for (const payload of [
      { phone: '+358401111111' },
      { membership: { type: 'platinum' } },
      { id: 5 },
    ]) {
      const res = await app.inject({
        method: 'PATCH',
        url: url(oneTime.customer_id),
        headers: oneTime.auth,
        payload,
      });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('GET /customers/:id/receipts/', () => {
  it("lists the Gold member's receipts with VAT rows", async () => {
    const res = await app.inject({ url: url(gold.customer_id, 'receipts/'), headers: gold.auth });
    const { items } = receiptListSchema.parse(res.json());
    expect(items).toHaveLength(3);
    const row = items[0]?.rows[0];
    expect(row).toMatchObject({ amount: 1, name: 'Hiustenleikkaus', price: 3900, vat: 25.5 });
    // 3900 includes 25.5 % VAT: 3900 * 25.5 / 125.5 = 792.4
    expect(row?.vat_amount).toBe(792);
    expect(items[0]?.pob.name).toBe('Jono Kamppi');
  });

  it('is empty for a new customer', async () => {
    const res = await app.inject({
      url: url(oneTime.customer_id, 'receipts/'),
      headers: oneTime.auth,
    });
    expect(res.json()).toEqual({ items: [] });
  });
});

describe('messages', () => {
  it('lists messages with read flags and the unread count, and marks one read', async () => {
    const list = () =>
      app
        .inject({ url: url(gold.customer_id, 'messages/'), headers: gold.auth })
        .then((r) => messageListSchema.parse(r.json()));
    const before = await list();
    expect(before.items).toHaveLength(2);
    expect(before.unread).toBe(1);
    const unread = before.items.find((m) => !m.read);
    expect(unread?.content).toContain('<a href=');
    const res = await app.inject({
      method: 'POST',
      url: url(gold.customer_id, `messages/${unread?.id}/read/`),
      headers: gold.auth,
    });
    expect(res.statusCode).toBe(200);
    expect((await list()).unread).toBe(0);
  });

  it("does not show one customer's message to another", async () => {
    const res = await app.inject({
      url: url(oneTime.customer_id, 'messages/'),
      headers: oneTime.auth,
    });
    expect(messageListSchema.parse(res.json()).items).toHaveLength(1);
    const goldOnly = (
      await app.inject({ url: url(gold.customer_id, 'messages/'), headers: gold.auth })
    )
      .json()
      .items.find((m: { title: string }) => m.title === 'Kiitos jäsenyydestä');
    const mark = await app.inject({
      method: 'POST',
      url: url(oneTime.customer_id, `messages/${goldOnly.id}/read/`),
      headers: oneTime.auth,
    });
    expect(mark.statusCode).toBe(404);
  });
});

describe('POST /customers/:id/benefits/:benefitId/redeem/', () => {
  it('redeems a benefit once and answers its code', async () => {
    const p = profileSchema.parse(
      (await app.inject({ url: url(gold.customer_id), headers: gold.auth })).json(),
    );
    const benefit = p.bonus?.benefits.find((b) => b.isRedeemable);
    const res = await app.inject({
      method: 'POST',
      url: url(gold.customer_id, `benefits/${benefit?.id}/redeem/`),
      headers: gold.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      isRedeemable: false,
      redeemCode: expect.stringMatching(/^[A-Z0-9]{8}$/),
    });
    const again = await app.inject({
      method: 'POST',
      url: url(gold.customer_id, `benefits/${benefit?.id}/redeem/`),
      headers: gold.auth,
    });
    expect(again.statusCode).toBe(409);
  });
});

describe('the rest of the surface', () => {
  it('gives the VAPID public key for push subscriptions', async () => {
    expect((await app.inject('/api/fi/push/public-key/')).json()).toEqual({
      publicKey: 'test-public-key',
    });
  });

  it('describes every call in the OpenAPI document at /api/docs', async () => {
    const res = await app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of [
      '/login/',
      '/refresh/',
      '/register/',
      '/auth/register-code/',
      '/auth/reset-token/',
      '/auth/reset/',
      '/password/',
      '/pobs/',
      '/pobs/{id}/',
      '/customers/{id}/',
      '/customers/{id}/receipts/',
      '/customers/{id}/messages/',
    ]) {
      expect(paths).toContain(`/api/{market}${p}`);
    }
  });

  it('answers /healthz', async () => {
    expect((await app.inject('/healthz')).json()).toMatchObject({ status: 'ok' });
  });

  it('refuses a body over the size limit with the error shape', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/fi/login/',
      payload: { phone: 'x'.repeat(100_000), password: 'x' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: 'payload_too_large' });
  });

  it('answers malformed JSON with 400 in the error shape', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/fi/login/',
      payload: '{"phone":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('error');
  });

  it('sets security headers on answers, errors and unknown paths alike', async () => {
    for (const url of ['/api/fi/pobs/', '/api/fi/customers/1/', '/api/fi/no-such-route']) {
      const res = await app.inject(url);
      // JSON is never a document: it may load nothing and be framed nowhere.
      expect(res.headers['content-security-policy']).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      // The page policies stay on pages (static.test.ts), not on every API answer.
      expect(res.headers['x-frame-options']).toBeUndefined();
      expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
      // HSTS only in production (the development server runs on plain HTTP).
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
    const page = await app.inject('/api/docs/');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    const prod = await buildTestApp({ envOverrides: { NODE_ENV: 'production' } });
    try {
      const res = await prod.inject('/api/fi/pobs/');
      expect(res.headers['strict-transport-security']).toContain('max-age=');
    } finally {
      await prod.close();
    }
  });

  it('keeps the development SMS outbox out of production', async () => {
    const prod = await buildTestApp({ envOverrides: { NODE_ENV: 'production' } });
    try {
      expect((await prod.inject('/api/fi/dev/sms-outbox')).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
    expect((await app.inject('/api/fi/dev/sms-outbox')).statusCode).toBe(200);
  });

  it('serves the development SMS outbox to this machine only', async () => {
    const outbox = (remoteAddress: string, headers: Record<string, string> = {}) =>
      app.inject({ url: '/api/fi/dev/sms-outbox', remoteAddress, headers });
    expect((await outbox('127.0.0.1')).statusCode).toBe(200);
    expect((await outbox('::1')).statusCode).toBe(200);
    expect((await outbox('192.168.1.20')).statusCode).toBe(404);
    expect((await outbox('203.0.113.7')).statusCode).toBe(404);
    // A proxy on this machine forwards someone else.
    expect((await outbox('127.0.0.1', { 'x-forwarded-for': '203.0.113.7' })).statusCode).toBe(404);
  });

  it('allows PATCH, PUT and DELETE in CORS preflights for a listed origin', async () => {
    const cors = await buildTestApp({
      envOverrides: { CORS_ORIGINS: 'https://partner.example' },
    });
    try {
      const res = await cors.inject({
        method: 'OPTIONS',
        url: '/api/fi/customers/1/',
        headers: {
          origin: 'https://partner.example',
          'access-control-request-method': 'PATCH',
        },
      });
      expect(res.statusCode).toBe(204);
      const allowed = String(res.headers['access-control-allow-methods']);
      for (const m of ['GET', 'POST', 'PATCH', 'PUT', 'DELETE']) expect(allowed).toContain(m);
    } finally {
      await cors.close();
    }
  });
});
