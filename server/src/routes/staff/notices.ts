// A word to everyone waiting in the caller's shop: shown live in the app and texted to those who
// allow SMS (services/shop-notices.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SHOP_NOTICE_MAX, shopNoticeAnswerSchema, shopNoticeSchema } from '@jono/contract';
import { sendShopNotice } from '../../services/shop-notices';
import { staffCaller } from '../../services/staff-auth';
import { errorAnswers, marketCtx, marketParams } from '../params';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/staff/notices/',
    {
      schema: {
        tags: ['staff'],
        summary: 'A word to everyone waiting in the shop (in the app, and by SMS where allowed)',
        description: [
          `\`text\` (at most ${SHOP_NOTICE_MAX} characters) in the market's language, \`translations\` by interface language (fi, ee, en, no, sv, dk, de). Every waiting order's tracking screen shows it live for 4 hours (\`notice\` of the order); each waiting customer who allows SMS, and each kiosk walk-in who left a phone, gets it by SMS in their language where a translation was given. Answers how many orders see it and how many were texted.`,
          '',
          `- 429 \`rate_limited\`: the shop's notices of the day are used (${app.limits.shopNotices.max} a day)`,
        ].join('\n'),
        params: marketParams,
        body: shopNoticeSchema,
        response: { 200: shopNoticeAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => {
      const ctx = marketCtx(app, request.params.market);
      const { pobId, row } = await staffCaller(request, ctx, ctx.market);
      const answer = await sendShopNotice(ctx, app.limits, pobId, row.id, request.body, app.now());
      // The shop changed: every process pushes the waiting orders' screens; the texts go out.
      await app.queue.changed(ctx, pobId);
      app.queue.messagesWritten(ctx);
      return answer;
    },
  );
};

export default routes;
