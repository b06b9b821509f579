// POST /customers/{id}/orders/{orderId}/rejoin/: a no-show or a visit left by mistake takes its
// place back (within 10 minutes, once a day); the new order becomes the tracked one. Its number
// is the old one (the server keeps it within the day); should it differ, the customer is told.
import { createOrderAnswerSchema, ticketLabel } from '@jono/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useActiveOrderStore } from '../../../lib/active-order-store';
import { apiRequest } from '../../../lib/api-client';
import { notify } from '../../../lib/notification-store';
import { useSessionStore } from '../../../lib/session-store';
import { useTranslation } from '../../../lib/use-translation';
import { getOrder } from './get-order';

export function useRejoin(orderId: number, shopId: number, formerTicket: number | null) {
  const queryClient = useQueryClient();
  const { t } = useTranslation('tracking');
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
      const customerId = useSessionStore.getState().session?.customerId;
      if (customerId === undefined) return;
      const ticket = (await getOrder(customerId, id).catch(() => null))?.ticket ?? null;
      if (ticket === null) return;
      notify({
        title:
          formerTicket === null || formerTicket === ticket
            ? t('rejoin.sameNumber', { ticket: ticketLabel(ticket) })
            : t('rejoin.newNumber', {
                ticket: ticketLabel(ticket),
                old: ticketLabel(formerTicket),
              }),
        tone: 'info',
      });
    },
  });
}
