// Query keys of server data, from one factory so invalidation never misses a spelling.
import type { Market } from '@jono/contract';

export const queryKeys = {
  config: (market: Market) => ['config', market] as const,
  shops: (market: Market) => ['shops', market] as const,
  shop: (market: Market, id: number) => ['shops', market, id] as const,
  profile: (market: Market, customerId: number) => ['profile', market, customerId] as const,
  order: (market: Market, customerId: number, orderId: number) =>
    ['orders', market, customerId, orderId] as const,
};
