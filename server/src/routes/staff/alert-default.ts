// The shop's alert default (manager): when and by which channel a customer who did not choose is
// told their turn is near (services/order-alerts.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { shopAlertDefaultPutSchema, shopAlertDefaultSchema } from '@jono/contract';
import { pobs } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { setShopAlertDefault, shopAlertDefault } from '../../services/order-alerts';
import { staffCaller } from '../../services/staff-auth';
import { errorAnswers, marketCtx, marketParams, MANAGER_TAG } from '../params';

const DESCRIPTION =
  "For every order whose customer did not choose: `ahead` (alert when this many are ahead, 0 to 10) or `minutes` (this many minutes before, 5 to 60), not both (both null: about 10 minutes before or next in line); `channel` `sms` puts SMS first (where the customer allows it, else push), `push` or null push first (where subscribed, else SMS). A customer's own choice (PUT /customers/{id}/orders/{orderId}/alerts/) wins; the default applies from the next look at the queue to every order that did not choose, and the app shows it as the default.";

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/staff/shop/alerts/',
    {
      schema: {
        tags: [MANAGER_TAG],
        summary: "The shop's alert default",
        description: DESCRIPTION,
        params: marketParams,
        response: { 200: shopAlertDefaultSchema, ...errorAnswers },
      },
    },
    async (request) => {
      const ctx = marketCtx(app, request.params.market);
      const { pobId } = await staffCaller(request, ctx, ctx.market, { manager: true });
      const [pob] = await ctx.db.select().from(pobs).where(eq(pobs.id, pobId));
      if (!pob) throw notFound('Shop not found');
      return shopAlertDefault(pob);
    },
  );

  app.put(
    '/staff/shop/alerts/',
    {
      schema: {
        tags: [MANAGER_TAG],
        summary: "Set the shop's alert default",
        description: DESCRIPTION,
        params: marketParams,
        body: shopAlertDefaultPutSchema,
        response: { 200: shopAlertDefaultSchema, ...errorAnswers },
      },
    },
    async (request) => {
      const ctx = marketCtx(app, request.params.market);
      const { pobId } = await staffCaller(request, ctx, ctx.market, { manager: true });
      const saved = await setShopAlertDefault(ctx, pobId, request.body, app.now());
      // The waiting orders' screens show the new default, and an alert now due goes out.
      await app.queue.changed(ctx, pobId);
      return saved;
    },
  );
};

export default routes;
