// Development only: the SMS outbox a tester reads recovery codes from. Not registered in production.
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inputText } from '@jono/contract';
import { notFound } from '../../lib/http-error';
import { handleInboundSms } from '../../services/sms-replies';
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

  app.post(
    '/dev/sms-inbox',
    {
      schema: {
        tags: ['development'],
        summary: 'Acts as an inbound SMS from `from` (SMS_PROVIDER=dev; absent in production)',
        description:
          'As if the phone had answered a Jono SMS with `text`: the answer lands in the dev outbox (GET /dev/sms-outbox). Only from this machine, and only with the development sender.',
        params: marketParams,
        body: z.object({
          from: inputText().trim().min(4).max(32),
          text: inputText().max(500),
        }),
        response: {
          200: z.object({
            outcome: z.enum(['answered', 'duplicate', 'rate_limited']),
            answer: z.string().optional(),
          }),
        },
      },
    },
    async (request) => {
      const ctx = marketCtx(app, request.params.market);
      if (!fromThisMachine(request) || ctx.sms.name !== 'dev') {
        throw notFound(`No route POST ${request.url.split('?')[0]}`);
      }
      const done = await handleInboundSms(
        { ctx, queue: app.queue, now: app.now, limits: app.limits },
        'dev',
        { providerId: randomUUID(), from: request.body.from, text: request.body.text },
      );
      if (done.outcome === 'answered') await app.outbox.kick(ctx);
      return done;
    },
  );
};

export default routes;
