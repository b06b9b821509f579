// POST /customers/{id}/orders/{orderId}/travel/: how far away the customer is (a position once,
// or "N minutes away"), for the leave-now alert. Answers the order, which replaces the cached one.
import { marketOfLocale, orderSchema, type TravelPayload } from '@jono/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useLocaleStore } from '../../../lib/locale-store';
import { queryKeys } from '../../../lib/query-keys';
import { useSessionStore } from '../../../lib/session-store';

export function useShareTravel(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (travel: TravelPayload) => {
      const customerId = useSessionStore.getState().session?.customerId;
      if (customerId === undefined) throw new Error('No session');
      return apiRequest(`/customers/${customerId}/orders/${orderId}/travel/`, {
        method: 'POST',
        body: travel,
        schema: orderSchema,
      });
    },
    onSuccess: (order) => {
      const customerId = useSessionStore.getState().session?.customerId;
      if (customerId === undefined) return;
      const market = marketOfLocale(useLocaleStore.getState().locale);
      queryClient.setQueryData(queryKeys.order(market, customerId, orderId), order);
    },
  });
}
