// GET /customers/{id}/: the logged-in customer's profile (active order, membership priority).
// Checked by hand, not with zod: /home and the start gate load it.
import type { Market } from '@jono/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { profileAnswer } from '../../../lib/answer-guards';
import { useLocale } from '../../../lib/locale-store';
import { queryKeys } from '../../../lib/query-keys';
import { useCustomerId } from '../../../lib/session-store';
import { marketOfLocale } from '@jono/contract';

export const getProfile = (customerId: number, signal?: AbortSignal) =>
  apiRequest(`/customers/${customerId}/`, { schema: profileAnswer, signal });

export const profileQueryOptions = (market: Market, customerId: number) =>
  queryOptions({
    queryKey: queryKeys.profile(market, customerId),
    queryFn: ({ signal }) => getProfile(customerId, signal),
    staleTime: 10_000,
    retry: 1,
  });

/** The profile when logged in; disabled (no data, not loading) for a guest. */
export function useProfile() {
  const customerId = useCustomerId();
  const market = marketOfLocale(useLocale());
  return useQuery({
    ...profileQueryOptions(market, customerId ?? 0),
    enabled: customerId !== null,
  });
}
