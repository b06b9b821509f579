// Answers by SMS through the dev inbox (SMS_PROVIDER=dev): every word in every language acts on
// the phone's active order through the app's own rules, every refusal is answered, and the same
// inbound message twice acts once.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { orders, smsInbound } from '../src/db/schema';
import { handleInboundSms } from '../src/services/sms-replies';
import { REPLY_TEXTS, REPLY_WORDS, parseReply, replyText } from '../src/services/sms-reply-texts';
import { buildTestApp } from './helpers';
import { fi, join, mutableClock, newCustomer, setShop } from './queue-factories';

const clock = mutableClock();
let app: App;

beforeAll(async () => {
  app = await buildTestApp({
    now: clock.now,
    limits: { smsReplies: { max: 12, windowMs: 10 * 60_000 } },
  });
});
afterAll(() => app.close());

const outboxTo = (phone: string) =>
  (fi(app).devOutbox?.outbox ?? []).filter((m) => m.to === phone).map((m) => m.text);

/** Texts `text` from `phone` through the dev inbox; answers Jono's answer (the newest SMS). */
async function text(phone: string, body: string): Promise<string | undefined> {
  // Messages already on their way (a join's turn-near alert) are sent before counting, so the
  // answer is the first message after the text, whichever the worker sends first.
  await app.queue.settled();
  await app.outbox.settled();
  const before = outboxTo(phone).length;
  const res = await app.inject({
    method: 'POST',
    url: '/api/fi/dev/sms-inbox',
    payload: { from: phone, text: body },
  });
  expect(res.statusCode).toBe(200);
  await app.queue.settled();
  await app.outbox.settled();
  const after = outboxTo(phone);
  return after.length > before ? after[before] : undefined;
}

const orderRow = async (id: number) =>
  (await fi(app).db.select().from(orders).where(eq(orders.id, id)))[0];

/** The status answer's template with every {field} as a wildcard. */
const statusShape = (language: string) =>
  new RegExp(
    `^${(REPLY_TEXTS[language]?.status ?? '')
      .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
      .replace(/\{\w+\}/g, '.+')}$`,
  );

const LANGUAGE_OF: Record<string, string> = {
  en: 'en_GB',
  fi: 'fi_FI',
  sv: 'sv_SE',
  nb: 'nb_NO',
  da: 'da_DK',
  de: 'de_DE',
  et: 'et_EE',
};

describe('reply words', () => {
  it('understands every word of every language, in any case, with minutes only after "late"', () => {
    for (const words of Object.values(REPLY_WORDS)) {
      for (const [command, list] of Object.entries(words)) {
        for (const word of list) {
          expect(parseReply(word)?.command).toBe(command);
          expect(parseReply(` ${word.toUpperCase()}! `)?.command).toBe(command);
        }
      }
      expect(parseReply(`${words.late[0]} 30`)).toEqual({ command: 'late', minutes: 30 });
      expect(parseReply(`${words.here[0]} 5`)).toBeNull();
    }
    expect(parseReply('hello there, can I come later?')).toBeNull();
    expect(parseReply('')).toBeNull();
  });

  for (const [language, words] of Object.entries(REPLY_WORDS)) {
    it(`acts on each word in ${language} and answers in ${language}`, async () => {
      clock.at = Date.UTC(2026, 10, 18, 10, 0);
      await setShop(app, 10, { chairs: 2 });
      const c = await newCustomer(app, { appLanguage: LANGUAGE_OF[language] });
      const orderId = (await join(app, c, 10)).json<{ id: number }>().id;
      await app.queue.settled();
      await app.outbox.settled();
      const say = (w: readonly string[] | undefined, extra = '') =>
        text(c.phone, `${w?.[0]}${extra}`);

      expect(await say(words.status)).toMatch(statusShape(language));
      expect(await say(words.late, ' 15')).toContain(' 15 ');
      expect((await orderRow(orderId))?.deferCount).toBe(1);
      expect(await say(words.moreTime)).toBe(
        replyText(language, 'deferred', {
          shop: (await app.queue.view(fi(app), 10)).pob.name,
          minutes: '15',
          wait: String((await orderRow(orderId))?.waitEstimate ?? '–'),
        }),
      );
      expect((await orderRow(orderId))?.deferCount).toBe(2);
      // A third defer is refused by the app's rule (twice per visit).
      expect(await say(words.late, ' 15')).toBe(replyText(language, 'deferLimit'));
      expect(await say(words.here)).toMatch(/^Jono: /);
      expect((await orderRow(orderId))?.customerAtPob).toBe(true);
      expect(await say(words.cancel)).toMatch(/^Jono: /);
      expect((await orderRow(orderId))?.status).toBe('cancelled');
      expect(await say(words.status)).toBe(replyText(language, 'noOrder'));
      expect(await say(words.rejoin)).toMatch(/^Jono: /);
      const [back] = await fi(app).db.select().from(orders).where(eq(orders.rejoinedFrom, orderId));
      expect(back?.status).toBe('active');
      // Once a day: leave again, and the second rejoin is refused.
      expect(await say(words.cancel)).toMatch(/^Jono: /);
      expect(await say(words.rejoin)).toBe(replyText(language, 'rejoinLimit'));
      expect(await text(c.phone, 'what?')).toBe(replyText(language, 'help'));
    });
  }
});

