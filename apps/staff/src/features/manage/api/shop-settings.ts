// PUT /staff/shop/hours/ and PATCH /staff/shop/details/ (manager); the shop is then read again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { staffHoursSchema, staffShopDetailsSchema } from '@jono/contract';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { refreshAfterChange } from '../../../lib/refresh';
import { useSession } from '../../../lib/session';

export type HoursPayload = z.input<typeof staffHoursSchema>;
export type DetailsPayload = z.input<typeof staffShopDetailsSchema>;

function useShopMutation<T>(send: (payload: T) => Promise<unknown>) {
  const session = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => {
      if (!session) return;
      void queryClient.invalidateQueries({
        queryKey: queryKeys.shop(session.market, session.staff.pob_id),
      });
      void refreshAfterChange(queryClient, queryKeys.queue(session.market, session.staff.pob_id));
    },
  });
}

export function useSaveHours() {
  return useShopMutation((payload: HoursPayload) =>
    apiRequest('/staff/shop/hours/', { method: 'PUT', body: payload }),
  );
}

export function useSaveDetails() {
  return useShopMutation((payload: DetailsPayload) =>
    apiRequest('/staff/shop/details/', { method: 'PATCH', body: payload }),
  );
}
