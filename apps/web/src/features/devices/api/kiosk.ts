// The door kiosk's calls, with the device code: check the code, and join a walk-in.
import { kioskJoinAnswerSchema, pobSchema, type KioskJoinPayload } from '@jono/contract';
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

/** The shop's services for the kiosk, from the code's market. */
export function useKioskShop(shopId: number, code: string) {
  return useQuery({
    queryKey: ['kiosk-shop', shopId, code],
    queryFn: ({ signal }) =>
      apiRequest(`/pobs/${shopId}/`, {
        schema: pobSchema,
        signal,
        auth: false,
        market: marketOfCode(code) ?? undefined,
      }),
    refetchInterval: 60_000,
  });
}
