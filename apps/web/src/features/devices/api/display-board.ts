// GET /display/{id}/ and its live stream: the in-shop screen's board, with the device code.
import { displayBoardSchema, type DisplayBoard } from '@jono/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { pushLive, readLive } from '@jono/ui';
import { apiRequest, streamUrl } from '../../../lib/api-client';
import { useEventSource } from '../../../lib/use-event-source';
import { marketOfCode } from '../utils/device-code';

/** Polling fallback; the stream brings every change at once. */
const DISPLAY_REFRESH_MS = 15_000;

const boardKey = (shopId: number, code: string) => ['display', shopId, code] as const;

export function useDisplayBoard(shopId: number, code: string) {
  const client = useQueryClient();
  const key = boardKey(shopId, code);
  const query = useQuery({
    queryKey: key,
    queryFn: ({ client, queryKey, signal }) =>
      readLive(client, queryKey, () =>
        apiRequest(`/display/${shopId}/`, {
          schema: displayBoardSchema,
          signal,
          deviceCode: code,
          market: marketOfCode(code) ?? undefined,
        }),
      ),
    refetchInterval: DISPLAY_REFRESH_MS,
    retry: 1,
  });
  const market = marketOfCode(code) ?? undefined;
  // The code asks for a 60-second stream ticket at each connection; only the ticket is in the URL.
  const streamPath = `/display/${shopId}/events`;
  useEventSource(
    `${market ?? ''}:${streamPath}:${code}`,
    (data) => {
      const parsed = displayBoardSchema.safeParse(data);
      if (parsed.success) pushLive<DisplayBoard>(client, key, () => parsed.data);
    },
    // A stream that ends may mean a revoked code: ask at once rather than at the next poll.
    () => void client.invalidateQueries({ queryKey: key }),
    () => streamUrl(streamPath, { market, deviceCode: code }),
  );
  return query;
}
