// The three SMS providers against local fakes of their documented protocols: the real client
// sends (format, auth, status URL), delivery reports and inbound messages come back as each
// provider posts them, signed or with the shared secret, and a wrong signature is refused.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { outbox } from '../src/db/schema';
import { replyText } from '../src/services/sms-reply-texts';
import {
  CREDENTIALS,
  signedWebhook,
  startFakeProvider,
  type FakeProvider,
} from './fake-sms-providers';
import { DEMO, buildTestApp } from './helpers';
import { fi } from './queue-factories';

const PUBLIC = 'https://jono.example';
const WEBHOOK_SECRET = 'webhook-secret-0123456789';
const secrets = { webhookSecret: WEBHOOK_SECRET, authToken: CREDENTIALS.secret };

const cases = [
  { protocol: 'http' as const, port: 3151 },
  { protocol: '46elks' as const, port: 3152 },
  { protocol: 'twilio' as const, port: 3153 },
];

describe.each(cases)('$protocol', ({ protocol, port }) => {
  let app: App;
  let fake: FakeProvider;

  beforeAll(async () => {
    fake = await startFakeProvider(protocol, port);
    app = await buildTestApp({
      envOverrides: {
        SMS_PROVIDER: protocol,
        ...(protocol === 'http'
          ? { SMS_HTTP_URL: fake.url, SMS_HTTP_TOKEN: CREDENTIALS.secret }
          : {
              SMS_API_URL: fake.url,
              SMS_API_USER: CREDENTIALS.user,
              SMS_API_SECRET: CREDENTIALS.secret,
            }),
        SMS_WEBHOOK_SECRET: WEBHOOK_SECRET,
        SMS_PUBLIC_URL: PUBLIC,
        SMS_SENDER_ID: 'Jono',
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });

  const post = (path: string, params: Record<string, string>, tamper = false) => {
    const hook = signedWebhook(protocol, `${PUBLIC}${path}`, params, {
      webhookSecret: tamper ? 'another-secret-entirely-000' : secrets.webhookSecret,
      authToken: tamper ? 'another-token' : secrets.authToken,
    });
    return app.inject({
      method: 'POST',
      url: hook.url,
      headers: hook.headers,
      payload: hook.payload,
    });
  };

  const statusParams = (id: string, status: string): Record<string, string> =>
    protocol === 'twilio'
      ? {
          MessageSid: id,
          MessageStatus: status === 'failed' ? 'undelivered' : status,
          AccountSid: CREDENTIALS.user,
          ...(status === 'failed' ? { ErrorCode: '30003' } : {}),
        }
      : protocol === '46elks'
        ? { id, status, ...(status === 'delivered' ? { delivered: '2026-11-18 10:00:01' } : {}) }
        : { id, status };

  const inboundParams = (id: string, from: string, text: string): Record<string, string> =>
    protocol === 'twilio'
      ? {
          MessageSid: id,
          From: from,
          To: '+358450000000',
          Body: text,
          AccountSid: CREDENTIALS.user,
          NumMedia: '0',
        }
      : protocol === '46elks'
        ? { id, from, to: '+46766860000', message: text, created: '2026-11-18 10:00:00' }
        : { id, from, text };

  it('sends in the documented format with its auth and a delivery report URL', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/fi/auth/reset-token/',
      payload: { phone: DEMO.oneTime },
    });
    expect(res.statusCode).toBe(200);
    expect(fake.received).toHaveLength(1);
    const sent = fake.received[0];
    expect(sent?.answered).toBeLessThan(300);
    const statusUrl = `${PUBLIC}/api/fi/sms/status/${protocol}`;
    if (protocol === 'twilio') {
      expect(sent?.params).toMatchObject({
        To: DEMO.oneTime,
        From: 'Jono',
        StatusCallback: statusUrl,
      });
      expect(sent?.params.Body).toMatch(/\d{8}/);
    } else if (protocol === '46elks') {
      expect(sent?.params).toMatchObject({ to: DEMO.oneTime, from: 'Jono' });
      expect(sent?.params.message).toMatch(/\d{8}/);
      expect(sent?.params.whendelivered).toBe(`${statusUrl}?secret=${WEBHOOK_SECRET}`);
    } else {
      expect(sent?.params).toMatchObject({ to: DEMO.oneTime, from: 'Jono', status_url: statusUrl });
      expect(sent?.headers['idempotency-key']).toMatch(/^recovery:\d+$/);
    }
    const [row] = await fi(app)
      .db.select()
      .from(outbox)
      .where(eq(outbox.providerId, sent?.id ?? ''));
    expect(row?.status).toBe('sent');
    expect(row?.provider).toBe(protocol);
  });

  it('applies a delivery report, and refuses one with a wrong signature or secret', async () => {
    const id = fake.received[0]?.id ?? '';
    const path = `/api/fi/sms/status/${protocol}`;
    const forged = await post(path, statusParams(id, 'failed'), true);
    expect(forged.statusCode).toBe(401);
    const ok = await post(path, statusParams(id, 'delivered'));
    expect(ok.statusCode).toBe(200);
    if (protocol === 'twilio') expect(ok.headers['content-type']).toMatch(/text\/xml/);
    const [row] = await fi(app).db.select().from(outbox).where(eq(outbox.providerId, id));
    expect(row?.status).toBe('delivered');
  });

  it('records a failed delivery', async () => {
    await app.inject({
      method: 'POST',
      url: '/api/fi/auth/reset-token/',
      payload: { phone: DEMO.gold },
    });
    const id = fake.received[fake.received.length - 1]?.id ?? '';
    expect(
      (await post(`/api/fi/sms/status/${protocol}`, statusParams(id, 'failed'))).statusCode,
    ).toBe(200);
    const [row] = await fi(app).db.select().from(outbox).where(eq(outbox.providerId, id));
    expect(row?.status).toBe('failed');
  });

  it('answers an inbound message once however often the provider posts it', async () => {
    const before = fake.received.length;
    const path = `/api/fi/sms/inbound/${protocol}`;
    const params = inboundParams(`in-${protocol}-1`, DEMO.platinum, 'STATUS');
    expect((await post(path, params, true)).statusCode).toBe(401);
    expect((await post(path, params)).statusCode).toBe(200);
    expect((await post(path, params)).statusCode).toBe(200);
    await app.outbox.settled();
    const answers = fake.received.slice(before);
    expect(answers).toHaveLength(1);
    const text = answers[0]?.params.Body ?? answers[0]?.params.message ?? answers[0]?.params.text;
    expect(text).toBe(replyText('fi', 'noOrder'));
  });

  it('has no webhooks of another provider', async () => {
    const other = protocol === 'twilio' ? '46elks' : 'twilio';
    const res = await app.inject({
      method: 'POST',
      url: `/api/fi/sms/inbound/${other}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=b',
    });
    expect(res.statusCode).toBe(404);
  });
});
