// The operators' API under /api/{market}/operator/: the chain board of every shop of the market,
// live, and (services/operator-*.ts) accuracy, moves, the staffing forecast and the charts. Every
// route checks the operator's session and that it covers this market (route-auth.ts does it
// before validation, the handlers again); staff, customers and devices get 403.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCURACY_DAYS,
  ACCURACY_MIN_ESTIMATES,
  MARKETS,
  forecastQuerySchema,
  forecastSchema,
  operatorAccuracySchema,
  chainAccuracySchema,
  operatorChartsSchema,
  pathId,
  inputText,
  moveOrderAnswerSchema,
  createOperatorAccountSchema,
  okAnswerSchema,
  operatorAccountSchema,
  operatorAccountsSchema,
  resetOperatorPasswordSchema,
  moveOrderSchema,
  operatorShopsQuerySchema,
  operatorWaitingOrdersSchema,
  operatorShopsSchema,
  type Market,
} from '@jono/contract';
import { forbidden, notFound } from '../../lib/http-error';
import { afterMove, moveOrder } from '../../services/operator-move';
import { forecastCsv, operatorCharts, staffingForecast } from '../../services/operator-insights';
import { findShopRow } from '../../services/shops';
import {
  accuracyPerDay,
  outcomesSince,
  publishedAccuracy,
} from '../../services/published-accuracy';
import { shortName } from '../../services/staff-queue';
import { operatorCaller, operatorSession } from '../../services/operator-auth';
import { endWithSession, publishRevocation } from '../../services/revocation';
import {
  chainCaller,
  createAccount,
  listAccounts,
  removeAccount,
  resetPassword,
} from '../../services/operator-accounts';
import { HEARTBEAT_MS } from '../../services/sse';
import { errorAnswers, idSchema, marketCtx, marketParams } from '../params';

export const OPERATOR_TAG = 'operator';

