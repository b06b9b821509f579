// Password recovery: a 6-digit code by SMS, stored hashed, valid one hour, at most 5 tries.
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { RECOVERY_MAX_ATTEMPTS, RECOVERY_TOKEN_VALIDITY_MS } from '@jono/contract';
import type { MarketContext } from '../context';
import { customers, recoveryCodes } from '../db/schema';
import { numericCode, sha256 } from '../lib/tokens';
import { HttpError } from '../lib/http-error';
import { smsText } from './sms-texts';

export async function requestRecoveryCode(
  ctx: MarketContext,
  phone: string,
  now: number,
  log: FastifyBaseLogger,
): Promise<void> {
  const [row] = await ctx.db.select().from(customers).where(eq(customers.phone, phone));
  if (!row) return;
  const code = numericCode();
  await ctx.db.transaction(async (tx) => {
    // A new code replaces any earlier one.
    await tx
      .update(recoveryCodes)
      .set({ usedAt: new Date(now) })
      .where(and(eq(recoveryCodes.customerId, row.id), isNull(recoveryCodes.usedAt)));
    await tx.insert(recoveryCodes).values({
      customerId: row.id,
      codeHash: sha256(`${row.id}:${code}`),
      expiresAt: new Date(now + RECOVERY_TOKEN_VALIDITY_MS),
    });
  });
  try {
    await ctx.sms.send({ to: phone, text: smsText(row.appLanguage, 'recovery', { code }) });
  } catch (err) {
    log.error({ err }, 'recovery SMS could not be sent');
    throw new HttpError(502, 'internal', 'The SMS could not be sent. Try again later.');
  }
}

/** Checks a code; answers the customer id and marks the code used. Wrong tries count. */
export async function checkRecoveryCode(
  ctx: MarketContext,
  phone: string,
  code: string,
  now: number,
): Promise<number> {
  // The transaction answers a verdict instead of throwing, so that a wrong try is committed.
  const verdict = await ctx.db.transaction(async (tx) => {
    const [customer] = await tx.select().from(customers).where(eq(customers.phone, phone));
    if (!customer) return 'invalid' as const;
    const [rec] = await tx
      .select()
      .from(recoveryCodes)
      .where(
        and(
          eq(recoveryCodes.customerId, customer.id),
          isNull(recoveryCodes.usedAt),
          gt(recoveryCodes.expiresAt, new Date(now)),
        ),
      )
      .orderBy(desc(recoveryCodes.createdAt))
      .limit(1)
      .for('update');
    if (!rec) return 'invalid' as const;
    if (rec.attempts >= RECOVERY_MAX_ATTEMPTS) return 'locked' as const;
    if (rec.codeHash !== sha256(`${customer.id}:${code}`)) {
      await tx
        .update(recoveryCodes)
        .set({ attempts: rec.attempts + 1 })
        .where(eq(recoveryCodes.id, rec.id));
      return 'invalid' as const;
    }
    await tx
      .update(recoveryCodes)
      .set({ usedAt: new Date(now) })
      .where(eq(recoveryCodes.id, rec.id));
    return customer.id;
  });
  if (verdict === 'locked') {
    throw new HttpError(429, 'too_many_attempts', 'Too many wrong codes. Request a new code.', {
      token: 'recovery.tooManyAttempts',
    });
  }
  if (verdict === 'invalid') {
    throw new HttpError(400, 'invalid_token', 'The code is wrong or has expired', {
      token: 'recovery.tokenInvalid',
    });
  }
  return verdict;
}
