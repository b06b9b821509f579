// A customer's own resources: profile, email and permissions, receipts, messages, benefits.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, desc, eq, isNull, or } from 'drizzle-orm';
import {
  SERVER_TEXT,
  UNREAD_MESSAGE_WINDOW_DAYS,
  benefitSchema,
  contentLanguageOf,
  localised,
  messageListSchema,
  okAnswerSchema,
  profilePatchSchema,
  profileSchema,
  receiptListSchema,
  vapidKeySchema,
} from '@jono/contract';
import { benefits, customers, messageReads, messages, pobs, receipts } from '../../db/schema';
import { requireCustomer } from '../../lib/auth';
import { HttpError, notFound } from '../../lib/http-error';
import { benefitView, loadProfile } from '../../services/profiles';
import { opaqueToken } from '../../lib/tokens';
import { customerParams, idSchema, marketCtx, marketParams } from '../params';

const routes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['customers'];

  app.get(
    '/customers/:id/',
    {
      schema: {
        tags,
        summary: 'The customer profile',
        params: customerParams,
        response: { 200: profileSchema },
      },
    },
    async (request) => {
      const { market, id } = request.params;
      const ctx = marketCtx(app, market);
      await requireCustomer(request, market, id);
      const profile = await loadProfile(ctx.db, id);
      if (!profile) throw new HttpError(404, 'not_found', SERVER_TEXT.userNotFound);
      return profile;
    },
  );

  app.patch(
    '/customers/:id/',
    {
      schema: {
        tags,
        summary: 'Change profile fields',
        description:
          'Email save is `{email}` or `{email, allow_email}`. `fcm_token` holds the Web Push subscription (JSON) or null to disable push.',
        params: customerParams,
        body: profilePatchSchema,
        response: { 200: profileSchema },
      },
    },
    async (request) => {
      const { market, id } = request.params;
      const ctx = marketCtx(app, market);
      await requireCustomer(request, market, id);
      const b = request.body;
      const set: Partial<typeof customers.$inferInsert> = {};
      if (b.email !== undefined) set.email = b.email;
      if (b.allow_email !== undefined) set.allowEmail = b.allow_email;
      if (b.allow_sms !== undefined) set.allowSms = b.allow_sms;
      if (b.fcm_token !== undefined) set.fcmToken = b.fcm_token;
      if (b.app_language !== undefined) set.appLanguage = b.app_language;
      if (b.tutorial_seen !== undefined) set.tutorialSeen = b.tutorial_seen;
      if (b.firstname !== undefined) set.firstname = b.firstname;
      if (b.lastname !== undefined) set.lastname = b.lastname;
      if (b.city !== undefined) set.city = b.city;
      if (b.post_code !== undefined) set.postCode = b.post_code;
      if (b.street_address !== undefined) set.streetAddress = b.street_address;
      if (Object.keys(set).length > 0)
        await ctx.db.update(customers).set(set).where(eq(customers.id, id));
      const profile = await loadProfile(ctx.db, id);
      if (!profile) throw new HttpError(404, 'not_found', SERVER_TEXT.userNotFound);
      return profile;
    },
  );

  app.get(
    '/customers/:id/receipts/',
    {
      schema: {
        tags,
        summary: "The customer's receipts, newest first",
        params: customerParams,
        response: { 200: receiptListSchema },
      },
    },
    async (request) => {
      const { market, id } = request.params;
      const ctx = marketCtx(app, market);
      await requireCustomer(request, market, id);
      const rows = await ctx.db
        .select({ r: receipts, pob: { name: pobs.name, address: pobs.address, city: pobs.city } })
        .from(receipts)
        .innerJoin(pobs, eq(pobs.id, receipts.pobId))
        .where(eq(receipts.customerId, id))
        .orderBy(desc(receipts.created), desc(receipts.id))
        .limit(200);
      return {
        items: rows.map(({ r, pob }) => ({
          id: r.id,
          created: r.created.toISOString(),
          rows: r.rows,
          pob,
          status: r.status,
          type: r.type,
        })),
      };
    },
  );

  const visibleMessages = (id: number) =>
    or(eq(messages.customerId, id), isNull(messages.customerId));

  app.get(
    '/customers/:id/messages/',
    {
      schema: {
        tags,
        summary: "Messages from the operator to this customer and to all the market's customers",
        description: `\`unread\` counts messages of the last ${UNREAD_MESSAGE_WINDOW_DAYS} days that are not marked read. Title and content in the language of \`Accept-Language\` where the operator gave one, else in the market's language.`,
        params: customerParams,
        response: { 200: messageListSchema },
      },
    },
    async (request) => {
      const { market, id } = request.params;
      const ctx = marketCtx(app, market);
      await requireCustomer(request, market, id);
      const rows = await ctx.db
        .select({ m: messages, readAt: messageReads.readAt })
        .from(messages)
        .leftJoin(
          messageReads,
          and(eq(messageReads.messageId, messages.id), eq(messageReads.customerId, id)),
        )
        .where(visibleMessages(id))
        .orderBy(desc(messages.date), desc(messages.id))
        .limit(200);
      const since = app.now() - UNREAD_MESSAGE_WINDOW_DAYS * 86_400_000;
      const language = contentLanguageOf(request.headers['accept-language']);
      const items = rows.map(({ m, readAt }) => ({
        id: m.id,
        title: localised(m.title, m.translations, language, 'title'),
        content: localised(m.content, m.translations, language, 'content'),
        date: m.date.toISOString(),
        read: readAt !== null,
      }));
      const unread = rows.filter(
        ({ m, readAt }) => readAt === null && m.date.getTime() >= since,
      ).length;
      return { items, unread };
    },
  );

  app.post(
    '/customers/:id/messages/:messageId/read/',
    {
      schema: {
        tags,
        summary: 'Mark a message read',
        params: customerParams.extend({ messageId: idSchema }),
        response: { 200: okAnswerSchema },
      },
    },
    async (request) => {
      const { market, id, messageId } = request.params;
      const ctx = marketCtx(app, market);
      await requireCustomer(request, market, id);
      const [m] = await ctx.db
        .select({ id: messages.id })
        .from(messages)
        .where(and(eq(messages.id, messageId), visibleMessages(id)));
      if (!m) throw notFound('Message not found');
      await ctx.db.insert(messageReads).values({ messageId, customerId: id }).onConflictDoNothing();
      return { ok: true as const };
    },
  );

  app.post(
    '/customers/:id/benefits/:benefitId/redeem/',
    {
      schema: {
        tags: ['bonus'],
        summary: 'Redeem a bonus benefit: answers the benefit with its redeem code',
        params: customerParams.extend({ benefitId: idSchema }),
        response: { 200: benefitSchema },
      },
    },
    async (request) => {
      const { market, id, benefitId } = request.params;
      const ctx = marketCtx(app, market);
      await requireCustomer(request, market, id);
      const code = opaqueToken()
        .replace(/[^A-Za-z0-9]/g, '')
        .slice(0, 8)
        .toUpperCase();
      const [updated] = await ctx.db
        .update(benefits)
        .set({ dateRedeemed: new Date(app.now()), redeemCode: code })
        .where(
          and(
            eq(benefits.id, benefitId),
            eq(benefits.customerId, id),
            eq(benefits.isRedeemable, true),
            isNull(benefits.dateRedeemed),
          ),
        )
        .returning();
      if (updated) return benefitView(updated);
      const [existing] = await ctx.db
        .select()
        .from(benefits)
        .where(and(eq(benefits.id, benefitId), eq(benefits.customerId, id)));
      if (!existing) throw notFound('Benefit not found');
      throw new HttpError(
        409,
        'conflict',
        existing.dateRedeemed
          ? 'This benefit is already redeemed'
          : 'This benefit cannot be redeemed yet',
      );
    },
  );

  app.get(
    '/push/public-key/',
    {
      schema: {
        tags: ['push'],
        summary: 'The VAPID public key for Web Push subscriptions',
        description:
          'Subscribe with it in the browser, then save the subscription as `fcm_token` with PATCH /customers/{id}/.',
        params: marketParams,
        response: { 200: vapidKeySchema },
      },
    },
    async () => {
      if (!app.env.vapid) throw new HttpError(503, 'internal', 'Push is not configured');
      return { publicKey: app.env.vapid.publicKey };
    },
  );
};

export default routes;
