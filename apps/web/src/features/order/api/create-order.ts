// POST /customers/{id}/orders/: joins the shop's queue; answers the new order's id.
import type { CreateOrderPayload } from '@jono/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { createOrderAnswer } from '../../../lib/shop-answer-guards';

export const createOrder = (customerId: number, payload: CreateOrderPayload) =>
  apiRequest(`/customers/${customerId}/orders/`, {
    method: 'POST',
    body: payload,
    schema: createOrderAnswer,
  });

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ customerId, payload }: { customerId: number; payload: CreateOrderPayload }) =>
      createOrder(customerId, payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['profile'] }),
  });
}
