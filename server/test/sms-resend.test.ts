// A resend after a cut-off send, for the providers that take no idempotency key (46elks,
// Twilio): the outbox marks each request before it goes out; a row claimed again with the mark
// (the process died, or the answer never came) is looked up in the provider's list of sent
// messages, and sent again only when the provider did not take it. When the provider cannot be
// asked, an alert is marked unknown (the boards show it) instead of being sent twice. The real
// clients run against local fakes of each provider's documented protocol.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { outbox } from '../src/db/schema';
import { failedAlertsQuery } from '../src/services/operator-board';
import { MAX_ATTEMPTS, OutboxWorker, enqueue, type OutboxPurpose } from '../src/services/outbox';
import type { SmsProvider } from '../src/services/sms';
import { CREDENTIALS, startFakeProvider, type FakeProvider } from './fake-sms-providers';
import { buildTestApp } from './helpers';
import { fi, mutableClock } from './queue-factories';

const cases = [
  { protocol: '46elks' as const, port: 3362 },
  { protocol: 'twilio' as const, port: 3363 },
];

describe.each(cases)('$protocol', ({ protocol, port }) => {
  // The fake stamps what it takes with the real time: the app's clock starts there too.
  const clock = mutableClock(Date.now());
  let app: App;
  let fake: FakeProvider;
  let n = 0;

  beforeAll(async () => {
    fake = await startFakeProvider(protocol, port);
    app = await buildTestApp({
      now: clock.now,
      envOverrides: {
        SMS_PROVIDER: protocol,
        SMS_API_URL: fake.url,
        SMS_API_USER: CREDENTIALS.user,
        SMS_API_SECRET: CREDENTIALS.secret,
        SMS_WEBHOOK_SECRET: 'webhook-secret-0123456789',
        SMS_PUBLIC_URL: 'https://jono.example',
        SMS_SENDER_ID: 'Jono',
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });

  const worker = () =>
    new OutboxWorker({ now: clock.now, log: app.log, push: () => null, random: () => 0.5 });
  const sendPosts = (text: string) =>
    fake.received.filter(
      (r) =>
        (r.params.message ?? r.params.Body) === text &&
        r.path.endsWith(protocol === '46elks' ? '/sms' : 'Messages.json'),
    );
  /** A fresh message of this purpose to a phone of its own; answers its key, text and row. */
  async function message(purpose: OutboxPurpose = 'turnNear') {
    n += 1;
    const key = `${protocol}-cut-${n}`;
    const text = `Your turn is near (${key})`;
    const phone = `+35840${String(port)}${String(n).padStart(3, '0')}`;
    await enqueue(
      fi(app).db,
      [
        {
          key,
          channel: 'sms',
          purpose,
          recipient: phone,
          body: text,
          pobId: 1,
          deadline: clock.at + 15 * 60_000,
        },
      ],
      clock.at,
    );
    return { key, text, phone };
  }
  const row = async (key: string) =>
    (await fi(app).db.select().from(outbox).where(eq(outbox.key, key)))[0];

  it('a send whose answer never came: found at the provider, not sent again', async () => {
    const ctx = fi(app);
    const { key, text } = await message();
    fake.hold(true);
    const w = worker();
    const first = w.drain(ctx);
    // The provider has taken it; then the connection dies before its answer.
    for (let i = 0; i < 200 && sendPosts(text).length === 0; i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(sendPosts(text)).toHaveLength(1);
    fake.hold(false);
    await first;
    let r = await row(key);
    expect(r?.status).toBe('pending');
    expect(r?.sendStartedAt).not.toBeNull();

    clock.advance(1);
    await w.drain(ctx);
    r = await row(key);
    expect(r?.status).toBe('sent');
    expect(r?.providerId).toBe(sendPosts(text)[0]?.id);
    expect(r?.sendStartedAt).toBeNull();
    expect(r?.attemptLog.at(-1)?.error).toMatch(/found at the provider/);
    // One request to send, ever.
    expect(sendPosts(text)).toHaveLength(1);
  });

  it('a process killed mid-send: the next worker finds the message, and sends nothing', async () => {
    const ctx = fi(app);
    const { key, text, phone } = await message();
    // What the killed process left: the provider took the message (posted here as the dead
    // process's client did), the row is still claimed, its lease over, the mark set.
    const form =
      protocol === '46elks'
        ? new URLSearchParams({ from: 'Jono', to: phone, message: text })
        : new URLSearchParams({ To: phone, From: 'Jono', Body: text });
    const auth = `Basic ${Buffer.from(`${CREDENTIALS.user}:${CREDENTIALS.secret}`).toString('base64')}`;
    const sendUrl =
      protocol === '46elks'
        ? `${fake.url}/sms`
        : `${fake.url}/2010-04-01/Accounts/${CREDENTIALS.user}/Messages.json`;
    const taken = await fetch(sendUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: auth },
      body: form.toString(),
    });
    expect(taken.ok).toBe(true);
    await ctx.db
      .update(outbox)
      .set({
        status: 'sending',
        claimToken: 'the-dead-process',
        claimedUntil: new Date(clock.at - 1),
        sendStartedAt: new Date(clock.at),
      })
      .where(eq(outbox.key, key));
    clock.advance(0.02);
    await worker().drain(ctx);
    const r = await row(key);
    expect(r?.status).toBe('sent');
    expect(r?.providerId).toBe(sendPosts(text)[0]?.id);
    expect(sendPosts(text)).toHaveLength(1);
  });

  it('cut off before the provider took it: sent once', async () => {
    const ctx = fi(app);
    const { key, text } = await message();
    await ctx.db
      .update(outbox)
      .set({ sendStartedAt: new Date(clock.at) })
      .where(eq(outbox.key, key));
    const listed = fake.listed;
    await worker().drain(ctx);
    expect(fake.listed).toBe(listed + 1);
    expect((await row(key))?.status).toBe('sent');
    expect(sendPosts(text)).toHaveLength(1);
  });

  it('a provider that cannot be asked: the alert becomes unknown, is never sent again, and counts as failed', async () => {
    const ctx = fi(app);
    const { key, text } = await message('turnNear');
    await ctx.db
      .update(outbox)
      .set({ sendStartedAt: new Date(clock.at) })
      .where(eq(outbox.key, key));
    fake.listFails(true);
    try {
      const w = worker();
      for (let i = 0; i < MAX_ATTEMPTS; i++) {
        await w.drain(ctx);
        clock.advance(2);
      }
    } finally {
      fake.listFails(false);
    }
    const r = await row(key);
    expect(r?.status).toBe('unknown');
    expect(r?.attempts).toBe(MAX_ATTEMPTS);
    expect(sendPosts(text)).toHaveLength(0);
    const failed = await failedAlertsQuery(ctx.db, new Date(clock.at - 3_600_000), [1]);
    expect(failed[0]?.failed).toBeGreaterThanOrEqual(1);
  });

  it('cut off and past its deadline: unknown, not "expired unsent"', async () => {
    const ctx = fi(app);
    const { key, text } = await message();
    await ctx.db
      .update(outbox)
      .set({ sendStartedAt: new Date(clock.at) })
      .where(eq(outbox.key, key));
    clock.advance(16);
    await worker().drain(ctx);
    expect((await row(key))?.status).toBe('unknown');
    expect(sendPosts(text)).toHaveLength(0);
  });

  it('a refusal from the provider clears the mark: the retry does not look anything up', async () => {
    const ctx = fi(app);
    const { key, text } = await message();
    // Twice: the sender retries a 503 once by itself (counted-senders.ts).
    fake.failNext(503, 2);
    const w = worker();
    await w.drain(ctx);
    let r = await row(key);
    expect(r?.status).toBe('pending');
    expect(r?.sendStartedAt).toBeNull();
    const listed = fake.listed;
    clock.advance(1);
    await w.drain(ctx);
    r = await row(key);
    expect(r?.status).toBe('sent');
    expect(fake.listed).toBe(listed);
    expect(sendPosts(text).filter((p) => p.accepted)).toHaveLength(1);
  });
});

describe('a provider without idempotency keys that cannot be asked at all', () => {
  const clock = mutableClock();
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp({ now: clock.now });
  });
  afterAll(() => app.close());

  it('marks a cut-off alert unknown at once, and sends a cut-off code again', async () => {
    const ctx = fi(app);
    const sent: string[] = [];
    const provider: SmsProvider = {
      name: 'http',
      idempotent: false,
      answer: { type: 'application/json', body: '{}' },
      async send(m) {
        sent.push(m.key);
        return { providerId: `p-${m.key}` };
      },
      verify: () => false,
      inbound: () => null,
      status: () => null,
    };
    ctx.sms = provider;
    const at = new Date(clock.at);
    await enqueue(
      ctx.db,
      (['turnNear', 'recovery'] as const).map((purpose) => ({
        key: `nofind:${purpose}`,
        channel: 'sms' as const,
        purpose,
        recipient: '+358401112223',
        body: purpose,
        pobId: 2,
        deadline: null,
      })),
      clock.at,
    );
    await ctx.db
      .update(outbox)
      .set({ sendStartedAt: at })
      .where(eq(outbox.recipient, '+358401112223'));
    await new OutboxWorker({ now: clock.now, log: app.log, push: () => null }).drain(ctx);
    const rows = await ctx.db.select().from(outbox).where(eq(outbox.recipient, '+358401112223'));
    const status = Object.fromEntries(rows.map((r) => [r.purpose, r.status]));
    expect(status).toEqual({ turnNear: 'unknown', recovery: 'sent' });
    expect(sent).toEqual(['nofind:recovery']);
  });
});
