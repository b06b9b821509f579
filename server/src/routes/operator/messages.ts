// Messages from the chain's operators (issue 27: authority matches reach). A shop manager writes
// only to customers served at their shop (routes/staff/reports.ts); a message to every customer
// of a market, or to any one customer of it, is an operator's, for the markets their account
// covers, a few a day per market.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffMessageAnswerSchema, staffMessageSchema, SERVER_TEXT } from '@jono/contract';
import { HttpError } from '../../lib/http-error';
import { operatorCaller } from '../../services/operator-auth';
import { customerByPhone, storeMessage } from '../customer-messages';
import { errorAnswers, marketCtx, marketParams } from '../params';
import { OPERATOR_TAG } from './index';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/operator/messages/',
    {
      schema: {
        tags: [OPERATOR_TAG],
        summary: 'Send a message to every customer of the market, or to one customer (operators)',
        description:
          'For an operator whose account covers the market (403 for anyone else). `to: "all"` reaches every customer of the market; `{phone}` one customer of it (404 when no customer has the number). The content is HTML stored as given; every client sanitises it before showing it (the customer app shows the host next to every external link). At most 10 messages a day per market from all operators together (429).',
        params: marketParams,
        body: staffMessageSchema,
        response: { 201: staffMessageAnswerSchema, ...errorAnswers },
      },
    },
    async (request, reply) => {
      const { market } = request.params;
      await operatorCaller(request, market);
      const ctx = marketCtx(app, market);
      const { title, content, translations, to } = request.body;
      let customerId: number | null = null;
      if (to !== 'all') {
        const c = await customerByPhone(ctx, to.phone);
        if (!c) throw new HttpError(404, 'not_found', SERVER_TEXT.userNotFound);
        customerId = c.id;
      }
      return storeMessage(
        app,
        ctx,
        reply,
        { key: `messages:market:${market}`, limit: app.limits.messagesPerMarket },
        customerId,
        { title, content, translations },
      );
    },
  );
};

export default routes;
