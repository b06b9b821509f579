// Password recovery: an 8-digit code by SMS, stored hashed, valid one hour. Guessing is bounded
// per phone and address (services/account-guard.ts); a code asked for later does not void an
// earlier one, so nobody can keep the owner's code from working by asking for new ones.
import { and, eq, gt, isNull } from 'drizzle-orm';
import { APP_LANGUAGE_OF, RECOVERY_TOKEN_VALIDITY_MS, type Language } from '@jono/contract';
import type { MarketContext } from '../context';
import { customers, recoveryCodes } from '../db/schema';
import { numericCode, sha256 } from '../lib/tokens';
import { HttpError } from '../lib/http-error';
import { DEADLINE_MS, enqueue } from './outbox';
import { smsText } from './sms-texts';

const codeHash = (customerId: number, code: string) => sha256(`${customerId}:${code}`);
const live = (customerId: number, now: number) =>
  and(
    eq(recoveryCodes.customerId, customerId),
    isNull(recoveryCodes.usedAt),
    gt(recoveryCodes.expiresAt, new Date(now)),
  );

/**
 * `language`: the one the customer asks in (the app's), else the SMS uses their saved one. The
 * code and its SMS are written in one transaction; the caller kicks the outbox worker.
 */
export async function requestRecoveryCode(
  ctx: MarketContext,
  phone: string,
  address: string,
  now: number,
  language: Language | null = null,
): Promise<'sent' | 'unknown'> {
  const [row] = await ctx.db.select().from(customers).where(eq(customers.phone, phone));
  if (!row) return 'unknown';
  const code = numericCode();
  await ctx.db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(recoveryCodes)
      .values({
        customerId: row.id,
        codeHash: codeHash(row.id, code),
        requestedFrom: address,
        expiresAt: new Date(now + RECOVERY_TOKEN_VALIDITY_MS),
      })
      .returning({ id: recoveryCodes.id });
    if (!saved) throw new HttpError(500, 'internal', 'The code could not be saved');
    await enqueue(
      tx,
      [
        {
          key: `recovery:${saved.id}`,
          channel: 'sms',
          purpose: 'recovery',
          recipient: phone,
          body: smsText(language ? APP_LANGUAGE_OF[language] : row.appLanguage, 'recovery', {
            code,
          }),
          customerId: row.id,
          deadline: now + DEADLINE_MS.recovery,
        },
      ],
      now,
    );
  });
  return 'sent';
}

/** A live code of this phone was asked for from this address (its checks are the owner's). */
export async function codeRequestedFrom(
  ctx: MarketContext,
  phone: string,
  address: string,
  now: number,
): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: recoveryCodes.id })
    .from(recoveryCodes)
    .innerJoin(customers, eq(customers.id, recoveryCodes.customerId))
    .where(
      and(
        eq(customers.phone, phone),
        eq(recoveryCodes.requestedFrom, address),
        isNull(recoveryCodes.usedAt),
        gt(recoveryCodes.expiresAt, new Date(now)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Checks a code against the phone's live codes (only those asked for from `onlyFrom` when given);
 * answers the customer id and uses every live code.
 */
export async function checkRecoveryCode(
  ctx: MarketContext,
  phone: string,
  code: string,
  now: number,
  onlyFrom?: string,
): Promise<number> {
  const verdict = await ctx.db.transaction(async (tx) => {
    const [customer] = await tx.select().from(customers).where(eq(customers.phone, phone));
    if (!customer) return undefined;
    const codes = await tx.select().from(recoveryCodes).where(live(customer.id, now)).for('update');
    const candidates = onlyFrom ? codes.filter((c) => c.requestedFrom === onlyFrom) : codes;
    if (!candidates.some((c) => c.codeHash === codeHash(customer.id, code))) return undefined;
    await tx
      .update(recoveryCodes)
      .set({ usedAt: new Date(now) })
      .where(live(customer.id, now));
    return customer.id;
  });
  if (verdict === undefined) {
    throw new HttpError(400, 'invalid_token', 'The code is wrong or has expired', {
      token: 'recovery.tokenInvalid',
    });
  }
  return verdict;
}
