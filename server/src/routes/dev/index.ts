// Development only: the SMS outbox a tester reads recovery codes from. Not registered in production.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inputText } from '@jono/contract';
import { notFound } from '../../lib/http-error';
import { fromThisMachine } from '../../lib/this-machine';
import { marketCtx, marketParams } from '../params';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dev/sms-outbox',
    {
      schema: {
        tags: ['development'],
        summary: 'SMS sent by the development sender, newest last (absent in production)',
        params: marketParams,
        querystring: z.object({ to: inputText().max(32).optional() }),
        response: {
          200: z.object({
            items: z.array(
              z.object({ to: z.string(), text: z.string(), at: z.string(), market: z.string() }),
            ),
          }),
        },
      },
    },
    async (request) => {
      // Every recovery code is in here: only for a tester on this machine, never through a proxy.
      if (!fromThisMachine(request)) throw notFound(`No route GET ${request.url.split('?')[0]}`);
      const ctx = marketCtx(app, request.params.market);
      const items = ctx.devOutbox?.outbox ?? [];
      const to = request.query.to;
      return { items: to ? items.filter((m) => m.to === to) : items };
    },
  );
};

export default routes;
