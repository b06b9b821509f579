// Queries under the logged-in customer's profile key, so logging out drops them with the profile.
import { marketOfLocale } from '@jono/contract';
import { useLocale } from '../../../lib/locale-store';
import { queryKeys } from '../../../lib/query-keys';
import { useCustomerId } from '../../../lib/session-store';

export function useCustomerKey(resource: string) {
  const customerId = useCustomerId();
  const market = marketOfLocale(useLocale());
  return {
    customerId,
    queryKey: [...queryKeys.profile(market, customerId ?? 0), resource] as const,
  };
}
