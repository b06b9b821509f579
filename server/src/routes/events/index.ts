// Live updates over Server-Sent Events: a shop's estimates (public), a customer's order and the
// staff console's queue (authorised with a bearer header or a 60-second stream ticket in ?ticket=,
// since EventSource cannot send headers: no long-lived secret ever goes in a URL). Changes arrive through PostgreSQL NOTIFY, so every process delivers them.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { STREAM_TICKET_TTL_S, inputText, streamTicketAnswerSchema } from '@jono/contract';
import { orders, pobs } from '../../db/schema';
import { bearer, claimsOf, requireCustomer } from '../../lib/auth';
import { HttpError, forbidden, notFound, unauthorized } from '../../lib/http-error';
import type { StreamTicketClaims } from '../../lib/tokens';
import { deviceOfGuardedCode } from '../../services/devices';
import { ipLimit } from '../../plugins/rate-limits';
import { staffCaller, staffSession } from '../../services/staff-auth';
import { endWithSession } from '../../services/revocation';
import { HEARTBEAT_MS } from '../../services/sse';
import { customerParams, idSchema, marketCtx, marketParams } from '../params';

const lastEventId = inputText()
  .max(100)
  .optional()
  .describe(
    'The `id` of the last message received, when reconnecting (or the `Last-Event-ID` header): a state the client already has is not sent again.',
  );
const resumeQuery = z.object({ last_event_id: lastEventId }).strict();
const tokenQuery = z
  .object({
    ticket: inputText()
      .max(2000)
      .optional()
      .describe(
        'A stream ticket from POST /stream-ticket/ (60 s), when the client cannot send an Authorization header (EventSource). Access tokens and device codes are never taken from the URL.',
      ),
    last_event_id: lastEventId,
  })
  .strict();
export { tokenQuery as streamAuthQuery };
const stream = `Content type \`text/event-stream\`: one message at once, then one after every change; a comment line after ${HEARTBEAT_MS / 1000} s without a message keeps the connection alive. Each message has an \`id\` (a hash of its data); clients reconnect with jittered back-off and send the last one back.`;

/** Shops remembered as existing (a chain has a few thousand; more are looked up each time). */
const KNOWN_SHOPS_MAX = 100_000;

