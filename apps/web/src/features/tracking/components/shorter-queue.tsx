// A waiting customer and the shops around: when an open shop nearby would seat them much sooner,
// offer to move there with the time already waited; when an operator moved them here, say from
// where and offer to go back to their place there. (Issue 33; kept out of the tracking route,
// which renders it in one line.)
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { moveOrderAnswerSchema, shorterWaitSchema, type Order } from '@jono/contract';
import { apiRequest } from '../../../lib/api-client';
import { notify } from '../../../lib/notification-store';
import { useSessionStore } from '../../../lib/session-store';
import { useTranslation } from '../../../lib/use-translation';

const REFRESH_MS = 60_000;

export function ShorterQueue({ order }: { order: Order }) {
  const { t } = useTranslation('tracking');
  const queryClient = useQueryClient();
  const customerId = useSessionStore((s) => s.session?.customerId);
  // The server offers nothing once the order is at a chair.
  const waiting = order.status === 'active';
  const base = `/customers/${customerId}/orders/${order.id}`;
  const info = useQuery({
    queryKey: ['orders', order.id, 'shorter-wait'],
    enabled: waiting && customerId !== undefined,
    refetchInterval: REFRESH_MS,
    queryFn: () => apiRequest(`${base}/shorter-wait/`, { schema: shorterWaitSchema }),
  });
  const move = useMutation({
    mutationFn: (body: { to_pob_id: number } | null) =>
      apiRequest(body ? `${base}/move/` : `${base}/move-back/`, {
        method: 'POST',
        ...(body ? { body } : {}),
        schema: moveOrderAnswerSchema,
      }),
    // The order is another one now: the profile's active order, the order and the shop change.
    onSuccess: () => void queryClient.invalidateQueries(),
    onError: () => notify({ title: t('move.failed'), tone: 'error' }),
  });
  if (!waiting || !info.data) return null;
  const { offer, moved_from: from } = info.data;
  if (from) {
    return (
      <section className="notice shorter-queue" aria-labelledby={`moved-${order.id}`}>
        <p id={`moved-${order.id}`}>{t('move.moved', { shop: from.name })}</p>
        <button
          type="button"
          className="button button--secondary"
          disabled={move.isPending}
          onClick={() => move.mutate(null)}
        >
          {t('move.back', { shop: from.name })}
        </button>
      </section>
    );
  }
  if (!offer) return null;
  return (
    <section className="notice shorter-queue" aria-labelledby={`offer-${order.id}`}>
      <p id={`offer-${order.id}`}>
        {t('move.offer', {
          shop: offer.name,
          km: offer.distance_km,
          wait: offer.wait,
          current: offer.current_wait,
        })}
      </p>
      <button
        type="button"
        className="button button--secondary"
        disabled={move.isPending}
        onClick={() => move.mutate({ to_pob_id: offer.pob_id })}
      >
        {t('move.go', { shop: offer.name })}
      </button>
    </section>
  );
}
