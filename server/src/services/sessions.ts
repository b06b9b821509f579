// Sessions: access tokens and rotating refresh tokens with reuse detection (a refresh token used
// twice revokes its whole family), logout, and revoking other sessions on a password change.
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { REFRESH_TOKEN_TTL_S } from '@jono/contract';
import type { MarketContext } from '../context';
import type { TokenService } from '../lib/tokens';
import { opaqueToken, sha256 } from '../lib/tokens';
import { HttpError } from '../lib/http-error';
import { refreshTokens } from '../db/schema';
import type { Db, Tx } from '../db/client';
import type { Revocation } from './revocation';

export interface Session {
  customer_id: number;
  access_token: string;
  refresh_token: string;
}

export async function issueSession(
  ctx: MarketContext,
  tokens: TokenService,
  customerId: number,
  now: number,
  family: string = randomUUID(),
): Promise<Session> {
  const refresh = await storeRefreshToken(ctx.db, customerId, family, now);
  return sessionOf(ctx, tokens, customerId, family, refresh);
}

/** Stores a new refresh token of `family` (inside the caller's transaction when given one). */
async function storeRefreshToken(
  db: Db | Tx,
  customerId: number,
  family: string,
  now: number,
): Promise<string> {
  const refresh = opaqueToken();
  await db.insert(refreshTokens).values({
    customerId,
    tokenHash: sha256(refresh),
    family,
    expiresAt: new Date(now + REFRESH_TOKEN_TTL_S * 1000),
  });
  return refresh;
}

async function sessionOf(
  ctx: MarketContext,
  tokens: TokenService,
  customerId: number,
  family: string,
  refresh: string,
): Promise<Session> {
  const access = await tokens.signAccess({
    sub: String(customerId),
    market: ctx.market,
    kind: 'customer',
    fam: family,
  });
  return { customer_id: customerId, access_token: access, refresh_token: refresh };
}

const invalidRefresh = () =>
  new HttpError(401, 'token_expired', 'Log in again. The session has been closed');

export async function rotateSession(
  ctx: MarketContext,
  tokens: TokenService,
  refresh: string,
  now: number,
  /** Called with the family a reused token revoked (its live streams end). */
  onReuse: (revoked: Revocation) => Promise<void>,
): Promise<Session> {
  const hash = sha256(refresh);
  const claimed = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hash))
      .for('update');
    if (!row) return { kind: 'unknown' as const };
    if (row.revokedAt || row.expiresAt.getTime() <= now) return { kind: 'dead' as const };
    if (row.usedAt) {
      // Reuse of a rotated token: somebody holds a copy. Revoke the whole family.
      await tx
        .update(refreshTokens)
        .set({ revokedAt: new Date(now) })
        .where(and(eq(refreshTokens.family, row.family), isNull(refreshTokens.revokedAt)));
      return { kind: 'reused' as const, row };
    }
    await tx
      .update(refreshTokens)
      .set({ usedAt: new Date(now) })
      .where(eq(refreshTokens.id, row.id));
    // The successor is stored in the same transaction: a concurrent reuse waits on the row lock
    // and its revocation of the family then covers the successor too (it never outlives it).
    const refresh = await storeRefreshToken(tx, row.customerId, row.family, now);
    return { kind: 'ok' as const, row, refresh };
  });
  if (claimed.kind === 'reused') {
    await onReuse({
      kind: 'customer',
      customerId: claimed.row.customerId,
      session: claimed.row.family,
    });
  }
  if (claimed.kind !== 'ok') throw invalidRefresh();
  return sessionOf(ctx, tokens, claimed.row.customerId, claimed.row.family, claimed.refresh);
}

export async function revokeFamily(ctx: MarketContext, family: string, now: number): Promise<void> {
  await ctx.db
    .update(refreshTokens)
    .set({ revokedAt: new Date(now) })
    .where(and(eq(refreshTokens.family, family), isNull(refreshTokens.revokedAt)));
}

/** Revokes every session of a customer except `keepFamily` (the one changing the password). */
export async function revokeOtherSessions(
  ctx: MarketContext,
  customerId: number,
  keepFamily: string | undefined,
  now: number,
): Promise<void> {
  const where = keepFamily
    ? and(
        eq(refreshTokens.customerId, customerId),
        ne(refreshTokens.family, keepFamily),
        isNull(refreshTokens.revokedAt),
      )
    : and(eq(refreshTokens.customerId, customerId), isNull(refreshTokens.revokedAt));
  await ctx.db
    .update(refreshTokens)
    .set({ revokedAt: new Date(now) })
    .where(where);
}
