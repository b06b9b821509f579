// A customer's orders: join a shop's queue, follow the order, check in, leave; the history.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, desc, eq } from 'drizzle-orm';
import {
  ARRIVAL_MAX_ACCURACY_M,
  ARRIVAL_RADIUS_M,
  arrivalSchema,
  BARBER_CHANGES_MAX,
  SERVER_TEXT,
  createOrderAnswerSchema,
  createOrderSchema,
  orderAlertsPutSchema,
  orderListSchema,
  orderSchema,
  patchOrderSchema,
  REJOIN_WINDOW_MS,
  SELF_DEFER_MAX,
  TRAVEL_MAX_MINUTES,
  selfDeferAnswerSchema,
  selfDeferSchema,
  travelSchema,
} from '@jono/contract';
import { z } from 'zod';
import { customers, orders } from '../../db/schema';
import { requireCustomer } from '../../lib/auth';
import { HttpError, notFound } from '../../lib/http-error';
import { ipCounted, ipLimit, ipRule } from '../../plugins/rate-limits';
import { ATTEMPT_SQL, attemptParams, refusal } from '../../services/rate-counters';
import { runNamed } from '../../db/prepared';
import { membershipPriority } from '../../services/profiles';
import {
  activeOrderExists,
  joinQueue,
  orderAnswer,
  orderAnswers,
  ownOrderChange,
  rejoinRequest,
} from '../../services/orders';
import { changeQueue } from '../../services/queue-change';
import { barberChange } from '../../services/barber-choice';
import { deferOwnOrder } from '../../services/self-service';
import { shareTravel } from '../../services/travel';
import { arriveByPosition, notYetArrived } from '../../services/arrival';
import { setOrderAlerts } from '../../services/order-alerts';
import { customerParams, errorAnswers, idSchema, marketCtx } from '../params';

const orderParams = customerParams.extend({ orderId: idSchema });

/**
 * The join's first statement: the IP's attempt ($1-$3, ATTEMPT_SQL), the customer ($4) and
 * whether they already queue somewhere. Constant text: a named statement (db/prepared.ts).
 */
const JOIN_READ_SQL = `with attempt as (${ATTEMPT_SQL}) select a.hits, a.reset_at, c.id, c.firstname, c.lastname, c.membership_type, c.membership_end, (select o.id from orders o where o.customer_id = c.id and o.status = 'active' limit 1) as active_order from attempt a left join customers c on c.id = $4::int`;

/** JOIN_READ_SQL's row, in select order. */
interface JoinRead {
  hits: number;
  resetAt: Date | string;
  id: number | null;
  firstname: string | null;
  lastname: string | null;
  membershipType: string | null;
  membershipEnd: string | null;
  activeOrder: number | null;
}

const joinReadOf = (rows: unknown[][]): JoinRead | undefined => {
  const r = rows[0];
  if (!r) return undefined;
  return {
    hits: Number(r[0]),
    resetAt: r[1] as Date | string,
    id: r[2] as number | null,
    firstname: r[3] as string | null,
    lastname: r[4] as string | null,
    membershipType: r[5] as string | null,
    membershipEnd: r[6] as string | null,
    activeOrder: r[7] as number | null,
  };
};

