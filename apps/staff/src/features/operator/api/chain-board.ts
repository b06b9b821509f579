// The chain board's data: GET /operator/shops/ of each market the operator covers (every page),
// then one live stream (GET /operator/events?markets=...) whose messages replace the shops that
// changed in the query cache, so the board stays sorted by attention without polling.
import { useEffect, useState } from 'react';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { pushLive, readLive } from '@jono/ui';
import {
  operatorBoardEventSchema,
  operatorShopsSchema,
  reconnectDelayMs,
  type Market,
  type OperatorShop,
  type OperatorShops,
} from '@jono/contract';
import { readSse } from '../../../lib/sse';
import type { OperatorSession } from '../../../lib/operator-session';
import { operatorRequest, operatorUrl } from './client';
import { mergeShops } from '../utils/board';

export const boardKey = (market: Market) => ['operator-shops', market] as const;

async function allShops(market: Market): Promise<OperatorShop[]> {
  const shops: OperatorShop[] = [];
  let offset: number | null = 0;
  while (offset !== null) {
    const page: OperatorShops = await operatorRequest(
      market,
      `/operator/shops/?offset=${offset}&limit=500`,
      {
        schema: operatorShopsSchema,
      },
    );
    shops.push(...page.shops);
    offset = page.next_offset;
  }
  return shops;
}

export function useChainShops(session: OperatorSession) {
  const results = useQueries({
    queries: session.operator.markets.map((market) => ({
      queryKey: boardKey(market),
      queryFn: ({ client, queryKey }) => readLive(client, queryKey, () => allShops(market)),
      staleTime: 60_000,
    })),
  });
  return {
    shops: results.flatMap((r) => r.data ?? []),
    loading: results.some((r) => r.isPending),
    error: results.find((r) => r.error)?.error ?? null,
  };
}

export type LiveState = 'connecting' | 'live' | 'offline';

export function useChainEvents(session: OperatorSession): LiveState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<LiveState>('connecting');
  useEffect(() => {
    if (typeof fetch === 'undefined' || typeof TextDecoderStream === 'undefined') return;
    const controller = new AbortController();
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const markets = session.operator.markets.join(',');
    const connect = () => {
      readSse(
        operatorUrl(session.market, `/operator/events?markets=${markets}`),
        session.token,
        controller.signal,
        (data) => {
          try {
            const parsed = operatorBoardEventSchema.safeParse(JSON.parse(data));
            if (!parsed.success) return;
            pushLive<OperatorShop[]>(queryClient, boardKey(parsed.data.market), (old) =>
              mergeShops(old ?? [], parsed.data.shops),
            );
          } catch {
            // A malformed message is skipped; the next one or a reload corrects the board.
          }
        },
        () => {
          attempt = 0;
          setState('live');
        },
      )
        .catch(() => undefined)
        .finally(() => {
          if (controller.signal.aborted) return;
          setState('offline');
          timer = setTimeout(connect, reconnectDelayMs(attempt));
          attempt += 1;
          for (const m of session.operator.markets) {
            void queryClient.invalidateQueries({ queryKey: boardKey(m) });
          }
        });
    };
    connect();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [session, queryClient]);
  return state;
}
