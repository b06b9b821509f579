// The shop as the door kiosk and the shop screen read it (GET /pobs/{id}/, public), in the device
// code's market, with the shop's live events written into it.
import { pobSchema, type Pob } from '@jono/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { pushLive, readLive } from '@jono/ui';
import { apiRequest, apiUrl } from '../../../lib/api-client';
import { shopEventAnswer } from '../../../lib/shop-answer-guards';
import { useEventSource } from '../../../lib/use-event-source';
import { marketOfCode } from '../utils/device-code';

/**
 * The shop's services for the kiosk, and its barbers with their waits for the kiosk and the shop
 * screen, from the code's market, kept live: every queue change (the wait, full, closed, closing
 * soon, a barber signing in or out) arrives over the shop's events, so the kiosk refuses a full or
 * closed shop before the form, not after it; the notice and the catalogue refresh each minute.
 */
export function useDeviceShop(shopId: number, code: string) {
  const client = useQueryClient();
  const market = marketOfCode(code) ?? undefined;
  const key = ['device-shop', shopId, code] as const;
  const query = useQuery({
    queryKey: key,
    queryFn: ({ client, queryKey, signal }) =>
      readLive(client, queryKey, () =>
        apiRequest(`/pobs/${shopId}/`, { schema: pobSchema, signal, auth: false, market }),
      ),
    refetchInterval: 60_000,
  });
  useEventSource(apiUrl(`/pobs/${shopId}/events`, market), (data) => {
    const event = shopEventAnswer.safeParse(data);
    if (!event.success) return;
    pushLive<Pob>(client, key, (shop) => (shop ? { ...shop, ...event.data } : shop));
  });
  return query;
}
