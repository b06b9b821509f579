// PATCH /customers/{id}/orders/{orderId}/: check in ({customer_at_pob: true}) or leave ({cancel: true}).
import type { PatchOrderPayload } from '@jono/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session-store';

export const updateOrder = (customerId: number, orderId: number, payload: PatchOrderPayload) =>
  apiRequest(`/customers/${customerId}/orders/${orderId}/`, { method: 'PATCH', body: payload });

export function useUpdateOrder(orderId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: PatchOrderPayload) => {
      const customerId = useSessionStore.getState().session?.customerId;
      if (customerId === undefined || orderId === null) throw new Error('No order to change');
      return updateOrder(customerId, orderId, payload);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
}
