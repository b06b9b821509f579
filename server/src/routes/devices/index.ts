// Screens and kiosks in the shop: managers create and revoke their device codes and choose what
// the display shows; the display reads its board (and its live stream), the kiosk lets walk-ins
// join. Device calls carry the code as Bearer (the display's stream: a 60-second ticket, ?ticket=).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  inputText,
  isValidPhone,
  deviceCreateSchema,
  deviceCreatedSchema,
  deviceListSchema,
  deviceSchema,
  displayBoardSchema,
  kioskJoinAnswerSchema,
  kioskJoinSchema,
  kioskConfirmSchema,
  okAnswerSchema,
  ticketLabel,
  normalisePhone,
  presenceSettingsAnswerSchema,
  presenceSettingsSchema,
  SERVER_TEXT,
  type Market,
} from '@jono/contract';
import { orders, pobs } from '../../db/schema';
import { HttpError, notFound } from '../../lib/http-error';
import { ipLimit, tooMany } from '../../plugins/rate-limits';
import { takeAttempt } from '../../services/rate-counters';
import {
  createDevice,
  listDevices,
  requireDevice,
  revokeDevice,
  rotateDevice,
} from '../../services/devices';
import { displayBoard } from '../../services/display';
import { joinQueue, ownOrderChange } from '../../services/orders';
import { changeQueue } from '../../services/queue-change';
import {
  enqueueCodeSms,
  issuePhoneCode,
  takeCodeSms,
  usePhoneCode,
} from '../../services/phone-codes';
import { smsLanguageOf, smsText } from '../../services/sms-texts';
import { RECHECK_INTERVAL_MS, endWithSession, publishRevocation } from '../../services/revocation';
import { HEARTBEAT_MS } from '../../services/sse';
import { staffCaller } from '../../services/staff-auth';
import { errorAnswers, idSchema, marketCtx, marketParams, MANAGER_TAG } from '../params';

const shopParams = marketParams.extend({ pobId: idSchema });
const tokenQuery = z
  .object({
    ticket: inputText().max(2000).optional(),
    last_event_id: inputText().max(100).optional(),
  })
  .strict();
const codeAuth =
  'Authorised with the device code as `Authorization: Bearer <code>`: 401 `device_code` when it is unknown or revoked, 403 when it is for another shop or kind.';

const presenceSettingsOf = (pob: typeof pobs.$inferSelect) =>
  ({
    display_names: pob.displayNames === 'number' ? 'number' : 'first_name',
    hold_grace_minutes: pob.holdGraceMinutes,
  }) as const;

