// GET /pobs/{id}/: one shop with its service catalogue; refreshed every 30 s while visible.
import { marketOfLocale, SHOP_LIST_CACHE_MS, SHOP_REFRESH_MS, type Market } from '@jono/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readLive } from '@jono/ui';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { shopAnswer } from '../../../lib/shop-answer-guards';
import { useLocale } from '../../../lib/locale-store';
import { queryKeys } from '../../../lib/query-keys';

export const getShop = (id: number, signal?: AbortSignal) =>
  apiRequest(`/pobs/${id}/`, { schema: shopAnswer, signal, auth: false });

export const shopQueryOptions = (market: Market, id: number) =>
  queryOptions({
    queryKey: queryKeys.shop(market, id),
    // The shop's live messages that crossed this answer on the way are applied to it (live-cache).
    queryFn: ({ client, queryKey, signal }) =>
      readLive(client, queryKey, () => getShop(id, signal)),
    refetchInterval: SHOP_REFRESH_MS,
    // The list's 5 s fetch cache: a page opened from a link right after main.tsx's early fetch
    // does not ask for the same shop again when it mounts (live events keep it current after).
    staleTime: SHOP_LIST_CACHE_MS,
    // An unknown shop (4xx) is not retried: the page sends the customer home at once.
    retry: (count, error) =>
      count < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
  });

export function useShop(id: number | null) {
  const market = marketOfLocale(useLocale());
  return useQuery({ ...shopQueryOptions(market, id ?? 0), enabled: id !== null });
}
