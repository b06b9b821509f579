// GET /staff/rota/?date= (who works that day and when), PUT and DELETE
// /staff/rota/{date}/barbers/{id}/ (manager): a day's own shifts of one barber, or back to the
// weekly template.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffRotaSchema, type Shift } from '@jono/contract';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { refreshAfterChange } from '../../../lib/refresh';
import { useSession } from '../../../lib/session';

export function useRota(date: string) {
  const session = useSession();
  return useQuery({
    queryKey: queryKeys.rota(session?.market ?? 'fi', session?.staff.pob_id ?? 0, date),
    queryFn: ({ signal }) =>
      apiRequest(`/staff/rota/?date=${encodeURIComponent(date)}`, {
        schema: staffRotaSchema,
        signal,
      }),
    enabled: session !== null,
  });
}

function useInvalidateRota() {
  const session = useSession();
  const queryClient = useQueryClient();
  return () => {
    if (!session) return;
    void queryClient.invalidateQueries({
      queryKey: ['staff-rota', session.market, session.staff.pob_id],
    });
    void refreshAfterChange(queryClient, queryKeys.queue(session.market, session.staff.pob_id));
  };
}

const dayPath = (date: string, barberId: number) =>
  `/staff/rota/${encodeURIComponent(date)}/barbers/${barberId}/`;

/** The day's own shifts of one barber ([] is a day off), replacing the template that day. */
export function useSaveRotaDay() {
  const onSettled = useInvalidateRota();
  return useMutation({
    mutationFn: ({ date, barberId, shifts }: { date: string; barberId: number; shifts: Shift[] }) =>
      apiRequest(dayPath(date, barberId), { method: 'PUT', body: { shifts } }),
    onSettled,
  });
}

/** Back to the weekly template for that day. */
export function useResetRotaDay() {
  const onSettled = useInvalidateRota();
  return useMutation({
    mutationFn: ({ date, barberId }: { date: string; barberId: number }) =>
      apiRequest(dayPath(date, barberId), { method: 'DELETE' }),
    onSettled,
  });
}
