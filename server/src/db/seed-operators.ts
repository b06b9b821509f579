// Demo operators: `operator-{market}` in every market's schema, and the chain operator `operator`
// in the first market's (fi), covering every market (docs/decisions/009-...).
import { MARKETS, MARKET_INFO, type Market } from '@jono/contract';
import type { Tx } from './client';
import { operators } from './schema';

/** The market whose schema holds the chain operator's account. */
export const CHAIN_OPERATOR_HOME: Market = MARKETS[0];

export async function seedOperators(tx: Tx, market: Market, passwordHash: string): Promise<void> {
  await tx.insert(operators).values([
    {
      username: `operator-${market}`,
      name: `Operator ${MARKET_INFO[market].country}`,
      markets: [market],
      passwordHash,
    },
    ...(market === CHAIN_OPERATOR_HOME
      ? [
          {
            username: 'operator',
            name: 'Chain operator',
            markets: [market, ...MARKETS.filter((m) => m !== market)],
            passwordHash,
          },
        ]
      : []),
  ]);
}
