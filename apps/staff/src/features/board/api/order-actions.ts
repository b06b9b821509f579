// POST /staff/orders/{id}/{start,finish,no-show,defer,cancel,undo}/: one tap on an order; each
// answer carries its undo window, and the board is refreshed (the stream usually beats it).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffActionAnswerSchema } from '@jono/contract';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

export type OrderAction = 'start' | 'finish' | 'no-show' | 'defer' | 'cancel' | 'undo';

export interface OrderActionInput {
  orderId: number;
  action: OrderAction;
  chair?: number;
}

export function runOrderAction({ orderId, action, chair }: OrderActionInput) {
  return apiRequest(`/staff/orders/${orderId}/${action}/`, {
    method: 'POST',
    body: action === 'start' ? (chair === undefined ? {} : { chair }) : undefined,
    schema: staffActionAnswerSchema,
  });
}

export function useOrderAction() {
  const session = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runOrderAction,
    onSettled: () => {
      if (!session) return;
      void queryClient.invalidateQueries({
        queryKey: queryKeys.queue(session.market, session.staff.pob_id),
      });
    },
  });
}
