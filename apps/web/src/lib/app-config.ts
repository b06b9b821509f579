// The server's runtime settings for the app (GET /config/: the map tiles, MAP_TILE_URL), with the
// build's defaults while they load or when the server cannot be asked.
import { appConfigSchema, type AppConfig } from '@jono/contract';
import { useQuery } from '@tanstack/react-query';
import { env } from '../config/env';
import { apiRequest } from './api-client';
import { useMarket } from './locale-store';
import { queryKeys } from './query-keys';

export const DEFAULT_APP_CONFIG: AppConfig = {
  map_tile_url: env.mapTileUrl,
  map_attribution: env.mapAttribution,
};

export function useAppConfig(): { config: AppConfig; settled: boolean } {
  const market = useMarket();
  const query = useQuery({
    queryKey: queryKeys.config(market),
    queryFn: ({ signal }) =>
      apiRequest('/config/', { schema: appConfigSchema, signal, auth: false }),
    staleTime: Infinity,
  });
  return { config: query.data ?? DEFAULT_APP_CONFIG, settled: !query.isPending };
}