const routes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['orders'];

  app.post(
    '/customers/:id/orders/',
    {
      config: ipLimit(app.limits.orders, { inRoute: true }),
      schema: {
        tags,
        summary: "Join a shop's queue",
        description: [
          'Every item has `amount` 1, the service and its extras; titles, prices and durations are',
          "taken from the shop's catalogue, not from the body. The order's priority is the",
          "customer's membership level.",
          '',
          '- 400 `validation`: a service not offered by the shop, or an extra not of its service',
          `- 409 \`active_order_exists\`: the customer already has an active order`,
          `- 409 \`not_taking_orders\`: closed, full, or no barber on duty ("${SERVER_TEXT.notTakingOrders}")`,
          `- 409 \`time_slot\`: the order would end after closing ("${SERVER_TEXT.timeSlot}")`,
          '',
          '`barber_id` chooses a barber (null or absent: the first available), refused with',
          '409 `barber_unknown` (not a barber of this shop), `barber_removed`, or',
          '`barber_off_today` (off duty with no shift left today).',
        ].join('\n'),
        params: customerParams,
        body: createOrderSchema,
        response: { 201: createOrderAnswerSchema, ...errorAnswers },
      },
    },
    async (request, reply) => {
      const { market, id } = request.params;
      const ctx = marketCtx(app, market);
      const now = app.now();
      // The IP's attempt (counted first, as the hook counts it on other routes), the customer and
      // whether they already queue somewhere, in one statement.
      const rule = ipRule(request, app.limits.orders);
      const found = await runNamed(
        ctx.db,
        'join_read',
        JOIN_READ_SQL,
        [...attemptParams(rule, now), id],
        joinReadOf,
      );
      if (!found) throw new Error('the attempt was not counted');
      await ipCounted(request, reply, ctx.db, rule, refusal(rule, found.hits, found.resetAt, now));
      await requireCustomer(request, market, id);
      if (found.id === null) throw new HttpError(404, 'not_found', SERVER_TEXT.userNotFound);
      if (found.activeOrder !== null) throw activeOrderExists();
      const customer = {
        firstname: found.firstname ?? '',
        lastname: found.lastname ?? '',
        membershipType: found.membershipType,
        membershipEnd: found.membershipEnd,
      };
      const row = await joinQueue(ctx, app.queue, now, {
        pobId: request.body.pob_id,
        customerId: id,
        customer,
        checkedNoActiveOrder: true,
        priority: membershipPriority(
          customer.membershipType,
          customer.membershipEnd,
          new Date(now).toISOString().slice(0, 10),
        ),
        source: 'app',
        barberId: request.body.barber_id ?? null,
        items: request.body.items.map((i) => ({
          service_id: i.service_id,
          extra_service_ids: i.extra_services.map((e) => e.service_id),
        })),
      });
      return reply.code(201).send({ id: row.id });
    },
  );

  app.get(
    '/customers/:id/orders/',
    {
      schema: {
        tags,
        summary: "The customer's orders, newest first (history)",
        params: customerParams,
        response: { 200: orderListSchema },
      },
    },
    async (request) => {
      const { market, id } = request.params;
      const ctx = marketCtx(app, market);
      await requireCustomer(request, market, id);
      const rows = await ctx.db
        .select()
        .from(orders)
        .where(eq(orders.customerId, id))
        .orderBy(desc(orders.joinedAt), desc(orders.id))
        .limit(100);
      const items = await orderAnswers(ctx, app.queue, id, rows, app.now());
      return { items };
    },
  );

  const findOrder = async (
    market: Parameters<typeof marketCtx>[1],
    id: number,
    orderId: number,
  ) => {
    const ctx = marketCtx(app, market);
    const [row] = await ctx.db
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.customerId, id)));
    if (!row) throw notFound('Order not found');
    return { ctx, row };
  };

  app.get(
    '/customers/:id/orders/:orderId/',
    {
      schema: {
        tags,
        summary: 'One order with its live estimate',
        description: [
          '`service_time_estimate.wait_time`: median minutes until the order reaches a chair (0 when at the chair); `wait_range` `{low, high}`: the 80 % interval of that wait. Both null when the order is no longer active.',
          "`in_service`: the customer is in a barber's chair now. `ahead`: customers ahead in the queue while waiting (0: next), null otherwise.",
        ].join('\n\n'),
        params: orderParams,
        response: { 200: orderSchema },
      },
    },
    async (request) => {
      const { market, id, orderId } = request.params;
      await requireCustomer(request, market, id);
      const { ctx, row } = await findOrder(market, id, orderId);
      return orderAnswer(ctx, app.queue, row, app.now());
    },
  );

  app.patch(
    '/customers/:id/orders/:orderId/',
    {
      schema: {
        tags,
        summary:
          'Check in (`{customer_at_pob: true}`), leave the queue (`{cancel: true}`) or change barber (`{barber_id}`)',
        description: `Answers the order. Only an active order can be changed (409 \`conflict\` or \`no_longer_active\` otherwise); an order already at a chair cannot be cancelled or change barber (409 \`not_waiting\`). Checking in twice is harmless; a check-in confirms a presence the app recorded from the customer's position (\`presence_source\` becomes null, POST .../arrival/).\n\n\`{barber_id}\` (null: the first available) keeps the order's place: the time already waited counts for the new barber too. At most ${BARBER_CHANGES_MAX} changes per order (409 \`barber_changes_spent\`); taking the first available while the chosen barber is off duty costs none. Refusals as when joining: 409 \`barber_unknown\`, \`barber_removed\`, \`barber_off_today\`.`,
        params: orderParams,
        body: patchOrderSchema,
        response: { 200: orderSchema, ...errorAnswers },
      },
    },
    async (request) => {
      const { market, id, orderId } = request.params;
      await requireCustomer(request, market, id);
      // The order's shop, known without a query when this process has seen the order (its shop
      // and customer never change); the change checks the customer again under the lock.
      const home = app.queue.orderHome(market, orderId);
      const ctx = marketCtx(app, market);
      const pobId =
        home && home.customerId === id
          ? home.pobId
          : (await findOrder(market, id, orderId)).row.pobId;
      const at = app.now();
      // Under the shop's lock, with the shop's queue read once (services/queue-change.ts).
      const body = request.body;
      if ('barber_id' in body) {
        const { result } = await changeQueue(
          ctx,
          app.queue,
          pobId,
          at,
          barberChange(orderId, id, body.barber_id, at, { by: 'customer' }),
        );
        return orderAnswer(ctx, app.queue, result, app.now());
      }
      const { result: updated } = await changeQueue(
        ctx,
        app.queue,
        pobId,
        at,
        ownOrderChange(orderId, id, 'cancel' in body ? 'cancel' : 'check_in', at),
      );
      return orderAnswer(ctx, app.queue, updated.row, app.now(), updated.rejoinSpent);
    },
  );

  app.post(
    '/customers/:id/orders/:orderId/defer/',
    {
      schema: {
        tags,
        summary: '"I need more time": not called for 15 or 30 minutes, keeping the place',
        description: [
          `The order gets no chair until \`minutes\` after it could otherwise sit (now, its expected arrival, or the end of the time it already asked for: a second request adds to the first). It keeps its place and the time waited; chairs that free meanwhile go to the customers behind who are there, so it moves back only as far as needed. \`preview: true\` answers the new wait without changing anything. At most ${SELF_DEFER_MAX} times per order; members keep their priority.`,
          '',
          `- 409 \`time_slot\`: the service would then end after closing ("${SERVER_TEXT.timeSlot}")`,
          '- 409 `limit_reached`: asked twice already',
          '- 409 `conflict`: the order is not waiting (served, at a chair, gone)',
        ].join('\n'),
        params: orderParams,
        body: selfDeferSchema,
        response: { 200: selfDeferAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => {
      const { market, id, orderId } = request.params;
      await requireCustomer(request, market, id);
      const { ctx, row } = await findOrder(market, id, orderId);
      const { minutes, preview } = request.body;
      return deferOwnOrder(ctx, app.queue, app.now(), row, minutes, preview);
    },
  );

  app.post(
    '/customers/:id/orders/:orderId/travel/',
    {
      schema: {
        tags,
        summary: 'Share how far away the customer is, for the leave-now alert',
        description: [
          'Either a position once (`latitude`, `longitude`, `mode`: walk, bike, car or transit), turned into minutes from the straight line and the way of travel, scaled by how long this shop\'s app customers really took to check in (the position itself is not stored), or `{minutes}`: "I am N minutes away". The answer is the order: `presence.travel_minutes`, and `presence.leave_at`, when to set off.',
          'When the early end of the wait\'s range minus the travel time comes, the customer is told to leave by push or SMS (once, never at night); from then they are on the way, and their spot is held until the expected arrival plus the shop\'s grace. This replaces the "turn near" notice.',
          '',
          `- 400 \`validation\` on \`latitude\`, \`longitude\`: the position is more than ${TRAVEL_MAX_MINUTES} minutes away`,
          '- 409 `conflict`: the order is not waiting away from the shop, or the alert was already sent',
        ].join('\n'),
        params: orderParams,
        body: travelSchema,
        response: { 200: orderSchema, ...errorAnswers },
      },
    },
    async (request) => {
      const { market, id, orderId } = request.params;
      await requireCustomer(request, market, id);
      const { ctx, row } = await findOrder(market, id, orderId);
      return shareTravel(ctx, app.queue, app.now(), row, request.body);
    },
  );

  app.post(
    '/customers/:id/orders/:orderId/arrival/',
    {
      config: ipLimit(app.limits.orders),
      schema: {
        tags,
        summary: 'The app saw the customer arrive at the shop (their shared position)',
        description: [
          `Sent by the app, never asked of the customer: one who already let the app use their position, waiting and not checked in, came within ${ARRIVAL_RADIUS_M} m of the shop with a fix accurate to ${ARRIVAL_MAX_ACCURACY_M} m or better (\`accuracy\`, metres). The server checks the fix against the shop's own position and records the customer at the shop as a check-in does (the engine seats them, the board shows them here), with \`presence_source: "position"\` in the answer: the customer's own check-in (PATCH \`{customer_at_pob: true}\`) confirms it, DELETE undoes it ("not yet"). The position is used for this check only: it is neither stored nor logged. Sending it again, or once checked in, is harmless. Answers the order.`,
          '',
          `- 409 \`not_at_shop\`: the fix is more than ${ARRIVAL_RADIUS_M} m from the shop, or less accurate than ${ARRIVAL_MAX_ACCURACY_M} m`,
          '- 409 `conflict`, `no_longer_active`, `not_waiting`: the order is not waiting',
          '- 429 `rate_limited`: as for orders, per address',
        ].join('\n'),
        params: orderParams,
        body: arrivalSchema,
        response: { 200: orderSchema, ...errorAnswers },
      },
    },
    async (request) => {
      const { market, id, orderId } = request.params;
      await requireCustomer(request, market, id);
      const { ctx, row } = await findOrder(market, id, orderId);
      return arriveByPosition(ctx, app.queue, app.now(), row, request.body);
    },
  );

  app.delete(
    '/customers/:id/orders/:orderId/arrival/',
    {
      config: ipLimit(app.limits.orders),
      schema: {
        tags,
        summary: '"Not yet": undo an arrival the app saw by position',
        description: [
          "The customer is not at the shop after all: the presence recorded from their position is undone (they wait away again, as before). Only a presence the position recorded: after their own check-in or staff's, 409 `conflict`. Twice is harmless. Answers the order.",
          '',
          '- 409 `conflict`: checked in by the customer or staff, or the order is not active',
          '- 409 `not_waiting`: already at a chair',
        ].join('\n'),
        params: orderParams,
        response: { 200: orderSchema, ...errorAnswers },
      },
    },
    async (request) => {
      const { market, id, orderId } = request.params;
      await requireCustomer(request, market, id);
      const { ctx, row } = await findOrder(market, id, orderId);
      return notYetArrived(ctx, app.queue, app.now(), row);
    },
  );

  app.put(
    '/customers/:id/orders/:orderId/alerts/',
    {
      schema: {
        tags,
        summary: 'When and how the customer is told their turn is near, for this order',
        description: [
          '`ahead`: alert when this many are ahead (0: next in line), or `minutes`: this many minutes before the turn (not both; both null: about 10 minutes before, or next in line). `channel`: `push`, `sms` or `none` (null: push where subscribed, else SMS). One alert per order by one channel, never both; a kiosk walk-in is texted as before. Answers the order (`alerts`).',
          '',
          '- 400 `validation`: both `ahead` and `minutes`, or out of range',
          '- 409 `conflict`: the order is no longer active',
        ].join('\n'),
        params: orderParams,
        body: orderAlertsPutSchema,
        response: { 200: orderSchema, ...errorAnswers },
      },
    },
    async (request) => {
      const { market, id, orderId } = request.params;
      await requireCustomer(request, market, id);
      const ctx = marketCtx(app, market);
      const row = await setOrderAlerts(ctx, id, orderId, request.body, app.now());
      // The choice may make the alert due now.
      await app.queue.changed(ctx, row.pobId);
      return orderAnswer(ctx, app.queue, row, app.now());
    },
  );

  app.post(
    '/customers/:id/orders/:orderId/rejoin/',
    {
      config: ipLimit(app.limits.orders),
      schema: {
        tags,
        summary: 'Rejoin at the former place after a no-show or leaving by mistake',
        description: [
          `Within ${REJOIN_WINDOW_MS / 60_000} minutes of the no-show or leaving, once a day: a new order with the same services at the place the former one would have had. Answers the new order's id.`,
          '',
          '- 409 `limit_reached`: too late, or rejoined already today',
          '- 409 `conflict`: the order was served or is still active',
          '- 409 `active_order_exists`, `not_taking_orders`, `time_slot`: as when joining',
        ].join('\n'),
        params: orderParams,
        body: z.object({}).strict().nullish(),
        response: { 201: createOrderAnswerSchema, ...errorAnswers },
      },
    },
    async (request, reply) => {
      const { market, id, orderId } = request.params;
      await requireCustomer(request, market, id);
      const { ctx, row } = await findOrder(market, id, orderId);
      const [customer] = await ctx.db.select().from(customers).where(eq(customers.id, id));
      if (!customer) throw new HttpError(404, 'not_found', SERVER_TEXT.userNotFound);
      const now = app.now();
      const joined = await joinQueue(ctx, app.queue, now, rejoinRequest(row, customer, now));
      return reply.code(201).send({ id: joined.id });
    },
  );
};

export default routes;
