// The door kiosk's calls, with the device code: check the code and join a walk-in (the shop itself
// comes from device-shop.ts).
import { kioskJoinAnswerSchema, okAnswerSchema, type KioskJoinPayload } from '@jono/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
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