const routes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['live updates'];
  /** "market:id" of the shops this process has seen exist. */
  const knownShops = new Set<string>();
  /** Milliseconds until a token expiring at `expiresAt` (the app's clock) is no longer valid. */
  const authorisedFor = (expiresAt: number | undefined) =>
    expiresAt === undefined ? undefined : expiresAt - app.now();

  app.post(
    '/stream-ticket/',
    {
      config: ipLimit(app.limits.streamTickets),
      schema: {
        tags,
        summary: 'A short-lived ticket that opens event streams (for EventSource)',
        description: `Authorised with the caller's own credential as Bearer: a customer's access token, a staff token or a display's device code. The ticket is valid ${STREAM_TICKET_TTL_S} s, opens only the caller's own streams (\`?ticket=\`), and is refused as a bearer token everywhere. A stream it opened ends when the session it came from would have expired.`,
        params: marketParams,
        response: { 200: streamTicketAnswerSchema },
      },
    },
    async (request) => {
      const ctx = marketCtx(app, request.params.market);
      const credential = bearer(request);
      if (!credential) throw unauthorized();
      let claims: StreamTicketClaims;
      if (credential.split('.').length === 3) {
        const access = await claimsOf(request, ctx.market);
        if (access.kind === 'staff') {
          // The staff account must still hold this session (not logged out, removed or changed).
          const { row, tokenExpiresAt } = await staffCaller(request, ctx, ctx.market);
          claims = {
            market: ctx.market,
            kind: 'staff',
            sub: String(row.id),
            pob: row.pobId,
            role: row.role === 'manager' ? 'manager' : 'barber',
            fam: staffSession(row),
            sexp: tokenExpiresAt === undefined ? undefined : Math.floor(tokenExpiresAt / 1000),
          };
        } else {
          claims = {
            market: ctx.market,
            kind: 'customer',
            sub: access.sub,
            fam: access.fam,
            sexp: access.exp,
          };
        }
      } else {
        const device = await deviceOfGuardedCode(request, ctx, credential);
        if (!device) {
          throw new HttpError(
            401,
            'device_code',
            'This device code does not work (revoked or unknown)',
          );
        }
        if (device.kind !== 'display') throw forbidden();
        claims = { market: ctx.market, kind: 'device', sub: String(device.id), pob: device.pobId };
      }
      return { ticket: await app.streamTickets.sign(claims), expires_in: STREAM_TICKET_TTL_S };
    },
  );

  app.get(
    '/pobs/:id/events',
    {
      schema: {
        tags,
        summary: "A shop's queue state and estimates, live",
        description: `${stream} Each message's data is a \`pobEventSchema\` JSON: id, open, closing_soon, queue_state, queue_info, service_time_estimates.`,
        params: marketParams.extend({ id: idSchema }),
        querystring: resumeQuery,
      },
    },
    async (request, reply) => {
      const ctx = marketCtx(app, request.params.market);
      const pobId = request.params.id;
      // Shops are never deleted: one seen to exist is not looked up again (a reconnect storm's
      // 5,000 shop pages were as many queries).
      const known = `${ctx.market}:${pobId}`;
      if (!knownShops.has(known)) {
        const [pob] = await ctx.db.select({ id: pobs.id }).from(pobs).where(eq(pobs.id, pobId));
        if (!pob) throw notFound('Shop not found');
        if (knownShops.size < KNOWN_SHOPS_MAX) knownShops.add(known);
      }
      const live = app.live.streams.start(request, reply);
      app.live.feeds.attachShop(ctx, pobId, live);
    },
  );

  app.get(
    '/customers/:id/orders/:orderId/events',
    {
      config: { tokenInQuery: true },
      schema: {
        tags,
        summary: "A customer's order with its live estimate",
        description: `${stream} Each message's data is the order JSON (as GET /customers/{id}/orders/{orderId}/). Authorised when connecting: Bearer header or a stream ticket in \`?ticket=\` (POST /stream-ticket/); the stream ends when the session's token expires, and the client reconnects with a fresh ticket.`,
        params: customerParams.extend({ orderId: idSchema }),
        querystring: tokenQuery,
      },
    },
    async (request, reply) => {
      const { market, id, orderId } = request.params;
      const ctx = marketCtx(app, market);
      const claims = await requireCustomer(request, market, id);
      // An order's shop and customer never change: known ones are checked without a query.
      let order = app.queue.orderHome(market, orderId);
      if (!order) {
        [order] = await ctx.db
          .select({ id: orders.id, pobId: orders.pobId, customerId: orders.customerId })
          .from(orders)
          .where(eq(orders.id, orderId));
        if (order) app.queue.rememberHomes(market, [order]);
      }
      if (!order || order.customerId !== id) throw notFound('Order not found');
      endWithSession(app, reply, { market, customerId: id, session: claims.fam });
      const live = app.live.streams.start(
        request,
        reply,
        authorisedFor(claims.exp === undefined ? undefined : claims.exp * 1000),
        `${market}:customer:${id}`,
      );
      app.live.feeds.attachOrder(ctx, order.pobId, orderId, live);
    },
  );

  app.get(
    '/staff/events',
    {
      config: { tokenInQuery: true },
      schema: {
        tags,
        summary: "The staff console's queue, live",
        description: `${stream} Each message's data is the staff queue JSON (as GET /staff/queue/). Authorised when connecting: Bearer header or a stream ticket in \`?ticket=\` (POST /stream-ticket/); the stream ends when the session's token expires, and the client reconnects with a fresh ticket.`,
        params: marketParams,
        querystring: tokenQuery,
      },
    },
    async (request, reply) => {
      const ctx = marketCtx(app, request.params.market);
      const { pobId, row, tokenExpiresAt } = await staffCaller(request, ctx, ctx.market);
      endWithSession(app, reply, {
        market: ctx.market,
        staffId: row.id,
        session: staffSession(row),
      });
      const live = app.live.streams.start(
        request,
        reply,
        authorisedFor(tokenExpiresAt),
        `${ctx.market}:staff:${row.id}`,
      );
      app.live.feeds.attachStaff(ctx, pobId, live);
    },
  );
};

export default routes;
