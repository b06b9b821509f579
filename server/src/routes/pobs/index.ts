// Shops ("pobs"): the list with estimates, and one shop with its service catalogue. Both answers
// are built once per queue change (or every VIEW_TTL_MS, since time moves waits), not per
// request, and kept as ready bytes: plain, gzip and brotli, with a strong ETag (304 on a match).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pobListSchema, pobSchema, type Market } from '@jono/contract';
import { notFound } from '../../lib/http-error';
import { cachedBody, sendCachedJson, type CachedBody } from '../../lib/cached-body';
import { findShopRow, listShops, shopDetail } from '../../services/shops';
import { VIEW_TTL_MS } from '../../services/queue';
import { idSchema, marketCtx, marketParams } from '../params';

interface Cached {
  version: number;
  at: number;
  body: CachedBody;
}

const routes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['shops'];
  const cache = new Map<string, Cached>();

  /** The cached body for `key`, or a new one from `build` when a queue changed or time passed. */
  async function cached(market: Market, key: string, build: () => Promise<unknown>) {
    const version = app.queue.version(market);
    const now = app.now();
    const hit = cache.get(key);
    if (hit && hit.version === version && now >= hit.at && now - hit.at < VIEW_TTL_MS) {
      return hit.body;
    }
    const body = cachedBody(JSON.stringify(await build()));
    // A change during the build leaves the entry stale-marked: the next request rebuilds.
    cache.set(key, { version, at: now, body });
    return body;
  }

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
    async (request, reply) => {
      const { market } = request.params;
      const ctx = marketCtx(app, market);
      const body = await cached(market, `${market}:list`, () => listShops(ctx, app.queueSnapshot));
      return sendCachedJson(request, reply, body);
    },
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
    async (request, reply) => {
      const { market, id } = request.params;
      const ctx = marketCtx(app, market);
      const body = await cached(market, `${market}:${id}`, async () => {
        const row = await findShopRow(ctx, id);
        if (!row) throw notFound('Shop not found');
        return shopDetail(ctx, row, app.queueSnapshot);
      });
      return sendCachedJson(request, reply, body);
    },
  );
};

export default routes;
