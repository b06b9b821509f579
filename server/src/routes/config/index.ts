// The customer app's runtime settings that belong to the server's configuration (the map tiles).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appConfigSchema } from '@jono/contract';
import { marketParams } from '../params';

const routes: FastifyPluginAsyncZod = async (app) => {
  const config = {
    map_tile_url: app.env.MAP_TILE_URL,
    map_attribution: app.env.MAP_ATTRIBUTION,
  };
  app.get(
    '/config/',
    {
      schema: {
        tags: ['config'],
        summary: "The customer app's runtime settings (map tiles: MAP_TILE_URL, MAP_ATTRIBUTION)",
        params: marketParams,
        response: { 200: appConfigSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return config;
    },
  );
};

export default routes;
