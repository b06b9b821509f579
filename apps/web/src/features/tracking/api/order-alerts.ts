// PUT /customers/{id}/orders/{orderId}/alerts/: when and how the customer is told their turn is near.
import { orderSchema, type OrderAlerts } from '@jono/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session-store';

export function useOrderAlerts(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (alerts: OrderAlerts) => {
      const customerId = useSessionStore.getState().session?.customerId;
      if (customerId === undefined) throw new Error('No session');
      return apiRequest(`/customers/${customerId}/orders/${orderId}/alerts/`, {
        method: 'PUT',
        body: alerts,
        schema: orderSchema,
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
}
