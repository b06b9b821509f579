// GET /customers/{id}/orders/{orderId}/: the order being tracked; polled every 30 s while visible.
import { marketOfLocale, ORDER_REFRESH_MS, orderSchema, type Market } from '@jono/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readLive } from '@jono/ui';
import { apiRequest } from '../../../lib/api-client';
import { useLocale } from '../../../lib/locale-store';
import { queryKeys } from '../../../lib/query-keys';
import { useCustomerId } from '../../../lib/session-store';
import { keepNewestOrder } from '../utils/newest-order';

export const getOrder = (customerId: number, orderId: number, signal?: AbortSignal) =>
  apiRequest(`/customers/${customerId}/orders/${orderId}/`, { schema: orderSchema, signal });

export const orderQueryOptions = (market: Market, customerId: number, orderId: number) =>
  queryOptions({
    queryKey: queryKeys.order(market, customerId, orderId),
    queryFn: ({ client, queryKey, signal }) =>
      readLive(client, queryKey, () => getOrder(customerId, orderId, signal)),
    refetchInterval: ORDER_REFRESH_MS,
    // A slow answer never replaces a live message about a later moment (and the reverse).
    structuralSharing: keepNewestOrder,
  });

export function useOrder(orderId: number | null) {
  const customerId = useCustomerId();
  const market = marketOfLocale(useLocale());
  return useQuery({
    ...orderQueryOptions(market, customerId ?? 0, orderId ?? 0),
    enabled: customerId !== null && orderId !== null,
  });
}
