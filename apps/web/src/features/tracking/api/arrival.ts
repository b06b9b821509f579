// POST/DELETE /customers/{id}/orders/{orderId}/arrival/: the app saw the customer at the shop
// (their position, issue 31), or they said "not yet". Answers the order, which replaces the cached one.
import { marketOfLocale, orderSchema, type ArrivalPayload, type Order } from '@jono/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useLocaleStore } from '../../../lib/locale-store';
import { queryKeys } from '../../../lib/query-keys';
import { useSessionStore } from '../../../lib/session-store';

function useArrivalCall<T>(orderId: number, call: (path: string, body: T) => Promise<Order>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: T) => {
      const customerId = useSessionStore.getState().session?.customerId;
      if (customerId === undefined) throw new Error('No session');
      return call(`/customers/${customerId}/orders/${orderId}/arrival/`, body);
    },
    onSuccess: (order) => {
      const customerId = useSessionStore.getState().session?.customerId;
      if (customerId === undefined) return;
      const market = marketOfLocale(useLocaleStore.getState().locale);
      queryClient.setQueryData(queryKeys.order(market, customerId, orderId), order);
    },
  });
}

/** Tells the server the customer's position puts them at the shop (the fix is not kept). */
export const useReportArrival = (orderId: number) =>
  useArrivalCall<ArrivalPayload>(orderId, (path, body) =>
    apiRequest(path, { method: 'POST', body, schema: orderSchema }),
  );

/** "Not yet": undoes an arrival the position reported. */
export const useNotYet = (orderId: number) =>
  useArrivalCall<void>(orderId, (path) =>
    apiRequest(path, { method: 'DELETE', schema: orderSchema }),
  );
