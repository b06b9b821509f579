// The chain operator manages each market's operator accounts: lists, creates and removes them and
// sets a new password (which ends the account's sessions: its token version moves). Only an
// operator covering more than one market (the chain operator) may; a market operator, staff and
// customers get 403. A market operator's row lives in its market's schema with `markets` = that
// market only; the chain operator's own row is never one of them.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CreateOperatorAccount, Market, OperatorAccount } from '@jono/contract';
import type { MarketContext } from '../context';
import { operators } from '../db/schema';
import { HttpError, forbidden, notFound } from '../lib/http-error';
import { hashPassword } from '../lib/passwords';
import { operatorCaller, type OperatorCaller, type OperatorRow } from './operator-auth';

/** The chain operator: an operator account covering more than one market. */
export const isChainOperator = (row: Pick<OperatorRow, 'markets'>) => row.markets.length > 1;

/** The caller if it is the chain operator covering `market`; 403 for anyone else. */
export async function chainCaller(
  request: FastifyRequest,
  market: Market,
): Promise<OperatorCaller> {
  const caller = await operatorCaller(request, market);
  if (!isChainOperator(caller.row)) throw forbidden();
  return caller;
}

/** Only the market's own operators: the one-market rows of its schema. */
const ofMarket = (market: Market) => sql`${operators.markets} = array[${market}]::text[]`;

const view = (row: OperatorRow): OperatorAccount => ({
  id: row.id,
  username: row.username,
  name: row.name,
});

export async function listAccounts(ctx: MarketContext): Promise<OperatorAccount[]> {
  const rows = await ctx.db
    .select()
    .from(operators)
    .where(ofMarket(ctx.market))
    .orderBy(asc(operators.username));
  return rows.map(view);
}

/** 409 when the username is taken in any market served here (sign-in looks across them). */
export async function createAccount(
  app: Pick<FastifyInstance, 'markets'>,
  ctx: MarketContext,
  body: CreateOperatorAccount,
): Promise<OperatorAccount> {
  for (const other of app.markets.values()) {
    const [taken] = await other.db
      .select({ id: operators.id })
      .from(operators)
      .where(eq(operators.username, body.username));
    if (taken) throw new HttpError(409, 'conflict', 'That username is taken');
  }
  const [row] = await ctx.db
    .insert(operators)
    .values({
      username: body.username,
      name: body.name,
      markets: [ctx.market],
      passwordHash: await hashPassword(body.password),
    })
    .onConflictDoNothing({ target: operators.username })
    .returning();
  if (!row) throw new HttpError(409, 'conflict', 'That username is taken');
  return view(row);
}

/** Removes a market operator; its sessions end with the row (the session check finds none). */
export async function removeAccount(ctx: MarketContext, id: number): Promise<void> {
  const rows = await ctx.db
    .delete(operators)
    .where(and(eq(operators.id, id), ofMarket(ctx.market)))
    .returning({ id: operators.id });
  if (rows.length === 0) throw notFound('Operator not found');
}

/** A new password; the account's open sessions end (its token version moves on). */
export async function resetPassword(ctx: MarketContext, id: number, password: string) {
  const rows = await ctx.db
    .update(operators)
    .set({
      passwordHash: await hashPassword(password),
      tokenVersion: sql`${operators.tokenVersion} + 1`,
    })
    .where(and(eq(operators.id, id), ofMarket(ctx.market)))
    .returning({ id: operators.id });
  if (rows.length === 0) throw notFound('Operator not found');
}
