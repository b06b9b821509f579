// GET /pobs/: every shop of the market with its estimates; refreshed every 30 s, 5 s cache.
// Checked by hand, not with zod, to keep zod off /home.
import {
  marketOfLocale,
  SHOP_LIST_CACHE_MS,
  SHOP_LIST_REFRESH_MS,
  type Market,
} from '@jono/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { shopListAnswer } from '../../../lib/answer-guards';
import { useLocale } from '../../../lib/locale-store';
import { queryKeys } from '../../../lib/query-keys';

export const getShops = (signal?: AbortSignal) =>
  apiRequest('/pobs/', { schema: shopListAnswer, signal, auth: false });

export const shopsQueryOptions = (market: Market) =>
  queryOptions({
    queryKey: queryKeys.shops(market),
    queryFn: ({ signal }) => getShops(signal),
    staleTime: SHOP_LIST_CACHE_MS,
    refetchInterval: SHOP_LIST_REFRESH_MS,
  });

export function useShops() {
  return useQuery(shopsQueryOptions(marketOfLocale(useLocale())));
}
