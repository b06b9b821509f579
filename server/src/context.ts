// What every route reaches through the app: per-market databases and services, tokens, config.
import type { Market, MarketInfo } from '@jono/contract';
import type { Db, MarketDb } from './db/client';
import type { DevSmsSender, SmsProvider } from './services/sms';
import type { StreamTickets, TokenService } from './lib/tokens';
import type { Env } from './config/env';
import type { RateLimitSettings } from './services/rate-limit-rules';

export interface MarketContext {
  market: Market;
  info: MarketInfo;
  store: MarketDb;
  db: Db;
  /** The SMS provider: only the outbox worker sends; the webhooks read its reports and replies. */
  sms: SmsProvider;
  /** Development SMS outbox; undefined in production or with a real provider. */
  devOutbox?: DevSmsSender;
}

declare module 'fastify' {
  interface FastifyInstance {
    env: Env;
    markets: Map<Market, MarketContext>;
    tokens: TokenService;
    /** Stream tickets for `?ticket=` on the event streams (lib/tokens.ts). */
    streamTickets: StreamTickets;
    now: () => number;
    limits: RateLimitSettings;
  }
}
