// GET, POST /staff/services/, PATCH /staff/services/{id}/ and PATCH /staff/service-groups/{id}/
// (manager): the shop's catalogue.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  staffServiceListSchema,
  type staffServiceCreateSchema,
  type staffServiceGroupPatchSchema,
  type staffServicePatchSchema,
} from '@jono/contract';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

export type ServiceCreate = z.input<typeof staffServiceCreateSchema>;
export type ServicePatch = z.input<typeof staffServicePatchSchema>;
export type GroupPatch = z.input<typeof staffServiceGroupPatchSchema>;

export function useServices() {
  const session = useSession();
  return useQuery({
    ...queryOptions({
      queryKey: queryKeys.services(session?.market ?? 'fi', session?.staff.pob_id ?? 0),
      queryFn: ({ signal }) =>
        apiRequest('/staff/services/', { schema: staffServiceListSchema, signal }),
    }),
    enabled: session !== null,
  });
}

function useInvalidateCatalogue() {
  const session = useSession();
  const queryClient = useQueryClient();
  return () => {
    if (!session) return;
    void queryClient.invalidateQueries({
      queryKey: queryKeys.services(session.market, session.staff.pob_id),
    });
    void queryClient.invalidateQueries({
      queryKey: queryKeys.shop(session.market, session.staff.pob_id),
    });
  };
}

export function useCreateService() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: (payload: ServiceCreate) =>
      apiRequest('/staff/services/', { method: 'POST', body: payload }),
    onSuccess: invalidate,
  });
}

export function useUpdateService() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: ServicePatch }) =>
      apiRequest(`/staff/services/${id}/`, { method: 'PATCH', body: patch }),
    onSuccess: invalidate,
  });
}

export function useUpdateGroup() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: GroupPatch }) =>
      apiRequest(`/staff/service-groups/${id}/`, { method: 'PATCH', body: patch }),
    onSuccess: invalidate,
  });
}
