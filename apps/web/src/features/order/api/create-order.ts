// POST /customers/{id}/orders/: joins the shop's queue; answers the new order's id.
import { createOrderAnswerSchema, type CreateOrderPayload } from '@jono/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const createOrder = (customerId: number, payload: CreateOrderPayload) =>
  apiRequest(`/customers/${customerId}/orders/`, {
    method: 'POST',
    body: payload,
    schema: createOrderAnswerSchema,
  });

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ customerId, payload }: { customerId: number; payload: CreateOrderPayload }) =>
      createOrder(customerId, payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['profile'] }),
  });
}
