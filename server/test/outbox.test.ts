// The outbox worker: retries with backoff and a record of each attempt, a deadline after which a
// message is not sent, a lease that lets another worker take over a crashed one's message, and
// several workers claiming one outbox at once: each message is sent exactly once. On PGlite the
// workers share one connection (the claim's statement is still what decides); with DATABASE_URL
// they race on separate connections of PostgreSQL.
import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { outbox } from '../src/db/schema';
import {
  MAX_ATTEMPTS,
  OutboxWorker,
  applyStatus,
  backoffMs,
  enqueue,
  type OutboxMessage,
} from '../src/services/outbox';
import { SmsSendError, type OutgoingSms, type SmsProvider } from '../src/services/sms';
import { buildTestApp } from './helpers';
import { fi, mutableClock } from './queue-factories';

const clock = mutableClock();
let app: App;
/** The statements sent since a test cleared it. */
let statements: string[] = [];

/** A provider that records sends and fails as told (a function of the message). */
function recordingProvider(fail: (m: OutgoingSms) => Error | null = () => null) {
  const sent: OutgoingSms[] = [];
  let n = 0;
  const provider: SmsProvider = {
    name: 'http',
    answer: { type: 'application/json', body: '{}' },
    idempotent: true,
    async send(m) {
      await new Promise((r) => setTimeout(r, Math.random() * 3));
      const err = fail(m);
      if (err) throw err;
      sent.push(m);
      n += 1;
      return { providerId: `p-${n}` };
    },
    verify: () => true,
    inbound: () => null,
    status: () => null,
  };
  return { provider, sent };
}

const worker = (opts: Partial<ConstructorParameters<typeof OutboxWorker>[0]> = {}) =>
  new OutboxWorker({ now: clock.now, log: app.log, push: () => null, random: () => 0.5, ...opts });

const sms = (key: string, deadline: number | null = null): OutboxMessage => ({
  key,
  channel: 'sms',
  purpose: 'turnNear',
  recipient: '+358401234567',
  body: `text ${key}`,
  deadline,
});

const rows = async (keys: string[]) =>
  fi(app).db.select().from(outbox).where(inArray(outbox.key, keys));

beforeAll(async () => {
  app = await buildTestApp({ now: clock.now, onStatement: (_market, sql) => statements.push(sql) });
});
afterAll(() => app.close());

describe('outbox worker', () => {
  it('writes a key once, retries a failed send with backoff and records every attempt', async () => {
    const ctx = fi(app);
    let failures = 2;
    const { provider, sent } = recordingProvider(() =>
      failures-- > 0 ? new SmsSendError('SMS provider answered 503', false) : null,
    );
    ctx.sms = provider;
    expect(await enqueue(ctx.db, [sms('retry-1')], clock.at)).toBe(1);
    expect(await enqueue(ctx.db, [sms('retry-1')], clock.at)).toBe(0);
    const w = worker();
    await w.drain(ctx);
    let [row] = await rows(['retry-1']);
    expect(row?.status).toBe('pending');
    expect(row?.attempts).toBe(1);
    expect(row?.nextAttemptAt.getTime()).toBe(clock.at + backoffMs(1, () => 0.5));
    // Not due yet: nothing is sent.
    await w.drain(ctx);
    expect(sent).toHaveLength(0);
    clock.advance(1);
    await w.drain(ctx);
    clock.advance(1);
    await w.drain(ctx);
    [row] = await rows(['retry-1']);
    expect(row?.status).toBe('sent');
    expect(row?.attempts).toBe(3);
    expect(row?.providerId).toBe('p-1');
    expect(row?.attemptLog.map((a) => a.ok)).toEqual([false, false, true]);
    expect(sent.map((m) => m.key)).toEqual(['retry-1']);
  });

  it("marks a claim's sent messages in one statement, and a failed one on its own", async () => {
    const ctx = fi(app);
    const keys = ['claim-1', 'claim-2', 'claim-3', 'claim-4', 'claim-5'];
    const { provider, sent } = recordingProvider((m) =>
      m.key === 'claim-3' ? new SmsSendError('SMS provider answered 503', false) : null,
    );
    ctx.sms = provider;
    expect(
      await enqueue(
        ctx.db,
        keys.map((k) => sms(k)),
        clock.at,
      ),
    ).toBe(5);
    statements = [];
    await worker({ batch: 50 }).drain(ctx);
    expect(
      statements.filter((s) => s.startsWith("update outbox o set status = 'sent'")),
    ).toHaveLength(1);
    expect(sent.map((m) => m.key).sort()).toEqual(['claim-1', 'claim-2', 'claim-4', 'claim-5']);
    const byKey = new Map((await rows(keys)).map((r) => [r.key, r]));
    for (const key of ['claim-1', 'claim-2', 'claim-4', 'claim-5']) {
      const row = byKey.get(key);
      expect(row).toMatchObject({
        status: 'sent',
        attempts: 1,
        provider: 'http',
        claimToken: null,
        claimedUntil: null,
        lastError: null,
      });
      expect(row?.providerId).toMatch(/^p-\d$/);
      expect(row?.sentAt?.getTime()).toBe(clock.at);
      expect(row?.attemptLog).toEqual([{ at: new Date(clock.at).toISOString(), ok: true }]);
    }
    expect(byKey.get('claim-3')).toMatchObject({
      status: 'pending',
      attempts: 1,
      claimToken: null,
    });
  });

  it('gives up on a permanent refusal at once, and after the last attempt otherwise', async () => {
    const ctx = fi(app);
    ctx.sms = recordingProvider((m) =>
      m.key === 'refused-1'
        ? new SmsSendError('SMS provider answered 400', true)
        : new SmsSendError('SMS provider answered 503', false),
    ).provider;
    await enqueue(ctx.db, [sms('refused-1'), sms('flaky-1')], clock.at);
    const w = worker();
    for (let i = 0; i < MAX_ATTEMPTS + 2; i++) {
      await w.drain(ctx);
      clock.advance(6);
    }
    const [flaky, refused] = (await rows(['refused-1', 'flaky-1'])).sort((a, b) =>
      a.key.localeCompare(b.key),
    );
    expect(flaky?.status).toBe('failed');
    expect(flaky?.attempts).toBe(MAX_ATTEMPTS);
    expect(refused?.status).toBe('failed');
    expect(refused?.attempts).toBe(1);
  });

  it('does not send a message past its deadline (a turn-near alert an hour late)', async () => {
    const ctx = fi(app);
    const { provider, sent } = recordingProvider(() => new SmsSendError('down', false));
    ctx.sms = provider;
    await enqueue(ctx.db, [sms('late-1', clock.at + 15 * 60_000)], clock.at);
    const w = worker();
    await w.drain(ctx);
    ctx.sms = recordingProvider().provider;
    clock.advance(60);
    await w.drain(ctx);
    const [row] = await rows(['late-1']);
    expect(row?.status).toBe('expired');
    expect(sent).toHaveLength(0);
  });

  it("takes over a crashed worker's message when its lease ends, and sends it once", async () => {
    const ctx = fi(app);
    const { provider, sent } = recordingProvider();
    ctx.sms = provider;
    await enqueue(ctx.db, [sms('lease-1')], clock.at);
    // A worker claims the row and dies before sending.
    const crashed = await worker().claim(ctx.db);
    expect(crashed.rows.map((r) => r.key)).toContain('lease-1');
    const w = worker({ leaseMs: 60_000 });
    await w.drain(ctx);
    expect(sent.filter((m) => m.key === 'lease-1')).toHaveLength(0);
    clock.advance(2);
    await w.drain(ctx);
    await w.drain(ctx);
    expect(sent.filter((m) => m.key === 'lease-1')).toHaveLength(1);
    // The crashed worker coming back cannot complete a row it no longer holds.
    const [row] = await rows(['lease-1']);
    expect(row?.status).toBe('sent');
    expect(row?.claimToken).toBeNull();
  });

  it('applies delivery reports by the provider id; delivered stays delivered', async () => {
    const ctx = fi(app);
    ctx.sms = recordingProvider().provider;
    await enqueue(ctx.db, [sms('report-1')], clock.at);
    await worker().drain(ctx);
    const [sentRow] = await rows(['report-1']);
    const id = sentRow?.providerId ?? '';
    expect(
      await applyStatus(ctx.db, 'http', { providerId: id, status: 'delivered' }, clock.at),
    ).not.toBeNull();
    expect(
      await applyStatus(ctx.db, 'http', { providerId: id, status: 'sent' }, clock.at),
    ).toBeNull();
    expect(
      await applyStatus(ctx.db, '46elks', { providerId: id, status: 'failed' }, clock.at),
    ).toBeNull();
    const [row] = await rows(['report-1']);
    expect(row?.status).toBe('delivered');
    expect(row?.deliveredAt?.getTime()).toBe(clock.at);
  });
});

