// The door kiosk's calls, with the device code: check the code, the shop (live: its wait and
// whether it takes customers follow the shop's events), and join a walk-in.
import {
  kioskJoinAnswerSchema,
  okAnswerSchema,
  pobSchema,
  type KioskJoinPayload,
  type Pob,
} from '@jono/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, apiUrl } from '../../../lib/api-client';
import { shopEventAnswer } from '../../../lib/shop-answer-guards';
import { useEventSource } from '../../../lib/use-event-source';
import { marketOfCode } from '../utils/device-code';

const kioskAnswer = z.object({ pob_id: z.number().int(), label: z.string() });

/**
 * How often the kiosk checks its code, so that a revoked kiosk stops offering the queue within
 * seconds, as the display does (its stream ends). Six checks a minute stay well inside the
 * route's per-IP limit (20 a minute), also for two kiosks behind one address.
 */
export const KIOSK_RECHECK_MS = 10_000;

export function useKioskCheck(shopId: number, code: string) {
  return useQuery({
    queryKey: ['kiosk', shopId, code],
    queryFn: ({ signal }) =>
      apiRequest(`/kiosk/${shopId}/`, {
        schema: kioskAnswer,
        signal,
        deviceCode: code,
        market: marketOfCode(code) ?? undefined,
      }),
    refetchInterval: KIOSK_RECHECK_MS,
    refetchIntervalInBackground: true,
    retry: 1,
  });
}

export function useKioskJoin(shopId: number, code: string) {
  return useMutation({
    mutationFn: (payload: KioskJoinPayload) =>
      apiRequest(`/kiosk/${shopId}/orders/`, {
        method: 'POST',
        body: payload,
        schema: kioskJoinAnswerSchema,
        deviceCode: code,
        market: marketOfCode(code) ?? undefined,
      }),
  });
}

/** The walk-in types the code texted to their phone: the number is proved, and they are here. */
export function useKioskConfirm(shopId: number, code: string) {
  return useMutation({
    mutationFn: ({ orderId, smsCode }: { orderId: number; smsCode: string }) =>
      apiRequest(`/kiosk/${shopId}/orders/${orderId}/confirm/`, {
        method: 'POST',
        body: { code: smsCode },
        schema: okAnswerSchema,
        deviceCode: code,
        market: marketOfCode(code) ?? undefined,
      }),
  });
}

/**
 * The shop's services for the kiosk, from the code's market, kept live: every queue change (the
 * wait, full, closed, closing soon) arrives over the shop's events, so the kiosk refuses a full
 * or closed shop before the form, not after it; the notice and the catalogue refresh each minute.
 */
export function useKioskShop(shopId: number, code: string) {
  const client = useQueryClient();
  const market = marketOfCode(code) ?? undefined;
  const key = ['kiosk-shop', shopId, code] as const;
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      apiRequest(`/pobs/${shopId}/`, { schema: pobSchema, signal, auth: false, market }),
    refetchInterval: 60_000,
  });
  useEventSource(apiUrl(`/pobs/${shopId}/events`, market), (data) => {
    const event = shopEventAnswer.safeParse(data);
    if (!event.success) return;
    client.setQueryData<Pob>(key, (shop) => (shop ? { ...shop, ...event.data } : shop));
  });
  return query;
}
