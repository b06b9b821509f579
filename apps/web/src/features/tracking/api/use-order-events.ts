// GET /customers/{id}/orders/{orderId}/events?access_token=… (SSE): live changes of the tracked
// order, written into the cached order. EventSource cannot send headers, hence the query token.
import { marketOfLocale, orderSchema } from '@jono/contract';
import { useQueryClient } from '@tanstack/react-query';
import { apiUrl } from '../../../lib/api-client';
import { useLocale } from '../../../lib/locale-store';
import { queryKeys } from '../../../lib/query-keys';
import { useSessionStore } from '../../../lib/session-store';
import { useEventSource } from '../../../lib/use-event-source';

export function useOrderEvents(orderId: number | null, active: boolean): void {
  const queryClient = useQueryClient();
  const market = marketOfLocale(useLocale());
  const session = useSessionStore((s) => s.session);
  const url =
    session && orderId !== null && active
      ? apiUrl(
          `/customers/${session.customerId}/orders/${orderId}/events?access_token=${encodeURIComponent(session.accessToken)}`,
        )
      : null;
  useEventSource(url, (data) => {
    const order = orderSchema.safeParse(data);
    if (!order.success || !session) return;
    queryClient.setQueryData(
      queryKeys.order(market, session.customerId, order.data.id),
      order.data,
    );
  });
}
