// Path parameters shared by the routes, and the lookup of a market's context.
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { MARKETS, pathId, type Market } from '@jono/contract';
import type { MarketContext } from '../context';
import { notFound } from '../lib/http-error';

export const marketParams = z.object({ market: z.enum(MARKETS) });
export const customerParams = marketParams.extend({ id: pathId });
export const idSchema = pathId;

export function marketCtx(app: FastifyInstance, market: Market): MarketContext {
  const ctx = app.markets.get(market);
  if (!ctx) throw notFound(`Market ${market} is not served here`);
  return ctx;
}

/**
 * The OpenAPI tag of the routes only a shop's manager may call; route-auth.ts refuses every other
 * staff member on these routes before validation, so the documentation and the check agree.
 */
export const MANAGER_TAG = 'staff (manager)';

export const errorAnswers = {
  400: z.object({
    error: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
};
