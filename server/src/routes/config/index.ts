// The customer app's runtime settings that belong to the server's configuration (the map tiles,
// the market's customer survey).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appConfigSchema, type Market } from '@jono/contract';
import { marketParams } from '../params';

const routes: FastifyPluginAsyncZod = async (app) => {
  const configOf = (market: Market) => ({
    map_tile_url: app.env.MAP_TILE_URL,
    map_attribution: app.env.MAP_ATTRIBUTION,
    survey_url: app.env.SURVEY_URLS[market] ?? null,
  });
  app.get(
    '/config/',
    {
      schema: {
        tags: ['config'],
        summary:
          "The customer app's runtime settings (map tiles: MAP_TILE_URL, MAP_ATTRIBUTION; the market's survey: SURVEY_URLS)",
        params: marketParams,
        response: { 200: appConfigSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return configOf(request.params.market);
    },
  );
};

export default routes;
