// GET /staff/queue/: the live board of the signed-in staff member's shop.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffQueueSchema, type Market } from '@jono/contract';
import { readLive } from '@jono/ui';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

export function getQueue(signal?: AbortSignal) {
  return apiRequest('/staff/queue/', { schema: staffQueueSchema, signal });
}

export function queueQueryOptions(market: Market, pobId: number, live: boolean) {
  return queryOptions({
    queryKey: queryKeys.queue(market, pobId),
    // An answer that crossed a stream message on the way gets the message applied (live-cache).
    queryFn: ({ client, queryKey, signal }) => readLive(client, queryKey, () => getQueue(signal)),
    // The stream keeps the board fresh; polling is the fallback while it is down.
    refetchInterval: live ? 60_000 : 10_000,
  });
}

export function useQueue(live: boolean) {
  const session = useSession();
  return useQuery({
    ...queueQueryOptions(session?.market ?? 'fi', session?.staff.pob_id ?? 0, live),
    enabled: session !== null,
  });
}
