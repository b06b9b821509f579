// GET /pobs/{id}/: one shop with its service catalogue; refreshed every 30 s while visible.
import { marketOfLocale, pobSchema, SHOP_REFRESH_MS, type Market } from '@jono/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useLocale } from '../../../lib/locale-store';
import { queryKeys } from '../../../lib/query-keys';

export const getShop = (id: number, signal?: AbortSignal) =>
  apiRequest(`/pobs/${id}/`, { schema: pobSchema, signal, auth: false });

export const shopQueryOptions = (market: Market, id: number) =>
  queryOptions({
    queryKey: queryKeys.shop(market, id),
    queryFn: ({ signal }) => getShop(id, signal),
    refetchInterval: SHOP_REFRESH_MS,
    retry: 1,
  });

export function useShop(id: number | null) {
  const market = marketOfLocale(useLocale());
  return useQuery({ ...shopQueryOptions(market, id ?? 0), enabled: id !== null });
}
