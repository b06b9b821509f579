// GET, POST /staff/barbers/, PATCH and DELETE /staff/barbers/{id}/ (manager): the shop's barbers
// as people (first name, photo, languages, specialities, weekly template).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  staffBarberListSchema,
  staffBarberRemovedSchema,
  staffBarberSchema,
  staffQueueSchema,
  type staffBarberCreateSchema,
  type staffBarberPatchSchema,
} from '@jono/contract';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { refreshAfterChange } from '../../../lib/refresh';
import { useSession } from '../../../lib/session';

export type BarberCreate = z.input<typeof staffBarberCreateSchema>;
export type BarberPatch = z.input<typeof staffBarberPatchSchema>;

export function useBarbers() {
  const session = useSession();
  return useQuery({
    queryKey: queryKeys.barbers(session?.market ?? 'fi', session?.staff.pob_id ?? 0),
    queryFn: ({ signal }) =>
      apiRequest('/staff/barbers/', { schema: staffBarberListSchema, signal }),
    enabled: session !== null,
  });
}

/** A change to the barbers changes the rota and the board too. */
function useInvalidateBarbers() {
  const session = useSession();
  const queryClient = useQueryClient();
  return () => {
    if (!session) return;
    for (const prefix of ['staff-barbers', 'staff-rota']) {
      void queryClient.invalidateQueries({
        queryKey: [prefix, session.market, session.staff.pob_id],
      });
    }
    void refreshAfterChange(queryClient, queryKeys.queue(session.market, session.staff.pob_id));
  };
}

export function useCreateBarber() {
  const onSuccess = useInvalidateBarbers();
  return useMutation({
    mutationFn: (payload: BarberCreate) =>
      apiRequest('/staff/barbers/', { method: 'POST', body: payload, schema: staffBarberSchema }),
    onSuccess,
  });
}

export function useUpdateBarber() {
  const onSuccess = useInvalidateBarbers();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: BarberPatch }) =>
      apiRequest(`/staff/barbers/${id}/`, {
        method: 'PATCH',
        body: patch,
        schema: staffBarberSchema,
      }),
    onSuccess,
  });
}

export function useRemoveBarber() {
  const onSuccess = useInvalidateBarbers();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/staff/barbers/${id}/`, { method: 'DELETE', schema: staffBarberRemovedSchema }),
    onSuccess,
  });
}

/**
 * The board's barbers (GET /staff/queue/, the board's own cache entry): who waits for whom, so a
 * removal can say how many customers it moves to the first available.
 */
export function useBoardBarbers() {
  const session = useSession();
  return useQuery({
    queryKey: queryKeys.queue(session?.market ?? 'fi', session?.staff.pob_id ?? 0),
    queryFn: ({ signal }) => apiRequest('/staff/queue/', { schema: staffQueueSchema, signal }),
    enabled: session !== null,
    select: (queue) => queue.barbers ?? [],
  });
}
