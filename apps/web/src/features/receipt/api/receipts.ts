// GET /customers/{id}/receipts/: the customer's receipts.
import { marketOfLocale, receiptListSchema } from '@jono/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useLocale } from '../../../lib/locale-store';
import { queryKeys } from '../../../lib/query-keys';
import { useCustomerId } from '../../../lib/session-store';

export function useReceipts() {
  const customerId = useCustomerId();
  const market = marketOfLocale(useLocale());
  return useQuery({
    queryKey: [...queryKeys.profile(market, customerId ?? 0), 'receipts'],
    queryFn: ({ signal }) =>
      apiRequest(`/customers/${customerId ?? 0}/receipts/`, { schema: receiptListSchema, signal }),
    enabled: customerId !== null,
  });
}