describe('refusals', () => {
  it('answers a number without an order, and a walk-in by the kiosk phone it left', async () => {
    expect(await text('+358401112233', 'status')).toBe(replyText('fi', 'noOrder'));
    expect(await text('+358401112233', 'rejoin')).toBe(replyText('fi', 'noFormerOrder'));
    clock.at = Date.UTC(2026, 10, 18, 10, 0);
    await setShop(app, 11, { chairs: 1 });
    const [walkIn] = await fi(app)
      .db.insert(orders)
      .values({
        pobId: 11,
        source: 'kiosk',
        notifyPhone: '+358409998877',
        rank: clock.at,
        plannedMinutes: 30,
        customerAtPob: true,
        joinedAt: new Date(clock.at),
        items: [],
      })
      .returning();
    app.queue.invalidate('fi', 11);
    expect(await text('+358409998877', 'myöhässä 15')).toMatch(/^Jono: selvä, 15 min lisäaikaa/);
    expect((await orderRow(walkIn?.id ?? 0))?.deferCount).toBe(1);
    expect(await text('+358409998877', 'peru')).toMatch(/^Jono: poistuit jonosta/);
    // A walk-in has no account to rejoin with.
    expect(await text('+358409998877', 'palaa')).toBe(replyText('fi', 'noFormerOrder'));
  });

  it('refuses more time past 30 minutes, and after closing', async () => {
    clock.at = Date.UTC(2026, 10, 18, 10, 0);
    await setShop(app, 12, { chairs: 1 });
    const c = await newCustomer(app, { appLanguage: 'en_GB' });
    await join(app, c, 12);
    expect(await text(c.phone, 'late 45')).toBe(replyText('en', 'tooLate'));
    const view = await app.queue.view(fi(app), 12);
    const closes = view.status.closesAt;
    expect(closes).not.toBeNull();
    // Ten minutes before closing, 30 more minutes would end the service after it.
    clock.at = (closes ?? 0) - 10 * 60_000;
    app.queue.invalidate('fi', 12);
    expect(await text(c.phone, 'late 30')).toBe(replyText('en', 'timeSlot'));
  });

  it('refuses a change once the service started', async () => {
    clock.at = Date.UTC(2026, 10, 18, 10, 0);
    await setShop(app, 13, { chairs: 1 });
    const c = await newCustomer(app, { appLanguage: 'en_GB' });
    const id = (await join(app, c, 13)).json<{ id: number }>().id;
    await fi(app)
      .db.update(orders)
      .set({ startedAt: new Date(clock.at), chair: 1, customerAtPob: true })
      .where(eq(orders.id, id));
    app.queue.invalidate('fi', 13);
    expect(await text(c.phone, 'cancel')).toBe(replyText('en', 'notWaiting'));
    expect(await text(c.phone, 'more time')).toBe(replyText('en', 'notWaiting'));
    expect((await orderRow(id))?.status).toBe('active');
  });

  it('stops answering a phone that floods', async () => {
    const phone = '+358401230000';
    const answers: (string | undefined)[] = [];
    for (let i = 0; i < 14; i++) answers.push(await text(phone, 'status'));
    expect(answers.filter(Boolean)).toHaveLength(app.limits.smsReplies.max);
  });
});

describe('idempotency', () => {
  it('acts once on the same inbound message delivered twice', async () => {
    clock.at = Date.UTC(2026, 10, 18, 10, 0);
    await setShop(app, 12, { chairs: 1 });
    const c = await newCustomer(app, { appLanguage: 'en_GB' });
    const id = (await join(app, c, 12)).json<{ id: number }>().id;
    const deps = { ctx: fi(app), queue: app.queue, now: app.now, limits: app.limits };
    const sms = { providerId: 'same-id-1', from: c.phone, text: 'late 15' };
    const first = await handleInboundSms(deps, 'dev', sms);
    const second = await handleInboundSms(deps, 'dev', sms);
    expect(first.outcome).toBe('answered');
    expect(second.outcome).toBe('duplicate');
    await app.outbox.kick(fi(app));
    expect((await orderRow(id))?.deferCount).toBe(1);
    expect(outboxTo(c.phone).filter((t) => t.includes('15 more minutes'))).toHaveLength(1);
    const logged = await fi(app)
      .db.select()
      .from(smsInbound)
      .where(eq(smsInbound.providerId, 'same-id-1'));
    expect(logged.map((r) => r.outcome)).toEqual(['deferred']);
  });

  it('is not there from another machine', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/fi/dev/sms-inbox',
      headers: { 'x-forwarded-for': '203.0.113.9' },
      payload: { from: '+358401112233', text: 'status' },
    });
    expect(res.statusCode).toBe(404);
  });
});
