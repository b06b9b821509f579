// GET /customers/{id}/orders/: the customer's orders, newest first.
import { orderListSchema } from '@jono/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useCustomerKey } from './customer-query';

export function useOrderHistory() {
  const { customerId, queryKey } = useCustomerKey('orders');
  return useQuery({
    queryKey,
    queryFn: ({ signal }) =>
      apiRequest(`/customers/${customerId ?? 0}/orders/`, { schema: orderListSchema, signal }),
    enabled: customerId !== null,
  });
}
