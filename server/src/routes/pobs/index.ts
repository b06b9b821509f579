// Shops ("pobs"): the list with estimates, and one shop with its service catalogue.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pobListSchema, pobSchema } from '@jono/contract';
import { notFound } from '../../lib/http-error';
import { findShopRow, listShops, shopDetail } from '../../services/shops';
import { idSchema, marketCtx, marketParams } from '../params';

const routes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['shops'];

  app.get(
    '/pobs/',
    {
      schema: {
        tags,
        summary:
          'Every shop of the market with its queue state and estimates (without the service catalogue)',
        params: marketParams,
        response: { 200: pobListSchema },
      },
    },
    async (request) => listShops(marketCtx(app, request.params.market), app.queueSnapshot),
  );

  app.get(
    '/pobs/:id/',
    {
      schema: {
        tags,
        summary: 'One shop with its service groups, services and extra services',
        params: marketParams.extend({ id: idSchema }),
        response: { 200: pobSchema },
      },
    },
    async (request) => {
      const ctx = marketCtx(app, request.params.market);
      const row = await findShopRow(ctx, request.params.id);
      if (!row) throw notFound('Shop not found');
      return shopDetail(ctx, row, app.queueSnapshot);
    },
  );
};

export default routes;
