// GET /pobs/{id}/ (public): the shop's catalogue, opening hours and details as customers see them;
// the walk-in form and the manager screens start from it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { pobSchema, type Market } from '@jono/contract';
import { apiRequest } from './api-client';
import { queryKeys } from './query-keys';
import { useSession } from './session';

export function shopQueryOptions(market: Market, pobId: number) {
  return queryOptions({
    queryKey: queryKeys.shop(market, pobId),
    queryFn: ({ signal }) => apiRequest(`/pobs/${pobId}/`, { schema: pobSchema, signal }),
    staleTime: 30_000,
  });
}

export function useShop() {
  const session = useSession();
  return useQuery({
    ...shopQueryOptions(session?.market ?? 'fi', session?.staff.pob_id ?? 0),
    enabled: session !== null,
  });
}