describe('several workers on one outbox', () => {
  it('sends each message exactly once however the workers interleave', async () => {
    const ctx = fi(app);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 2, max: 4 }),
        fc.integer({ min: 1, max: 5 }),
        fc.array(fc.boolean(), { minLength: 30, maxLength: 30 }),
        async (count, workers, batch, flaky) => {
          const run = `p${Math.random().toString(36).slice(2, 8)}`;
          const failedOnce = new Set<string>();
          const { provider, sent } = recordingProvider((m) => {
            const i = Number(m.key.split('-')[1]);
            if (flaky[i] && !failedOnce.has(m.key)) {
              failedOnce.add(m.key);
              return new SmsSendError('503', false);
            }
            return null;
          });
          ctx.sms = provider;
          const keys = Array.from({ length: count }, (_, i) => `${run}-${i}`);
          await enqueue(
            ctx.db,
            keys.map((k) => sms(k)),
            clock.at,
          );
          const pool = Array.from({ length: workers }, () => worker({ batch }));
          // Rounds of all workers draining at once; retries come due as the clock moves.
          for (let round = 0; round < 3; round++) {
            await Promise.all(pool.map((w) => w.drain(ctx)));
            clock.advance(1);
          }
          const counts = new Map<string, number>();
          for (const m of sent) counts.set(m.key, (counts.get(m.key) ?? 0) + 1);
          expect(keys.filter((k) => counts.get(k) !== 1)).toEqual([]);
          const done = await rows(keys);
          expect(done.every((r) => r.status === 'sent')).toBe(true);
        },
      ),
      { numRuns: 15 },
    );
  });

  it('two apps (nodes) on one database send a burst once', async () => {
    const ctx = fi(app);
    const { provider, sent } = recordingProvider();
    ctx.sms = provider;
    const keys = Array.from({ length: 60 }, (_, i) => `burst-${i}`);
    await enqueue(
      ctx.db,
      keys.map((k) => sms(k)),
      clock.at,
    );
    const a = worker({ batch: 7 });
    const b = worker({ batch: 5 });
    await Promise.all([a.drain(ctx), b.drain(ctx), a.drain(ctx), b.drain(ctx)]);
    expect(sent.filter((m) => m.key.startsWith('burst-'))).toHaveLength(60);
    expect(new Set(sent.map((m) => m.key)).size).toBe(sent.length);
    expect(a.sent + b.sent).toBe(60);
    const statuses = await fi(app)
      .db.select({ status: outbox.status })
      .from(outbox)
      .where(eq(outbox.status, 'sending'));
    expect(statuses).toHaveLength(0);
  });
});
