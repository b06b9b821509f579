// Staff sessions: login with username and password, and the check every staff route makes (the
// account still exists, works at the token's shop, and the token predates no password change).
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { STAFF_TOKEN_TTL_S, type Market, type StaffMember } from '@jono/contract';
import type { MarketContext } from '../context';
import { operators, staff } from '../db/schema';
import { requireStaff } from '../lib/auth';
import { HttpError, forbidden } from '../lib/http-error';
import { DUMMY_HASH, checkPassword, upgradedHash } from '../lib/passwords';
import type { TokenService } from '../lib/tokens';
import { findOperator, operatorToken } from './operator-auth';

export type StaffRow = typeof staff.$inferSelect;

/**
 * A staff session: the token's `fam` claim carries the account's token version. A new password or
 * role bumps it, which ends every session of the account (and removal ends them too).
 */
export const staffSession = (row: Pick<StaffRow, 'tokenVersion'>) => `staff:${row.tokenVersion}`;

export function staffView(row: StaffRow): StaffMember {
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    role: row.role === 'manager' ? 'manager' : 'barber',
    pob_id: row.pobId,
  };
}

/**
 * Signs in a staff member of this market or, when no staff account has the name, an operator
 * covering this market (services/operator-auth.ts): one password check either way.
 */
export async function consoleLogin(
  app: Pick<FastifyInstance, 'markets'>,
  ctx: MarketContext,
  tokens: TokenService,
  username: string,
  password: string,
) {
  const [row] = await ctx.db.select().from(staff).where(eq(staff.username, username));
  if (!row) {
    const found = await findOperator(app, ctx.market, username);
    const { ok, rehash } = await checkPassword(password, found?.row.passwordHash ?? DUMMY_HASH);
    if (!found || !ok) {
      throw new HttpError(401, 'invalid_credentials', 'Check the username and password');
    }
    if (rehash) {
      await found.home.db
        .update(operators)
        .set({ passwordHash: upgradedHash(operators.passwordHash, found.row, rehash) })
        .where(eq(operators.id, found.row.id));
    }
    return operatorToken(tokens, found.home, found.row);
  }
  return staffLogin(ctx, tokens, row, password);
}

async function staffLogin(
  ctx: MarketContext,
  tokens: TokenService,
  row: StaffRow,
  password: string,
) {
  const { ok, rehash } = await checkPassword(password, row.passwordHash);
  if (!ok) {
    throw new HttpError(401, 'invalid_credentials', 'Check the username and password');
  }
  if (rehash) {
    await ctx.db
      .update(staff)
      .set({ passwordHash: upgradedHash(staff.passwordHash, row, rehash) })
      .where(eq(staff.id, row.id));
  }
  const member = staffView(row);
  const access_token = await tokens.signAccess(
    {
      sub: String(row.id),
      market: ctx.market,
      kind: 'staff',
      pob: row.pobId,
      role: member.role,
      fam: staffSession(row),
    },
    STAFF_TOKEN_TTL_S,
  );
  return { access_token, expires_in: STAFF_TOKEN_TTL_S, staff: member };
}

export interface StaffCaller {
  member: StaffMember;
  row: StaffRow;
  pobId: number;
  /** When the caller's access token expires (ms since the epoch). */
  tokenExpiresAt: number | undefined;
}

/** Each request's caller, looked up once (the route-auth hook and the handler both ask). */
const callers = new WeakMap<FastifyRequest, Promise<StaffCaller>>();

/** 401 without a valid staff session, 403 for a barber on a manager route. */
export async function staffCaller(
  request: FastifyRequest,
  ctx: MarketContext,
  market: Market,
  opts: { manager?: boolean } = {},
): Promise<StaffCaller> {
  let caller = callers.get(request);
  if (!caller) {
    caller = loadCaller(request, ctx, market);
    callers.set(request, caller);
  }
  const found = await caller;
  if (opts.manager && found.member.role !== 'manager') throw forbidden();
  return found;
}

async function loadCaller(
  request: FastifyRequest,
  ctx: MarketContext,
  market: Market,
): Promise<StaffCaller> {
  const claims = await requireStaff(request, market);
  const [row] = await ctx.db
    .select()
    .from(staff)
    .where(eq(staff.id, Number(claims.sub)));
  if (!row || row.pobId !== claims.pob || claims.fam !== staffSession(row)) {
    throw new HttpError(401, 'unauthorized', 'Log in again');
  }
  const member = staffView(row);
  return {
    member,
    row,
    pobId: row.pobId,
    tokenExpiresAt: claims.exp === undefined ? undefined : claims.exp * 1000,
  };
}
