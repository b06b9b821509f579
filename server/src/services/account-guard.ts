// Per-account limits on password and recovery-code guessing that an attacker who knows only the
// phone number (or username) can neither use to guess nor to keep the owner out: failures count
// per account and address; addresses the account has never logged in from share a small daily
// allowance; an address the account has logged in from keeps an allowance of its own; a correct
// password or code does not count.
import { and, eq, gt, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { MarketContext } from '../context';
import { knownAddresses } from '../db/schema';
import { tooMany, type RateLimitSettings } from './rate-limit-rules';
import { giveBack, takeAttempt, type CounterRule } from './rate-counters';

/** How long an address stays known after the account last logged in from it. */
export const KNOWN_ADDRESS_DAYS = 90;

export type Attempt = 'login' | 'codeRequest' | 'codeCheck' | 'currentPassword';

/** `customer:{phone}` or `staff:{username}`. */
export type Identity = `customer:${string}` | `staff:${string}`;

export async function isKnownAddress(
  ctx: MarketContext,
  identity: Identity,
  address: string,
  now: number,
): Promise<boolean> {
  const [row] = await ctx.db
    .select({ address: knownAddresses.address })
    .from(knownAddresses)
    .where(
      and(
        eq(knownAddresses.identity, identity),
        eq(knownAddresses.address, address),
        gt(knownAddresses.lastSeen, new Date(now - KNOWN_ADDRESS_DAYS * 86_400_000)),
      ),
    );
  return row !== undefined;
}

/** The account logged in (or proved it holds the phone) from this address. */
export async function rememberAddress(
  ctx: MarketContext,
  identity: Identity,
  address: string,
  now: number,
): Promise<void> {
  await ctx.db
    .insert(knownAddresses)
    .values({ identity, address, lastSeen: new Date(now) })
    .onConflictDoUpdate({
      target: [knownAddresses.identity, knownAddresses.address],
      set: { lastSeen: new Date(now) },
    });
}

/** Forgets addresses the account has not used for KNOWN_ADDRESS_DAYS. */
export async function pruneKnownAddresses(ctx: MarketContext, now: number): Promise<void> {
  await ctx.db
    .delete(knownAddresses)
    .where(lt(knownAddresses.lastSeen, new Date(now - KNOWN_ADDRESS_DAYS * 86_400_000)));
}

function rulesFor(
  limits: RateLimitSettings,
  attempt: Attempt,
  identity: Identity,
  address: string,
  trusted: boolean,
): CounterRule[] {
  const here = `${attempt}:${identity}:${address}`;
  const everywhere = `${attempt}:${identity}:unknown-addresses`;
  switch (attempt) {
    case 'login':
      return trusted
        ? [
            { key: `${here}:short`, limit: limits.loginFailuresPerAddress },
            { key: `${here}:day`, limit: limits.loginFailuresPerKnownAddress },
          ]
        : [
            { key: `${here}:short`, limit: limits.loginFailuresPerAddress },
            { key: everywhere, limit: limits.loginFailuresPerAccount },
          ];
    case 'codeRequest':
      return trusted
        ? [{ key: here, limit: limits.codeRequestsPerAddress }]
        : [
            { key: here, limit: limits.codeRequestsPerAddress },
            { key: everywhere, limit: limits.codeRequestsPerAccount },
          ];
    case 'currentPassword':
      // A stolen access token does not make an address trusted: per address and per account.
      return [
        { key: `${here}:short`, limit: limits.currentPasswordFailuresPerAddress },
        { key: everywhere, limit: limits.currentPasswordFailuresPerAccount },
      ];
    case 'codeCheck':
      return trusted
        ? [{ key: here, limit: limits.codeFailuresPerAddress }]
        : [
            { key: here, limit: limits.codeFailuresPerAddress },
            { key: everywhere, limit: limits.codeFailuresPerAccount },
          ];
  }
}

export interface GuardedAttempt {
  /** The attempt succeeded: it does not count. */
  succeeded(): Promise<void>;
}

/**
 * Counts an attempt on the account before it is checked (so that parallel requests cannot run
 * past the limit); 429 when over. `trusted`: the address is known to the account, or (for a code
 * check) asked for the code; unknown addresses share one daily allowance per account.
 */
export async function guardAttempt(
  app: FastifyInstance,
  ctx: MarketContext,
  attempt: Attempt,
  identity: Identity,
  address: string,
  /** Decided by the caller; looked up in the known addresses when not given. */
  opts: { trusted?: boolean } = {},
): Promise<GuardedAttempt> {
  const now = app.now();
  const trusted = opts.trusted ?? (await isKnownAddress(ctx, identity, address, now));
  const rules = rulesFor(app.limits, attempt, identity, address, trusted);
  const taken = await takeAttempt(ctx.db, rules, now);
  if (!taken.ok) throw tooMany(taken.retryAfterS);
  return { succeeded: () => giveBack(ctx.db, rules) };
}
