// Barbers' and managers' daily calls: login, the live queue, walk-ins, order actions with undo,
// and the shop's chairs, online queue state and notice.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import {
  STAFF_TOKEN_TTL_S,
  STAFF_UNDO_WINDOW_MS,
  createOrderAnswerSchema,
  normalisePhone,
  staffActionAnswerSchema,
  consoleLoginAnswerSchema,
  staffLoginSchema,
  staffQueueSchema,
  staffShopPatchSchema,
  staffStartSchema,
  walkInSchema,
} from '@jono/contract';
import { barbers, customers, pobs } from '../../db/schema';
import { ipLimit } from '../../plugins/rate-limits';
import { guardAttempt, rememberAddress } from '../../services/account-guard';
import { joinQueue } from '../../services/orders';
import { setBarbersOnDuty } from '../../services/barber-duty';
import { priorityOf } from '../../services/profiles';
import { runStaffAction, type StaffAction } from '../../services/staff-actions';
import { consoleLogin, staffCaller } from '../../services/staff-auth';
import { staffQueue, undoOf } from '../../services/staff-queue';
import { HttpError } from '../../lib/http-error';
import { errorAnswers, idSchema, marketCtx, marketParams } from '../params';

const routes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['staff'];

  app.post(
    '/staff/login/',
    {
      config: ipLimit(app.limits.login),
      schema: {
        tags,
        summary: 'Staff login (barber or manager of one shop, or an operator of the chain)',
        description: `Answers an access token valid ${STAFF_TOKEN_TTL_S / 3600} hours (one shift) and no refresh token: log in again after it. A password change by a manager ends the account's sessions. An operator (\`operator-{market}\`, or \`operator\` for the whole chain) gets \`operator\` instead of \`staff\`: its token reads /operator/ of every market it covers, and no staff route.`,
        params: marketParams,
        body: staffLoginSchema,
        response: { 200: consoleLoginAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => {
      const ctx = marketCtx(app, request.params.market);
      const { username, password } = request.body;
      const identity = `staff:${username}` as const;
      const attempt = await guardAttempt(app, ctx, 'login', identity, request.ip);
      const answer = await consoleLogin(app, ctx, app.tokens, username, password);
      await attempt.succeeded();
      await rememberAddress(ctx, identity, request.ip, app.now());
      return answer;
    },
  );

  app.get(
    '/staff/queue/',
    {
      schema: {
        tags,
        summary:
          "The caller's shop: chairs, every active order with its estimate, recent undoable actions",
        params: marketParams,
        response: { 200: staffQueueSchema },
      },
    },
    async (request) => {
      const ctx = marketCtx(app, request.params.market);
      const { pobId } = await staffCaller(request, ctx, ctx.market);
      return staffQueue(ctx, app.queue, pobId, app.now());
    },
  );

  app.post(
    '/staff/walk-ins/',
    {
      schema: {
        tags,
        summary: 'Add a walk-in customer to the queue',
        description:
          'With a phone number of a registered customer the order is theirs and has their membership priority (409 `active_order_exists` when they already queue; 409 `no_member` when no customer has that number: send it again without the phone for a one-time walk-in). Walk-ins skip the online checks (full, closing soon): staff decide. Walk-ins count as checked in. `barber_id` names the barber the walk-in asked for (null or absent: the first available); 409 `barber_unknown`, `barber_removed` or `barber_off_today` as for an app order.',
        params: marketParams,
        body: walkInSchema,
        response: { 201: createOrderAnswerSchema, ...errorAnswers },
      },
    },
    async (request, reply) => {
      const ctx = marketCtx(app, request.params.market);
      const { pobId } = await staffCaller(request, ctx, ctx.market);
      const now = app.now();
      const { phone, name, items, barber_id } = request.body;
      let customer: typeof customers.$inferSelect | undefined;
      if (phone) {
        const e164 = normalisePhone(phone, ctx.info.dialCode);
        [customer] = await ctx.db.select().from(customers).where(eq(customers.phone, e164));
        // A mistyped number must not silently become a nameless one-time walk-in while staff
        // believe the member got their priority: staff confirm, and send it without the phone.
        if (!customer) {
          throw new HttpError(
            409,
            'no_member',
            'No member with this number: add the customer as a one-time walk-in?',
            { phone: 'No member with this number' },
          );
        }
      }
      const row = await joinQueue(ctx, app.queue, now, {
        pobId,
        customerId: customer?.id ?? null,
        priority: customer ? priorityOf(customer, new Date(now).toISOString().slice(0, 10)) : 0,
        source: 'walk_in',
        walkInName: name ?? null,
        barberId: barber_id ?? null,
        items: items.map((i) => ({
          service_id: i.service_id,
          extra_service_ids: i.extra_service_ids,
        })),
      });
      return reply.code(201).send({ id: row.id });
    },
  );

  const action = (path: string, act: StaffAction, summary: string, description: string) =>
    app.post(
      `/staff/orders/:orderId/${path}/`,
      {
        schema: {
          tags,
          summary,
          description,
          params: marketParams.extend({ orderId: idSchema }),
          body: act === 'start' ? staffStartSchema.nullish() : z.object({}).strict().nullish(),
          response: { 200: staffActionAnswerSchema, ...errorAnswers },
        },
      },
      async (request) => {
        const ctx = marketCtx(app, request.params.market);
        const caller = await staffCaller(request, ctx, ctx.market);
        const now = app.now();
        const body = request.body as { chair?: number } | null | undefined;
        const row = await runStaffAction(
          { ctx, queue: app.queue, now, pobId: caller.pobId, staffId: caller.member.id },
          request.params.orderId,
          act,
          { chair: body?.chair },
        );
        return {
          id: row.id,
          status: row.status as 'active' | 'cancelled' | 'serviced' | 'noShow',
          undo: undoOf(row, now),
        };
      },
    );

  const undoable = `Can be undone for ${STAFF_UNDO_WINDOW_MS / 60_000} minutes with /undo/.`;
  action(
    'start',
    'start',
    'Start a waiting customer on a chair',
    `Body \`{chair?}\`: a free chair on duty, else the lowest free one (409 when all are busy). ${undoable}`,
  );
  action(
    'finish',
    'finish',
    'Finish a service: serviced, with a receipt',
    `The customer's receipt has the market's VAT; the order enters their history. ${undoable}`,
  );
  action(
    'no-show',
    'no_show',
    'Mark a waiting customer as not come',
    `409 \`held\` while the customer's spot is held (they set off on the leave-now alert and the shop's grace after their expected arrival is not over). ${undoable}`,
  );
  action(
    'defer',
    'defer',
    'Swap a waiting customer with the next one',
    'The customer keeps a place right behind the next one instead of losing it.',
  );
  action('cancel', 'cancel', 'Cancel an active order', undoable);
  action(
    'undo',
    'undo',
    'Undo the last start, finish, no-show or cancel',
    `Within ${STAFF_UNDO_WINDOW_MS / 60_000} minutes; 409 when nothing can be undone, or when the customer has joined again since.`,
  );

  app.patch(
    '/staff/shop/',
    {
      schema: {
        tags,
        summary: 'Chairs on duty, online queue state (open, full, closed) and notice',
        description:
          "Answers the staff queue. In a shop with named barbers its chairs on duty are its barbers on duty: `chairs` signs barbers on (those planned now first) or off (the highest chairs first) until that many are on duty, as POST/DELETE /staff/barbers/{id}/duty/ do one by one (409 `chairs_follow_barbers` for more chairs than barbers). `queue_state` stops or resumes online orders; outside opening hours customers see closed anyway. `notice_translations` gives the notice in other languages than the market's; `notice_translations`, when sent, replaces the stored ones (send every language); a changed notice without it keeps the other languages as they are; a cleared notice (null) clears them all.",
        params: marketParams,
        body: staffShopPatchSchema,
        response: { 200: staffQueueSchema },
      },
    },
    async (request) => {
      const ctx = marketCtx(app, request.params.market);
      const { pobId } = await staffCaller(request, ctx, ctx.market);
      const b = request.body;
      const set: Partial<typeof pobs.$inferInsert> = { updatedAt: new Date(app.now()) };
      if (b.chairs !== undefined) {
        // A shop with named barbers has its barbers on duty as its chairs (issue 30).
        const [named] = await ctx.db
          .select({ id: barbers.id })
          .from(barbers)
          .where(and(eq(barbers.pobId, pobId), isNull(barbers.removedAt)))
          .limit(1);
        if (named) {
          await setBarbersOnDuty({ ctx, queue: app.queue, pobId, now: app.now() }, b.chairs);
        } else {
          set.chairs = b.chairs;
        }
      }
      if (b.queue_state !== undefined) set.queueState = b.queue_state;
      if (b.notice !== undefined) {
        set.notice = b.notice?.trim() || null;
        // An edit in one language never touches another; only clearing the notice clears them all.
        if (set.notice === null) set.translations = {};
        else if (b.notice_translations !== undefined) set.translations = b.notice_translations;
      } else if (b.notice_translations !== undefined) {
        set.translations = b.notice_translations;
      }
      await ctx.db.update(pobs).set(set).where(eq(pobs.id, pobId));
      await app.queue.changed(ctx, pobId);
      return staffQueue(ctx, app.queue, pobId, app.now());
    },
  );
};

export default routes;
