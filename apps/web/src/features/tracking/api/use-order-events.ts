// GET /customers/{id}/orders/{orderId}/events?ticket=… (SSE): live changes of the tracked order,
// written into the cached order. EventSource cannot send headers: each connection asks for a
// 60-second stream ticket with the session's token, and only the ticket goes in the URL.
import { marketOfLocale, orderSchema } from '@jono/contract';
import { useQueryClient } from '@tanstack/react-query';
import { pushLive } from '@jono/ui';
import { streamUrl } from '../../../lib/api-client';
import { useLocale } from '../../../lib/locale-store';
import { queryKeys } from '../../../lib/query-keys';
import { useSessionStore } from '../../../lib/session-store';
import { useEventSource } from '../../../lib/use-event-source';

export function useOrderEvents(orderId: number | null, active: boolean): void {
  const queryClient = useQueryClient();
  const market = marketOfLocale(useLocale());
  const session = useSessionStore((s) => s.session);
  const path =
    session && orderId !== null && active
      ? `/customers/${session.customerId}/orders/${orderId}/events`
      : null;
  useEventSource(
    path,
    (data) => {
      const order = orderSchema.safeParse(data);
      if (!order.success || !session) return;
      pushLive(
        queryClient,
        queryKeys.order(market, session.customerId, order.data.id),
        () => order.data,
      );
    },
    undefined,
    path === null ? undefined : () => streamUrl(path),
  );
}
