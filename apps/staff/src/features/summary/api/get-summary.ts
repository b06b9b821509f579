// GET /staff/summary/?date=YYYY-MM-DD (manager): one local day of the shop; the screen asks for a
// week of them to draw the trend.
import { useQueries } from '@tanstack/react-query';
import { staffSummarySchema } from '@jono/contract';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

export function getSummary(date: string, signal?: AbortSignal) {
  return apiRequest(`/staff/summary/?date=${encodeURIComponent(date)}`, {
    schema: staffSummarySchema,
    signal,
  });
}

export function useSummaries(dates: readonly string[]) {
  const session = useSession();
  return useQueries({
    queries: dates.map((date) => ({
      queryKey: queryKeys.summary(session?.market ?? 'fi', session?.staff.pob_id ?? 0, date),
      queryFn: ({ signal }: { signal: AbortSignal }) => getSummary(date, signal),
      enabled: session !== null,
      staleTime: 60_000,
    })),
  });
}