const routes: FastifyPluginAsyncZod = async (app) => {
  const tags = [OPERATOR_TAG];

  app.get(
    '/operator/shops/:id/orders/',
    {
      schema: {
        tags,
        summary: "A shop's waiting orders (not yet at a chair), the ones an operator may move",
        params: marketParams.extend({ id: idSchema }),
        response: { 200: operatorWaitingOrdersSchema, ...errorAnswers },
      },
    },
    async (request) => {
      const { market, id } = request.params;
      await operatorCaller(request, market);
      const ctx = marketCtx(app, market);
      const view = await app.queue.view(ctx, id).catch(() => {
        throw notFound('Shop not found');
      });
      return view.active
        .filter((o) => !o.startedAt)
        .sort((a, b) => b.priority - a.priority || a.rank - b.rank)
        .map((o) => ({
          id: o.id,
          ticket: o.ticket,
          customer_name: shortName(o.customer, o.walkInName),
          priority: o.priority,
          joined_at: o.joinedAt.toISOString(),
          wait_estimate: view.estimate.orders.get(o.id)?.waitMinutes ?? null,
        }));
    },
  );

  app.post(
    '/operator/moves/',
    {
      schema: {
        tags,
        summary: 'Move a waiting order to another shop of the market, keeping its place',
        description:
          "Under both shops' locks (taken in the order of their ids): the order keeps its priority, rank and join time, so the time already waited is its place at the other shop; the old order is cancelled and the new one has `moved_from`. The customer is told (a push message or SMS written to the outbox in the move's transaction, sent with retries) and can go back (POST /customers/{id}/orders/{orderId}/move-back/). 409 when the order left the queue, moved or reached a chair meanwhile, or the other shop takes no orders or lacks one of its services.",
        params: marketParams,
        body: moveOrderSchema,
        response: { 200: moveOrderAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => {
      const { market } = request.params;
      await operatorCaller(request, market);
      const ctx = marketCtx(app, market);
      const moved = await moveOrder(
        ctx,
        {
          orderId: request.body.order_id,
          toPobId: request.body.to_pob_id,
          tell: { pushEnabled: app.queue.push !== null },
        },
        app.now(),
      );
      return afterMove(app, ctx, moved, true);
    },
  );

  app.get(
    '/operator/shops/',
    {
      schema: {
        tags,
        summary: 'Every shop of the market, live, sorted by what needs attention',
        description:
          "State, barbers on duty, customers waiting by priority, the wait a new customer of each priority is shown (with its range), the last hour's joins, no-shows and failed customer alerts, and an attention score with its reasons (a closed queue with customers waiting, a one-time wait over 45 minutes, turn-near or leave-now alerts the outbox marked failed or expired in the last hour, full, many no-shows). Built once per queue change of the market (at most 30 s old). Paginated: `offset` and `limit` (default 500, at most 1000); `count` is every shop of the market.",
        params: marketParams,
        querystring: operatorShopsQuerySchema,
        response: { 200: operatorShopsSchema, ...errorAnswers },
      },
    },
    async (request) => {
      const { market } = request.params;
      await operatorCaller(request, market);
      const ctx = marketCtx(app, market);
      const { offset, limit } = request.query;
      const all = await app.operatorBoard.shops(ctx);
      const end = offset + limit;
      return {
        count: all.length,
        offset,
        next_offset: end < all.length ? end : null,
        at: new Date(app.now()).toISOString(),
        shops: all.slice(offset, end),
      };
    },
  );

  app.get(
    '/operator/accuracy/',
    {
      schema: {
        tags,
        summary: 'Published accuracy per day: one shop, or every shop of the market',
        description: `The last ${ACCURACY_DAYS} days' figures per local day and in total: share of waits inside the range shown, median error (minutes), share who waited more than 10 minutes longer than shown. \`summary\` is null below ${ACCURACY_MIN_ESTIMATES} estimates with a known outcome (the customer app shows nothing then); days without estimates have nulls. Without \`pob_id\`, chain-wide for the market.`,
        params: marketParams,
        querystring: z.object({ pob_id: pathId.optional() }).strict(),
        response: { 200: operatorAccuracySchema, ...errorAnswers },
      },
    },
    async (request) => {
      const { market } = request.params;
      await operatorCaller(request, market);
      const ctx = marketCtx(app, market);
      const pobId = request.query.pob_id;
      const now = app.now();
      const list = await outcomesSince(ctx, now - ACCURACY_DAYS * 86_400_000, pobId);
      return {
        pob_id: pobId ?? null,
        summary: publishedAccuracy(list),
        per_day: accuracyPerDay(list, ctx.info.timeZone, now),
      };
    },
  );

  app.get(
    '/operator/accuracy/chain/',
    {
      schema: {
        tags,
        summary: "Published accuracy across the operator's markets: the whole chain",
        description: `The chain-wide figures of the last ${ACCURACY_DAYS} days over every shop of the operator's markets (\`markets\`: a comma-separated list of them; default all it covers that this server serves), in total, per day (each estimate on its own shop's local date) and per market. Each figure is null below ${ACCURACY_MIN_ESTIMATES} estimates with a known outcome. Each market is read in its own schema; a market the operator does not cover is 403. Kept 10 minutes.`,
        params: marketParams,
        querystring: z.object({ markets: inputText().max(40).optional() }).strict(),
        response: { 200: chainAccuracySchema, ...errorAnswers },
      },
    },
    async (request) => {
      const { market } = request.params;
      const caller = await operatorCaller(request, market);
      const asked = request.query.markets
        ? [...new Set(request.query.markets.split(',').map((m) => m.trim()))].filter(Boolean)
        : caller.operator.markets.filter((m) => app.markets.has(m));
      for (const m of asked) {
        if (
          !(MARKETS as readonly string[]).includes(m) ||
          !caller.operator.markets.includes(m as Market)
        ) {
          throw forbidden();
        }
      }
      const served = asked.filter((m) => app.markets.has(m as Market)).sort();
      return app.accuracy.forChain(served.map((m) => marketCtx(app, m as Market)));
    },
  );

  const forecastOf = async (market: Market, pobId: number, target: number) => {
    const ctx = marketCtx(app, market);
    const pob = await findShopRow(ctx, pobId);
    if (!pob) throw notFound('Shop not found');
    return staffingForecast(ctx, app.insights, pob, target, app.now());
  };
  const forecastDescription =
    "Barbers each open hour of the next 7 days needs so that a one-time customer's mean wait stays at or under `target` minutes (default 15): Erlang C (M/M/c) with members served first (Cobham's non-preemptive priority formula), from the arrival rates per weekday and hour learnt over the last 8 weeks (served joins only: no-shows and leavers taken out) and the mean service time. `on_duty_last_week`: chairs that served someone in the same hour a week earlier. `rostered`: for a shop with named barbers, how many its rota plans at work for at least half of the hour (each day's own shifts, else the weekly template); null otherwise.";

  app.get(
    '/operator/forecast/',
    {
      schema: {
        tags,
        summary: 'Staffing forecast of one shop, per hour for the next 7 days',
        description: forecastDescription,
        params: marketParams,
        querystring: forecastQuerySchema,
        response: { 200: forecastSchema, ...errorAnswers },
      },
    },
    async (request) => {
      const { market } = request.params;
      await operatorCaller(request, market);
      return forecastOf(market, request.query.pob_id, request.query.target);
    },
  );

  app.get(
    '/operator/forecast.csv',
    {
      schema: {
        tags,
        summary: 'The staffing forecast as CSV (text/csv, one row per hour)',
        description: forecastDescription,
        params: marketParams,
        querystring: forecastQuerySchema,
      },
    },
    async (request, reply) => {
      const { market } = request.params;
      await operatorCaller(request, market);
      const forecast = await forecastOf(market, request.query.pob_id, request.query.target);
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="jono-forecast-${market}-${forecast.pob_id}.csv"`,
        )
        .send(forecastCsv(forecast));
    },
  );

  app.get(
    '/operator/charts/',
    {
      schema: {
        tags,
        summary: 'The last 8 weeks in pictures: one shop, or every shop of the market',
        description:
          'Waits from joining to a chair per hour of the day (median, 90th percentile), average joins per day by weekday and hour, drop-off (left or no-show) by place in line and by shown wait, service durations per service and per barber. Kept 10 minutes.',
        params: marketParams,
        querystring: z.object({ pob_id: pathId.optional() }).strict(),
        response: { 200: operatorChartsSchema, ...errorAnswers },
      },
    },
    async (request) => {
      const { market } = request.params;
      await operatorCaller(request, market);
      const ctx = marketCtx(app, market);
      return operatorCharts(ctx, app.insights, request.query.pob_id, app.now());
    },
  );

  app.get(
    '/operator/events',
    {
      config: { tokenInQuery: true },
      schema: {
        tags,
        summary: "Every shop of the operator's markets, live: one stream for the whole chain",
        description: `Content type \`text/event-stream\`. After each batch of queue changes (gathered for a second) one message per market with the shops that changed: \`{market, shops: [...]}\`, each shop as in GET /operator/shops/. The client loads the board with GET /operator/shops/ first. \`markets\`: a comma-separated list of the operator's markets (default: the market of the path). A comment line after ${HEARTBEAT_MS / 1000} s without a message keeps the connection alive; the stream ends when the token expires.`,
        params: marketParams,
        querystring: z
          .object({
            access_token: inputText().max(4000).optional(),
            last_event_id: inputText().max(100).optional(),
            markets: inputText().max(40).optional(),
          })
          .strict(),
      },
    },
    async (request, reply) => {
      const { market } = request.params;
      const caller = await operatorCaller(request, market);
      const asked = (request.query.markets ?? market)
        .split(',')
        .map((m) => m.trim())
        .filter(Boolean);
      const wanted = [...new Set(asked)];
      for (const m of wanted) {
        if (
          !(MARKETS as readonly string[]).includes(m) ||
          !caller.operator.markets.includes(m as Market)
        ) {
          throw forbidden();
        }
      }
      const contexts = wanted.map((m) => marketCtx(app, m as Market));
      // Removing the account or resetting its password ends this stream at once (any process).
      endWithSession(app, reply, {
        market: caller.home.market,
        operatorId: caller.row.id,
        session: operatorSession(caller.row),
      });
      const live = app.live.streams.start(
        request,
        reply,
        caller.tokenExpiresAt === undefined ? undefined : caller.tokenExpiresAt - app.now(),
      );
      app.operatorBoard.attach(contexts, live);
    },
  );

  // The market's operator accounts: the chain operator's alone (services/operator-accounts.ts).
  const chainOnly =
    'Only the chain operator (an operator covering more than one market); a market operator, staff and customers get 403.';
  app.get(
    '/operator/accounts/',
    {
      schema: {
        tags,
        summary: "The market's operator accounts",
        description: chainOnly,
        params: marketParams,
        response: { 200: operatorAccountsSchema, ...errorAnswers },
      },
    },
    async (request) => {
      const { market } = request.params;
      await chainCaller(request, market);
      return listAccounts(marketCtx(app, market));
    },
  );

  app.post(
    '/operator/accounts/',
    {
      schema: {
        tags,
        summary: 'Creates an operator of the market',
        description: `${chainOnly} The account sees this market only and signs in at its staff login. 409 when the username is taken in any market.`,
        params: marketParams,
        body: createOperatorAccountSchema,
        response: { 201: operatorAccountSchema, ...errorAnswers },
      },
    },
    async (request, reply) => {
      const { market } = request.params;
      await chainCaller(request, market);
      const created = await createAccount(app, marketCtx(app, market), request.body);
      return reply.code(201).send(created);
    },
  );

  app.delete(
    '/operator/accounts/:id/',
    {
      schema: {
        tags,
        summary: 'Removes an operator of the market',
        description: `${chainOnly} Its sessions end at once. 404 for an unknown id or the chain operator's own account.`,
        params: marketParams.extend({ id: idSchema }),
        response: { 200: okAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => {
      const { market, id } = request.params;
      await chainCaller(request, market);
      const ctx = marketCtx(app, market);
      await removeAccount(ctx, id);
      await publishRevocation(app, ctx, { kind: 'operator', operatorId: id });
      return { ok: true as const };
    },
  );

  app.post(
    '/operator/accounts/:id/password/',
    {
      schema: {
        tags,
        summary: "Sets a market operator's new password",
        description: `${chainOnly} The account's open sessions end.`,
        params: marketParams.extend({ id: idSchema }),
        body: resetOperatorPasswordSchema,
        response: { 200: okAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => {
      const { market, id } = request.params;
      await chainCaller(request, market);
      const ctx = marketCtx(app, market);
      await resetPassword(ctx, id, request.body.password);
      await publishRevocation(app, ctx, { kind: 'operator', operatorId: id });
      return { ok: true as const };
    },
  );
};

export default routes;
