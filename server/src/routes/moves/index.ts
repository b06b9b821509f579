// A customer and moves between shops: a nearby shop whose wait is much shorter (offered on the
// tracking page), moving there themselves, and going back after an operator moved them.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import {
  SELF_MOVE_MAX_KM,
  SELF_MOVE_MIN_GAIN_MIN,
  moveOrderAnswerSchema,
  selfMoveSchema,
  shorterWaitSchema,
  type ShorterWait,
} from '@jono/contract';
import type { MarketContext } from '../../context';
import { orders, pobs } from '../../db/schema';
import { requireCustomer } from '../../lib/auth';
import { HttpError, notFound } from '../../lib/http-error';
import { afterMove, moveBack, moveOrder } from '../../services/operator-move';
import type { FastifyInstance } from 'fastify';
import { customerParams, errorAnswers, idSchema, marketCtx } from '../params';

const orderParams = customerParams.extend({ orderId: idSchema });

function km(
  a: { latitude: string; longitude: string },
  b: { latitude: string; longitude: string },
) {
  const rad = (d: string) => (Number(d) * Math.PI) / 180;
  const [lat1, lng1, lat2, lng2] = [
    rad(a.latitude),
    rad(a.longitude),
    rad(b.latitude),
    rad(b.longitude),
  ];
  const h =
    Math.sin((lat2 - lat1) / 2) ** 2 +
    Math.cos(lat1) * Math.cos(lat2) * Math.sin((lng2 - lng1) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/** The nearby shop with a much shorter wait for this order, if any (no query per shop: views). */
export async function shorterWait(
  app: FastifyInstance,
  ctx: MarketContext,
  customerId: number,
  orderId: number,
): Promise<ShorterWait> {
  const [row] = await ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId)));
  if (!row) throw notFound('Order not found');
  let movedFrom: ShorterWait['moved_from'] = null;
  if (row.movedFrom !== null && row.status === 'active' && !row.startedAt) {
    const [old] = await ctx.db
      .select({ id: orders.id, pobId: orders.pobId, name: pobs.name, status: orders.status })
      .from(orders)
      .innerJoin(pobs, eq(pobs.id, orders.pobId))
      .where(eq(orders.id, row.movedFrom));
    if (old?.status === 'cancelled')
      movedFrom = { order_id: old.id, pob_id: old.pobId, name: old.name };
  }
  if (row.status !== 'active' || row.startedAt) return { offer: null, moved_from: movedFrom };
  const here = await app.queue.view(ctx, row.pobId);
  const current = here.estimate.orders.get(row.id)?.waitMinutes ?? row.waitEstimate;
  if (current === null || current === undefined) return { offer: null, moved_from: movedFrom };
  const all = await ctx.db.select().from(pobs);
  let best: NonNullable<ShorterWait['offer']> | null = null;
  for (const pob of all) {
    if (pob.id === row.pobId) continue;
    const distance = km(here.pob, pob);
    if (distance > SELF_MOVE_MAX_KM) continue;
    const view = await app.queue.view(ctx, pob.id);
    if (!view.snapshot.open || view.snapshot.queue_state !== 'open') continue;
    const wait = view.snapshot.service_time_estimates.find(
      (e) => e.priority === row.priority,
    )?.wait_time;
    if (wait === undefined) continue;
    if (wait > current - SELF_MOVE_MIN_GAIN_MIN || wait * 2 > current) continue;
    if (!best || wait < best.wait) {
      best = {
        pob_id: pob.id,
        name: pob.name,
        wait,
        current_wait: current,
        distance_km: Math.round(distance * 10) / 10,
      };
    }
  }
  return { offer: best, moved_from: movedFrom };
}

const routes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['orders'];

  app.get(
    '/customers/:id/orders/:orderId/shorter-wait/',
    {
      schema: {
        tags,
        summary:
          'A nearby shop where this waiting order would wait much less, and where an operator moved it from',
        description: `\`offer\`: the open shop within ${SELF_MOVE_MAX_KM} km whose wait for the order's priority is at least ${SELF_MOVE_MIN_GAIN_MIN} minutes and half shorter, else null. \`moved_from\`: the shop an operator moved the order from, while the customer may still go back.`,
        params: orderParams,
        response: { 200: shorterWaitSchema, ...errorAnswers },
      },
    },
    async (request) => {
      const { market, id, orderId } = request.params;
      await requireCustomer(request, market, id);
      return shorterWait(app, marketCtx(app, market), id, orderId);
    },
  );

  app.post(
    '/customers/:id/orders/:orderId/move/',
    {
      schema: {
        tags,
        summary:
          'Move my waiting order to a nearby shop with a much shorter wait, keeping my place',
        description:
          'Only to the shop GET .../shorter-wait/ offers (checked again now: 409 when it no longer is much shorter). The order keeps its priority and join time at the new shop.',
        params: orderParams,
        body: selfMoveSchema,
        response: { 200: moveOrderAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => {
      const { market, id, orderId } = request.params;
      await requireCustomer(request, market, id);
      const ctx = marketCtx(app, market);
      const { offer } = await shorterWait(app, ctx, id, orderId);
      if (offer?.pob_id !== request.body.to_pob_id) {
        throw new HttpError(409, 'conflict', 'That shop is no longer much shorter');
      }
      const moved = await moveOrder(
        ctx,
        { orderId, toPobId: request.body.to_pob_id, customerId: id },
        app.now(),
      );
      return afterMove(app, ctx, moved, false);
    },
  );

  app.post(
    '/customers/:id/orders/:orderId/move-back/',
    {
      schema: {
        tags,
        summary: "Refuse an operator's move: back to the first shop, at the first place",
        params: orderParams,
        response: { 200: moveOrderAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => {
      const { market, id, orderId } = request.params;
      await requireCustomer(request, market, id);
      const ctx = marketCtx(app, market);
      const moved = await moveBack(ctx, id, orderId, app.now());
      return afterMove(app, ctx, moved, false);
    },
  );
};

export default routes;
