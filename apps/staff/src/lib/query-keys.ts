// Query keys of server data, from one factory so invalidation never misses a spelling.
import type { Market } from '@jono/contract';

export const queryKeys = {
  queue: (market: Market, pobId: number) => ['staff-queue', market, pobId] as const,
  shop: (market: Market, pobId: number) => ['shop', market, pobId] as const,
  services: (market: Market, pobId: number) => ['staff-services', market, pobId] as const,
  accounts: (market: Market, pobId: number) => ['staff-accounts', market, pobId] as const,
  devices: (market: Market, pobId: number) => ['staff-devices', market, pobId] as const,
  summary: (market: Market, pobId: number, date: string) =>
    ['staff-summary', market, pobId, date] as const,
};
