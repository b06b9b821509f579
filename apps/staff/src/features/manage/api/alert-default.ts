// GET and PUT /staff/shop/alerts/ (manager): when, and by which channel first, a customer who
// did not choose is told their turn is near.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { shopAlertDefaultSchema, type ShopAlertDefault } from '@jono/contract';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

export function useAlertDefault() {
  const session = useSession();
  return useQuery({
    queryKey: queryKeys.alertDefault(session?.market ?? 'fi', session?.staff.pob_id ?? 0),
    queryFn: ({ signal }) =>
      apiRequest('/staff/shop/alerts/', { schema: shopAlertDefaultSchema, signal }),
    enabled: session !== null,
  });
}

export function useSaveAlertDefault() {
  const session = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: ShopAlertDefault) =>
      apiRequest('/staff/shop/alerts/', {
        method: 'PUT',
        body: value,
        schema: shopAlertDefaultSchema,
      }),
    onSuccess: (saved) => {
      if (!session) return;
      queryClient.setQueryData(queryKeys.alertDefault(session.market, session.staff.pob_id), saved);
    },
  });
}
