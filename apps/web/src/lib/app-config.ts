// The server's runtime settings for the app (GET /config/: the map tiles, MAP_TILE_URL; the
// market's survey, SURVEY_URLS), with the build's defaults while they load or when the server
// cannot be asked.
import { appConfigSchema, type AppConfig, type Market } from '@jono/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { env } from '../config/env';
import { apiRequest } from './api-client';
import { useMarket } from './locale-store';
import { queryKeys } from './query-keys';

export const DEFAULT_APP_CONFIG: AppConfig = {
  map_tile_url: env.mapTileUrl,
  map_attribution: env.mapAttribution,
  survey_url: null,
};

export const appConfigQueryOptions = (market: Market) =>
  queryOptions({
    queryKey: queryKeys.config(market),
    queryFn: ({ signal }) =>
      apiRequest('/config/', { schema: appConfigSchema, signal, auth: false }),
    staleTime: Infinity,
  });

export function useAppConfig(): { config: AppConfig; settled: boolean } {
  const query = useQuery(appConfigQueryOptions(useMarket()));
  return { config: query.data ?? DEFAULT_APP_CONFIG, settled: !query.isPending };
}