const routes: FastifyPluginAsyncZod = async (app) => {
  const manager = async (request: Parameters<typeof staffCaller>[0], market: Market) => {
    const ctx = marketCtx(app, market);
    return { ctx, ...(await staffCaller(request, ctx, market, { manager: true })) };
  };
  const managerTags = [MANAGER_TAG];
  const deviceTags = ['display and kiosk'];

  app.get(
    '/staff/devices/',
    {
      schema: {
        tags: managerTags,
        summary:
          "The shop's display and kiosk codes (without the codes themselves) and display settings",
        params: marketParams,
        response: { 200: deviceListSchema },
      },
    },
    async (request) => {
      const { ctx, pobId } = await manager(request, request.params.market);
      const [pob] = await ctx.db.select().from(pobs).where(eq(pobs.id, pobId));
      if (!pob) throw notFound('Shop not found');
      return { items: await listDevices(ctx, pobId), ...presenceSettingsOf(pob) };
    },
  );

  app.post(
    '/staff/devices/',
    {
      schema: {
        tags: managerTags,
        summary: 'Create a display or kiosk code for the shop',
        description:
          'Answers the code once (it is kept only as a hash): enter it on the device at `/display/{shop}` or `/kiosk/{shop}`.',
        params: marketParams,
        body: deviceCreateSchema,
        response: { 201: deviceCreatedSchema, ...errorAnswers },
      },
    },
    async (request, reply) => {
      const { ctx, pobId } = await manager(request, request.params.market);
      const created = await createDevice(
        ctx,
        pobId,
        request.body.kind,
        request.body.label,
        app.now(),
      );
      return reply.code(201).send(created);
    },
  );

  app.delete(
    '/staff/devices/:deviceId/',
    {
      schema: {
        tags: managerTags,
        summary: 'Revoke a display or kiosk code',
        description: `The device's next call is refused; its open display stream ends at once on every server process (at the latest within ${RECHECK_INTERVAL_MS / 1000} s should the notice be lost).`,
        params: marketParams.extend({ deviceId: idSchema }),
        response: { 200: deviceSchema, ...errorAnswers },
      },
    },
    async (request) => {
      const { ctx, pobId } = await manager(request, request.params.market);
      const device = await revokeDevice(ctx, pobId, request.params.deviceId, app.now());
      await publishRevocation(app, ctx, { kind: 'device', deviceId: device.id });
      return device;
    },
  );

  app.post(
    '/staff/devices/:deviceId/rotate/',
    {
      schema: {
        tags: managerTags,
        summary: 'Give a display or kiosk a new code, revoking the old one',
        description:
          'The answer carries the new code once (as when creating a device); the old code is refused from now on and its open display stream ends on every server process. 409 for a code already revoked.',
        params: marketParams.extend({ deviceId: idSchema }),
        response: { 201: deviceCreatedSchema, ...errorAnswers },
      },
    },
    async (request, reply) => {
      const { ctx, pobId } = await manager(request, request.params.market);
      const { created, revokedId } = await rotateDevice(
        ctx,
        pobId,
        request.params.deviceId,
        app.now(),
      );
      await publishRevocation(app, ctx, { kind: 'device', deviceId: revokedId });
      return reply.code(201).send(created);
    },
  );

  app.patch(
    '/staff/shop/presence/',
    {
      schema: {
        tags: managerTags,
        summary: 'What the display shows (first names or numbers) and the grace of held spots',
        params: marketParams,
        body: presenceSettingsSchema,
        response: { 200: presenceSettingsAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => {
      const { ctx, pobId } = await manager(request, request.params.market);
      const b = request.body;
      const set: Partial<typeof pobs.$inferInsert> = { updatedAt: new Date(app.now()) };
      if (b.display_names !== undefined) set.displayNames = b.display_names;
      if (b.hold_grace_minutes !== undefined) set.holdGraceMinutes = b.hold_grace_minutes;
      const [row] = await ctx.db.update(pobs).set(set).where(eq(pobs.id, pobId)).returning();
      if (!row) throw notFound('Shop not found');
      await app.queue.changed(ctx, pobId);
      return presenceSettingsOf(row);
    },
  );

  app.get(
    '/display/:pobId/',
    {
      config: ipLimit(app.limits.orders),
      schema: {
        tags: deviceTags,
        summary:
          "The shop display's board: who is next, who is served, the wait for a new customer",
        description: codeAuth,
        params: shopParams,
        response: { 200: displayBoardSchema, ...errorAnswers },
      },
    },
    async (request) => {
      const ctx = marketCtx(app, request.params.market);
      await requireDevice(request, ctx, 'display', request.params.pobId);
      return displayBoard(await app.queue.view(ctx, request.params.pobId), app.now());
    },
  );

  app.get(
    '/display/:pobId/events',
    {
      config: { ...ipLimit(app.limits.orders), tokenInQuery: true },
      schema: {
        tags: deviceTags,
        summary: "The shop display's board, live",
        description: `Server-Sent Events: the board (as GET /display/{pobId}/) at once and after every change of the queue; a comment line after ${HEARTBEAT_MS / 1000} s without a message keeps the connection alive. A stream ticket (POST /stream-ticket/ with the code as Bearer) goes in \`?ticket=\`: the code never appears in a URL. The stream ends as soon as the code is revoked.`,
        params: shopParams,
        querystring: tokenQuery,
      },
    },
    async (request, reply) => {
      const ctx = marketCtx(app, request.params.market);
      const { pobId } = request.params;
      const device = await requireDevice(request, ctx, 'display', pobId);
      // Revoking the code ends the stream on whichever process holds it (revocation.ts).
      endWithSession(app, reply, { market: ctx.market, deviceId: device.id });
      const live = app.live.streams.start(
        request,
        reply,
        undefined,
        `${ctx.market}:device:${device.id}`,
      );
      app.live.feeds.attachDisplay(ctx, pobId, live);
    },
  );

  app.get(
    '/kiosk/:pobId/',
    {
      config: ipLimit(app.limits.orders),
      schema: {
        tags: deviceTags,
        summary: 'Checks a kiosk code (the kiosk reads the services from GET /pobs/{id}/)',
        description: codeAuth,
        params: shopParams,
        response: {
          200: z.object({ pob_id: z.number().int(), label: z.string() }),
          ...errorAnswers,
        },
      },
    },
    async (request) => {
      const ctx = marketCtx(app, request.params.market);
      const device = await requireDevice(request, ctx, 'kiosk', request.params.pobId);
      return { pob_id: device.pobId, label: device.label };
    },
  );

  app.post(
    '/kiosk/:pobId/orders/',
    {
      config: ipLimit(app.limits.orders),
      schema: {
        tags: deviceTags,
        summary: 'A walk-in joins the queue at the door kiosk',
        description: [
          codeAuth,
          "The same checks and rate limit as an app order: 400 `validation` (also a `phone` that is not a number of its country, as at registration), 409 `not_taking_orders`, 409 `time_slot`, 429 `rate_limited` (also past 30 joins an hour per kiosk or 60 per shop). The walk-in has priority 0 (a membership needs the app or the staff) and counts as absent until the staff start them or they confirm their phone at the kiosk. With `phone`, a 6-digit code goes to it (`code_sent`; counted per number and in the market's hourly SMS budget, a refusal leaves the join without SMS); once confirmed (POST /kiosk/{pobId}/orders/{id}/confirm/), one SMS when the turn is near, never before.",
          '`barber_id` chooses a barber (null or absent: the first available); refused as in the app: 409 `barber_unknown`, `barber_removed`, `barber_off_today`.',
        ].join('\n\n'),
        params: shopParams,
        body: kioskJoinSchema,
        response: { 201: kioskJoinAnswerSchema, ...errorAnswers },
      },
    },
    async (request, reply) => {
      const ctx = marketCtx(app, request.params.market);
      const { pobId } = request.params;
      const device = await requireDevice(request, ctx, 'kiosk', pobId);
      // Kiosk joins per device and per shop and hour (issue 27: 24 fake walk-ins from one
      // kiosk moved the shown wait from 0 to 294 minutes).
      const taken = await takeAttempt(
        ctx.db,
        [
          { key: `kiosk-joins:device:${device.id}`, limit: app.limits.kioskJoinsPerDevice },
          { key: `kiosk-joins:shop:${pobId}`, limit: app.limits.kioskJoinsPerShop },
        ],
        app.now(),
      );
      if (!taken.ok) {
        reply.header('retry-after', String(taken.retryAfterS));
        throw tooMany(taken.retryAfterS);
      }
      const { items, name, phone, barber_id } = request.body;
      // The number gets an SMS: it must be a phone number of its country, as at registration.
      const notifyPhone = phone ? normalisePhone(phone, ctx.info.dialCode) : null;
      if (notifyPhone !== null && !isValidPhone(notifyPhone)) {
        throw new HttpError(400, 'validation', SERVER_TEXT.invalidPhone, {
          phone: SERVER_TEXT.invalidPhone,
        });
      }
      const row = await joinQueue(ctx, app.queue, app.now(), {
        pobId,
        customerId: null,
        priority: 0,
        source: 'kiosk',
        walkInName: name,
        notifyPhone,
        barberId: barber_id ?? null,
        items: items.map((i) => ({
          service_id: i.service_id,
          extra_service_ids: i.extra_service_ids,
        })),
      });
      // Proving the phone (issue 27): a code before any other SMS to the number. A refusal of
      // the SMS limits leaves the walk-in in the queue, without SMS.
      let codeSent = false;
      if (notifyPhone !== null) {
        try {
          await takeCodeSms(app, ctx, notifyPhone, null);
          const shop = await ctx.db
            .select({ name: pobs.name })
            .from(pobs)
            .where(eq(pobs.id, pobId))
            .then((r) => r[0]);
          const now = app.now();
          await ctx.db.transaction(async (tx) => {
            const { id, code } = await issuePhoneCode(tx, 'kiosk', notifyPhone, row.id, null, now);
            await enqueueCodeSms(
              tx,
              `phoneCode:${id}`,
              notifyPhone,
              smsText(smsLanguageOf(ctx.info.language), 'kioskConfirm', {
                shop: shop?.name ?? '',
                ticket: ticketLabel(row.ticket ?? row.id),
                code,
              }),
              now,
              row.id,
            );
          });
          await app.outbox.kick(ctx);
          codeSent = true;
        } catch (err) {
          request.log.warn({ err }, 'kiosk confirmation code not sent');
        }
      }
      const view = await app.queue.view(ctx, pobId);
      const e = view.estimate.orders.get(row.id);
      return reply.code(201).send({
        id: row.id,
        ticket: row.ticket ?? row.id,
        wait_time: e?.waitMinutes ?? row.waitEstimate,
        position: e?.position ?? 0,
        code_sent: codeSent,
      });
    },
  );

  app.post(
    '/kiosk/:pobId/orders/:orderId/confirm/',
    {
      config: ipLimit(app.limits.orders),
      schema: {
        tags: deviceTags,
        summary:
          'A kiosk walk-in confirms their phone (and that they are here) with the texted code',
        description: [
          codeAuth,
          "The code the kiosk join texted to the walk-in's phone: the number then gets the turn-near SMS and the walk-in counts as at the shop. 400 `invalid_token` naming `code` when wrong or expired (15 minutes); wrong codes are limited per number and address (429). 409 when the order is no longer active; 404 for an order of another shop.",
        ].join('\n\n'),
        params: shopParams.extend({ orderId: idSchema }),
        body: kioskConfirmSchema,
        response: { 200: okAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => {
      const ctx = marketCtx(app, request.params.market);
      const { pobId, orderId } = request.params;
      await requireDevice(request, ctx, 'kiosk', pobId);
      const [order] = await ctx.db
        .select({ pobId: orders.pobId, source: orders.source, notifyPhone: orders.notifyPhone })
        .from(orders)
        .where(eq(orders.id, orderId));
      if (!order || order.pobId !== pobId || order.source !== 'kiosk' || !order.notifyPhone) {
        throw notFound('Order not found');
      }
      await usePhoneCode(
        app,
        ctx,
        'kiosk',
        order.notifyPhone,
        orderId,
        request.body.code,
        request.ip,
      );
      const at = app.now();
      await changeQueue(ctx, app.queue, pobId, at, ownOrderChange(orderId, null, 'check_in', at));
      return { ok: true as const };
    },
  );
};

export default routes;
