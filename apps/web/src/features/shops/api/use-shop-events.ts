// GET /pobs/{id}/events (SSE): live queue estimates of one shop, written into the cached shop.
import { marketOfLocale, type Pob } from '@jono/contract';
import { useQueryClient } from '@tanstack/react-query';
import { pushLive } from '@jono/ui';
import { apiUrl } from '../../../lib/api-client';
import { shopEventAnswer } from '../../../lib/shop-answer-guards';
import { useLocale } from '../../../lib/locale-store';
import { queryKeys } from '../../../lib/query-keys';
import { useEventSource } from '../../../lib/use-event-source';

export function useShopEvents(id: number | null): void {
  const queryClient = useQueryClient();
  const market = marketOfLocale(useLocale());
  useEventSource(id === null ? null : apiUrl(`/pobs/${id}/events`), (data) => {
    const event = shopEventAnswer.safeParse(data);
    if (!event.success || id === null) return;
    pushLive<Pob>(queryClient, queryKeys.shop(market, id), (shop) =>
      shop ? { ...shop, ...event.data } : shop,
    );
  });
}
