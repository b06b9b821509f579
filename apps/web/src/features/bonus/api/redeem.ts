// POST /customers/{id}/benefits/{benefitId}/redeem/: the benefit with its redeem code.
import { benefitSchema, marketOfLocale } from '@jono/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useLocale } from '../../../lib/locale-store';
import { queryKeys } from '../../../lib/query-keys';
import { useCustomerId } from '../../../lib/session-store';

export function useRedeemBenefit() {
  const customerId = useCustomerId();
  const market = marketOfLocale(useLocale());
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (benefitId: number) =>
      apiRequest(`/customers/${customerId ?? 0}/benefits/${benefitId}/redeem/`, {
        method: 'POST',
        schema: benefitSchema,
      }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.profile(market, customerId ?? 0) }),
  });
}
