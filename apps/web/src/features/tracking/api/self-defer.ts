// POST /customers/{id}/orders/{orderId}/defer/: "I need more time", previewed, then confirmed.
import { selfDeferAnswerSchema } from '@jono/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session-store';

export function useSelfDefer(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ minutes, preview }: { minutes: 15 | 30; preview: boolean }) => {
      const customerId = useSessionStore.getState().session?.customerId;
      if (customerId === undefined) throw new Error('No session');
      return apiRequest(`/customers/${customerId}/orders/${orderId}/defer/`, {
        method: 'POST',
        body: { minutes, preview },
        schema: selfDeferAnswerSchema,
      });
    },
    onSuccess: (answer) => {
      if (answer.applied) void queryClient.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}
