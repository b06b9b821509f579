// GET /customers/{id}/messages/ and POST .../messages/{messageId}/read/.
import { messageListSchema } from '@jono/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useCustomerKey } from './customer-query';

export function useMessages() {
  const { customerId, queryKey } = useCustomerKey('messages');
  return useQuery({
    queryKey,
    queryFn: ({ signal }) =>
      apiRequest(`/customers/${customerId ?? 0}/messages/`, { schema: messageListSchema, signal }),
    enabled: customerId !== null,
    staleTime: 30_000,
  });
}

export function useMarkMessageRead() {
  const queryClient = useQueryClient();
  const { customerId, queryKey } = useCustomerKey('messages');
  return useMutation({
    mutationFn: (messageId: number) =>
      apiRequest(`/customers/${customerId ?? 0}/messages/${messageId}/read/`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
