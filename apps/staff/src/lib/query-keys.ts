// Query keys of server data, from one factory so invalidation never misses a spelling.
import type { Language, Market } from '@jono/contract';

export const queryKeys = {
  queue: (market: Market, pobId: number) => ['staff-queue', market, pobId] as const,
  shop: (market: Market, pobId: number) => ['shop', market, pobId] as const,
  /** The shop's catalogue in the console's language (invalidated with `shop`, its prefix). */
  shopIn: (market: Market, pobId: number, language: Language) =>
    ['shop', market, pobId, language] as const,
  services: (market: Market, pobId: number) => ['staff-services', market, pobId] as const,
  accounts: (market: Market, pobId: number) => ['staff-accounts', market, pobId] as const,
  devices: (market: Market, pobId: number) => ['staff-devices', market, pobId] as const,
  /** The manager's barbers (GET /staff/barbers/). */
  barbers: (market: Market, pobId: number) => ['staff-barbers', market, pobId] as const,
  /** Who works on a day (GET /staff/rota/?date=). */
  rota: (market: Market, pobId: number, date: string) =>
    ['staff-rota', market, pobId, date] as const,
  alertDefault: (market: Market, pobId: number) => ['staff-alert-default', market, pobId] as const,
  summary: (market: Market, pobId: number, date: string) =>
    ['staff-summary', market, pobId, date] as const,
};
