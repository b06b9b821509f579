// POST /customers/{id}/orders/{orderId}/rejoin/: a no-show or a visit left by mistake takes its
// place back (within 10 minutes, once a day); the new order becomes the tracked one.
import { createOrderAnswerSchema } from '@jono/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useActiveOrderStore } from '../../../lib/active-order-store';
import { apiRequest } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session-store';

export function useRejoin(orderId: number, shopId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => {
      const customerId = useSessionStore.getState().session?.customerId;
      if (customerId === undefined) throw new Error('No session');
      return apiRequest(`/customers/${customerId}/orders/${orderId}/rejoin/`, {
        method: 'POST',
        body: {},
        schema: createOrderAnswerSchema,
      });
    },
    onSuccess: async ({ id }) => {
      useActiveOrderStore.getState().setOrder({ orderId: id, shopId, checkedIn: false });
      await queryClient.invalidateQueries({ queryKey: ['profile'] });
    },
  });
}
