// Shops ("pobs"): the list with estimates, and one shop with its service catalogue. Both answers
// are built once per queue change (or every VIEW_TTL_MS, since time moves waits), not per
// request, and kept as ready bytes: plain, gzip and brotli, with a strong ETag (304 on a match).
// Their texts follow the request's Accept-Language (the customer app sends its language), so
// each content language has its own ready bytes: at most one per language Jono has
// (services/read-cache.ts). Once built, they are answered before routing (lib/fast-reads.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pobListSchema, pobSchema } from '@jono/contract';
import { notFound } from '../../lib/http-error';
import { sendCachedJson } from '../../lib/cached-body';
import { findShopRow, listShops, shopDetail } from '../../services/shops';
import { contentLanguage, READ_VARY, shopListKey, shopPageKey } from '../../services/read-cache';
import { idSchema, marketCtx, marketParams } from '../params';

const routes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['shops'];
  // A ready read refreshed ahead of its age-out asks for views as fresh as itself (read-cache.ts).
  const snapshotOf = (since: number | undefined) =>
    since === undefined ? app.queueSnapshot : app.queue.snapshotSince(since);

  app.get(
    '/pobs/',
    {
      schema: {
        tags,
        summary:
          'Every shop of the market with its queue state and estimates (without the service catalogue)',
        description:
          "Notices in the language of `Accept-Language` where the operator gave one, else in the market's language.",
        params: marketParams,
        response: { 200: pobListSchema },
      },
    },
    async (request, reply) => {
      const { market } = request.params;
      const ctx = marketCtx(app, market);
      const language = contentLanguage(market, request.headers['accept-language']);
      const body = await app.reads.get(market, shopListKey(market, language), (since) =>
        listShops(ctx, snapshotOf(since), language),
      );
      return sendCachedJson(request, reply, body, READ_VARY);
    },
  );

  app.get(
    '/pobs/:id/',
    {
      schema: {
        tags,
        summary: 'One shop with its service groups, services and extra services',
        description:
          "Titles, details, long descriptions and the notice in the language of `Accept-Language` where the operator gave one, else in the market's language. `accuracy`: how honest the shop's shown waits were over the last 14 days (share inside the range shown, median error in minutes, share who waited more than 10 minutes longer than shown), once at least 100 estimates have a known outcome; else null.",
        params: marketParams.extend({ id: idSchema }),
        response: { 200: pobSchema },
      },
    },
    async (request, reply) => {
      const { market, id } = request.params;
      const ctx = marketCtx(app, market);
      const language = contentLanguage(market, request.headers['accept-language']);
      const body = await app.reads.get(market, shopPageKey(market, id, language), async (since) => {
        const row = await findShopRow(ctx, id);
        if (!row) throw notFound('Shop not found');
        const [detail, accuracy] = await Promise.all([
          shopDetail(ctx, row, snapshotOf(since), language),
          app.accuracy.forShop(ctx, id),
        ]);
        return { ...detail, accuracy };
      });
      return sendCachedJson(request, reply, body, READ_VARY);
    },
  );
};

export default routes;
