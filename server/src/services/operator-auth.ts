// Operators' sessions (docs/decisions/009-operators-across-market-schemas.md): an operator signs in
// at the staff console's login of any market it covers; its account lives in one market's schema
// (its home), the token says which and lists the markets it may read. Every operator route checks
// the token, that the market asked for is one of them, and that the account still exists with
// this session (no new password since).
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  MARKETS,
  SERVER_TEXT,
  STAFF_TOKEN_TTL_S,
  type Market,
  type Operator,
} from '@jono/contract';
import type { MarketContext } from '../context';
import { operators } from '../db/schema';
import { bearer } from '../lib/auth';
import { HttpError, forbidden, unauthorized } from '../lib/http-error';
import type { TokenService } from '../lib/tokens';

export type OperatorRow = typeof operators.$inferSelect;

export const operatorSession = (row: Pick<OperatorRow, 'tokenVersion'>) =>
  `operator:${row.tokenVersion}`;

const marketsOf = (row: OperatorRow): Market[] =>
  row.markets.filter((m): m is Market => (MARKETS as readonly string[]).includes(m));

export function operatorView(row: OperatorRow): Operator {
  return { id: row.id, name: row.name, username: row.username, markets: marketsOf(row) };
}

/**
 * The operator account `username` that may sign in at `market`: its own market's row first, then
 * a chain operator of another market served here whose markets include this one. Answers the row
 * and the context of the schema it lives in.
 */
export async function findOperator(
  app: Pick<FastifyInstance, 'markets'>,
  market: Market,
  username: string,
): Promise<{ row: OperatorRow; home: MarketContext } | undefined> {
  const own = app.markets.get(market);
  const order = [own, ...[...app.markets.values()].filter((c) => c !== own)];
  for (const ctx of order) {
    if (!ctx) continue;
    const [row] = await ctx.db.select().from(operators).where(eq(operators.username, username));
    if (row && row.markets.includes(market)) return { row, home: ctx };
    // Another market's operator that does not cover this one: stop looking (names are per schema).
    if (row) return undefined;
  }
  return undefined;
}

/** Signs in a found operator row whose password is right. */
export async function operatorToken(tokens: TokenService, home: MarketContext, row: OperatorRow) {
  const operator = operatorView(row);
  const access_token = await tokens.signAccess(
    {
      sub: String(row.id),
      market: home.market,
      kind: 'operator',
      markets: operator.markets,
      fam: operatorSession(row),
    },
    STAFF_TOKEN_TTL_S,
  );
  return { access_token, expires_in: STAFF_TOKEN_TTL_S, operator };
}

export interface OperatorCaller {
  operator: Operator;
  row: OperatorRow;
  home: MarketContext;
  /** When the caller's access token expires (ms since the epoch). */
  tokenExpiresAt: number | undefined;
}

const callers = new WeakMap<FastifyRequest, Promise<OperatorCaller>>();

/**
 * 401 without a valid operator session; 403 for any other kind of token (customer, barber,
 * manager, device) and for a market the operator does not cover.
 */
export async function operatorCaller(
  request: FastifyRequest,
  market: Market,
): Promise<OperatorCaller> {
  let caller = callers.get(request);
  if (!caller) {
    caller = loadCaller(request, market);
    callers.set(request, caller);
  }
  return caller;
}

async function loadCaller(request: FastifyRequest, market: Market): Promise<OperatorCaller> {
  const token = bearer(request);
  if (!token) throw unauthorized();
  const claims = await request.server.tokens.verifyAccess(token);
  if (claims === 'expired') throw new HttpError(401, 'token_expired', SERVER_TEXT.sessionClosed);
  if (claims === 'invalid') throw unauthorized('Invalid token');
  if (claims.kind !== 'operator' || !Array.isArray(claims.markets)) throw forbidden();
  if (!claims.markets.includes(market)) throw forbidden();
  const home = request.server.markets.get(claims.market);
  if (!home) throw new HttpError(401, 'unauthorized', 'Log in again');
  const [row] = await home.db
    .select()
    .from(operators)
    .where(eq(operators.id, Number(claims.sub)));
  if (!row || claims.fam !== operatorSession(row) || !row.markets.includes(market)) {
    throw new HttpError(401, 'unauthorized', 'Log in again');
  }
  return {
    operator: operatorView(row),
    row,
    home,
    tokenExpiresAt: claims.exp === undefined ? undefined : claims.exp * 1000,
  };
}
