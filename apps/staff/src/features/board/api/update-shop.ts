// PATCH /staff/shop/: chairs on duty, the online queue state and the notice, by any staff member.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { staffShopPatchSchema } from '@jono/contract';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

export type ShopPatch = z.input<typeof staffShopPatchSchema>;

export function updateShop(patch: ShopPatch) {
  return apiRequest('/staff/shop/', { method: 'PATCH', body: patch });
}

export function useUpdateShop() {
  const session = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateShop,
    onSettled: () => {
      if (!session) return;
      void queryClient.invalidateQueries({
        queryKey: queryKeys.queue(session.market, session.staff.pob_id),
      });
      void queryClient.invalidateQueries({
        queryKey: queryKeys.shop(session.market, session.staff.pob_id),
      });
    },
  });
}
