// Shops ("pobs"): the list with estimates, and one shop with its service catalogue. Both answers
// are built once per queue change (or every VIEW_TTL_MS, since time moves waits), not per
// request, and kept as ready bytes: plain, gzip and brotli, with a strong ETag (304 on a match).
// Their texts follow the request's Accept-Language (the customer app sends its language), so
// each content language has its own ready bytes: at most one per language Jono has.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contentLanguageOf,
  MARKET_INFO,
  pobListSchema,
  pobSchema,
  type Language,
  type Market,
} from '@jono/contract';
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

/** Answers depend on Accept-Language (Vary): the content language is part of the cache key. */
const VARY = ['accept-language'];

/**
 * The content language a request asks for, or null for the market's own texts (no header, a
 * language Jono does not have, or the market's language itself: one cache entry for all three).
 */
function contentLanguage(market: Market, header: string | undefined): Language | null {
  const language = contentLanguageOf(header);
  return language === MARKET_INFO[market].language ? null : language;
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
      const body = await cached(market, `${market}:list:${language ?? ''}`, () =>
        listShops(ctx, app.queueSnapshot, language),
      );
      return sendCachedJson(request, reply, body, VARY);
    },
  );

  app.get(
    '/pobs/:id/',
    {
      schema: {
        tags,
        summary: 'One shop with its service groups, services and extra services',
        description:
          "Titles, details, long descriptions and the notice in the language of `Accept-Language` where the operator gave one, else in the market's language.",
        params: marketParams.extend({ id: idSchema }),
        response: { 200: pobSchema },
      },
    },
    async (request, reply) => {
      const { market, id } = request.params;
      const ctx = marketCtx(app, market);
      const language = contentLanguage(market, request.headers['accept-language']);
      const body = await cached(market, `${market}:${id}:${language ?? ''}`, async () => {
        const row = await findShopRow(ctx, id);
        if (!row) throw notFound('Shop not found');
        return shopDetail(ctx, row, app.queueSnapshot, language);
      });
      return sendCachedJson(request, reply, body, VARY);
    },
  );
};

export default routes;
