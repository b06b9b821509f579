// GET /pobs/{id}/ (public): the shop's catalogue, opening hours and details as customers see them;
// the walk-in form and the manager screens start from it. It is asked for in the console's
// language (Accept-Language), and asked again when staff choose another one.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { pobSchema, type Language, type Market } from '@jono/contract';
import { apiRequest } from './api-client';
import { useLanguage } from './i18n';
import { queryKeys } from './query-keys';
import { useSession } from './session';

export function shopQueryOptions(market: Market, pobId: number, language: Language) {
  return queryOptions({
    queryKey: queryKeys.shopIn(market, pobId, language),
    queryFn: ({ signal }) => apiRequest(`/pobs/${pobId}/`, { schema: pobSchema, signal }),
    staleTime: 30_000,
  });
}

export function useShop() {
  const session = useSession();
  const language = useLanguage();
  return useQuery({
    ...shopQueryOptions(session?.market ?? 'fi', session?.staff.pob_id ?? 0, language),
    enabled: session !== null,
  });
}
