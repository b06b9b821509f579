// Proving a phone (issue 27): before Jono creates an account for a number, it sends the number a
// 6-digit code, stored as salted SHA-256 and valid 15 minutes, used once. Requests are counted per
// number, per address and per market an hour in the shared counters (every node), and the market's
// hourly SMS budget is the cost ceiling (503 once spent). A number that already has an account is
// answered alike and gets a text saying so instead of a code.
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  APP_LANGUAGE_OF,
  PHONE_CODE_LENGTH,
  PHONE_CODE_VALIDITY_MS,
  type Language,
} from '@jono/contract';
import type { MarketContext } from '../context';
import { customers, phoneCodes } from '../db/schema';
import { numericCode, sha256 } from '../lib/tokens';
import { HttpError } from '../lib/http-error';
import { tooMany } from './rate-limit-rules';
import { giveBack, takeAttempt, type CounterRule } from './rate-counters';
import type { Tx } from '../db/client';
import { DEADLINE_MS, enqueue } from './outbox';
import { smsText } from './sms-texts';

export type PhoneCodePurpose = 'register' | 'kiosk';

const codeHash = (purpose: PhoneCodePurpose, phone: string, code: string) =>
  sha256(`${purpose}:${phone}:${code}`);

/** 503 when the market's hourly budget of SMS to unproven numbers is spent. */
export function smsBudgetSpent(retryAfterS: number): HttpError {
  return new HttpError(
    503,
    'sms_budget',
    `Jono cannot send more codes this hour. Try again in ${Math.ceil(retryAfterS / 60)} min.`,
  );
}

/**
 * Counts one code SMS to `phone` asked from `address`: per number and per address (429), then the
 * market's ceiling (503). Nothing is counted when refused.
 */
export async function takeCodeSms(
  app: FastifyInstance,
  ctx: MarketContext,
  phone: string,
  address: string | null,
): Promise<void> {
  const now = app.now();
  const mine: CounterRule[] = [
    { key: `phoneCode:number:${phone}`, limit: app.limits.phoneCodesPerNumber },
    ...(address === null
      ? []
      : [{ key: `phoneCode:address:${address}`, limit: app.limits.phoneCodesPerAddress }]),
  ];
  const taken = await takeAttempt(ctx.db, mine, now);
  if (!taken.ok) throw tooMany(taken.retryAfterS);
  const market = await takeAttempt(
    ctx.db,
    [{ key: `phoneCode:market`, limit: app.limits.codeSmsPerMarket }],
    now,
  );
  if (!market.ok) {
    await giveBack(ctx.db, mine);
    throw smsBudgetSpent(market.retryAfterS);
  }
}

/** Writes a code SMS to the outbox in the caller's transaction (the caller kicks the worker). */
export async function enqueueCodeSms(
  tx: Tx,
  key: string,
  phone: string,
  text: string,
  now: number,
  orderId: number | null = null,
): Promise<void> {
  await enqueue(
    tx,
    [
      {
        key,
        channel: 'sms',
        purpose: 'phoneCode',
        recipient: phone,
        body: text,
        orderId,
        deadline: now + DEADLINE_MS.phoneCode,
      },
    ],
    now,
  );
}

/** Registration step one. Answers nothing that tells a registered number from a new one. */
export async function requestRegisterCode(
  app: FastifyInstance,
  ctx: MarketContext,
  phone: string,
  address: string,
  language: Language,
): Promise<void> {
  await takeCodeSms(app, ctx, phone, address);
  const appLanguage = APP_LANGUAGE_OF[language];
  const now = app.now();
  const [known] = await ctx.db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.phone, phone));
  await ctx.db.transaction(async (tx) => {
    if (known) {
      await enqueueCodeSms(
        tx,
        `registerKnown:${phone}:${now}`,
        phone,
        smsText(appLanguage, 'registerKnown', {}),
        now,
      );
      return;
    }
    const { id, code } = await issuePhoneCode(tx, 'register', phone, null, address, now);
    await enqueueCodeSms(
      tx,
      `phoneCode:${id}`,
      phone,
      smsText(appLanguage, 'registerCode', { code }),
      now,
    );
  });
  // Sent from the outbox at once.
  await app.outbox.kick(ctx);
}

/** Stores a new code for the number (and order) and answers it, to be sent. */
export async function issuePhoneCode(
  tx: Tx,
  purpose: PhoneCodePurpose,
  phone: string,
  orderId: number | null,
  address: string | null,
  now: number,
): Promise<{ id: number; code: string }> {
  const code = numericCode(PHONE_CODE_LENGTH);
  const [row] = await tx
    .insert(phoneCodes)
    .values({
      purpose,
      phone,
      orderId,
      codeHash: codeHash(purpose, phone, code),
      requestedFrom: address,
      expiresAt: new Date(now + PHONE_CODE_VALIDITY_MS),
    })
    .returning({ id: phoneCodes.id });
  if (!row) throw new HttpError(500, 'internal', 'The code could not be saved');
  return { id: row.id, code };
}

/**
 * Checks a code against the number's live codes of this purpose (and order) and uses them all;
 * wrong codes are counted per number and address and per number (429 once over). 400 when wrong.
 */
export async function usePhoneCode(
  app: FastifyInstance,
  ctx: MarketContext,
  purpose: PhoneCodePurpose,
  phone: string,
  orderId: number | null,
  code: string,
  address: string,
): Promise<void> {
  const now = app.now();
  const rules: CounterRule[] = [
    {
      key: `phoneCodeCheck:${purpose}:${phone}:${address}`,
      limit: app.limits.phoneCodeFailuresPerAddress,
    },
    { key: `phoneCodeCheck:${purpose}:${phone}`, limit: app.limits.phoneCodeFailuresPerNumber },
  ];
  const taken = await takeAttempt(ctx.db, rules, now);
  if (!taken.ok) throw tooMany(taken.retryAfterS);
  const live = and(
    eq(phoneCodes.purpose, purpose),
    eq(phoneCodes.phone, phone),
    orderId === null ? isNull(phoneCodes.orderId) : eq(phoneCodes.orderId, orderId),
    isNull(phoneCodes.usedAt),
    gt(phoneCodes.expiresAt, new Date(now)),
  );
  const ok = await ctx.db.transaction(async (tx) => {
    const codes = await tx.select().from(phoneCodes).where(live).for('update');
    if (!codes.some((c) => c.codeHash === codeHash(purpose, phone, code))) return false;
    await tx
      .update(phoneCodes)
      .set({ usedAt: new Date(now) })
      .where(live);
    return true;
  });
  if (!ok) {
    throw new HttpError(400, 'invalid_token', 'The code is wrong or has expired', {
      code: 'register.codeInvalid',
    });
  }
  await giveBack(ctx.db, rules);
}
