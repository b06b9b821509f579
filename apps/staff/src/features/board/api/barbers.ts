// POST and DELETE /staff/barbers/{id}/duty/ (a barber signs on duty at a chair, or off) and
// POST /staff/orders/{id}/barber/ (the customer at the counter asks for another barber), and
// GET /staff/barbers/ (every barber of the shop).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffBarberListSchema, staffDutyAnswerSchema } from '@jono/contract';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

function useRefreshBoard() {
  const session = useSession();
  const queryClient = useQueryClient();
  return () => {
    if (!session) return;
    void queryClient.invalidateQueries({
      queryKey: queryKeys.queue(session.market, session.staff.pob_id),
    });
    void queryClient.invalidateQueries({
      queryKey: queryKeys.barbers(session.market, session.staff.pob_id),
    });
  };
}

export function useSignOn() {
  const onSettled = useRefreshBoard();
  return useMutation({
    mutationFn: ({ barberId, chair }: { barberId: number; chair?: number }) =>
      apiRequest(`/staff/barbers/${barberId}/duty/`, {
        method: 'POST',
        body: chair === undefined ? {} : { chair },
        schema: staffDutyAnswerSchema,
      }),
    onSettled,
  });
}

export function useSignOff() {
  const onSettled = useRefreshBoard();
  return useMutation({
    mutationFn: (barberId: number) =>
      apiRequest(`/staff/barbers/${barberId}/duty/`, {
        method: 'DELETE',
        schema: staffDutyAnswerSchema,
      }),
    onSettled,
  });
}

export function useChangeBarber() {
  const onSettled = useRefreshBoard();
  return useMutation({
    mutationFn: ({ orderId, barberId }: { orderId: number; barberId: number | null }) =>
      apiRequest(`/staff/orders/${orderId}/barber/`, {
        method: 'POST',
        body: { barber_id: barberId, customer_consent: true },
      }),
    onSettled,
  });
}

/**
 * GET /staff/barbers/ (any staff): every barber of the shop, so a barber the board does not list
 * (planned now but not signed on yet, or not planned today) can be signed on too.
 */
export function useShopBarbers() {
  const session = useSession();
  return useQuery({
    queryKey: queryKeys.barbers(session?.market ?? 'fi', session?.staff.pob_id ?? 0),
    queryFn: ({ signal }) =>
      apiRequest('/staff/barbers/', { schema: staffBarberListSchema, signal }),
    enabled: session !== null,
  });
}
