// POST /staff/walk-ins/: a customer who walked in joins the queue like an app order.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WalkInPayload } from '@jono/contract';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

export function addWalkIn(payload: WalkInPayload) {
  return apiRequest('/staff/walk-ins/', { method: 'POST', body: payload });
}

export function useAddWalkIn() {
  const session = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addWalkIn,
    onSuccess: () => {
      if (!session) return;
      void queryClient.invalidateQueries({
        queryKey: queryKeys.queue(session.market, session.staff.pob_id),
      });
    },
  });
}
