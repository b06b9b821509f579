// Manager-only: messages to customers, and a day's summary of the shop (waits, no-shows and how
// far the shown estimates were from the waits that followed).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq, gte, inArray, isNotNull, lt } from 'drizzle-orm';
import {
  staffMessageAnswerSchema,
  staffMessageSchema,
  staffSummaryQuerySchema,
  staffSummarySchema,
  SERVER_TEXT,
  SUMMARY_BARBER_MIN_ESTIMATES,
  type StaffSummary,
} from '@jono/contract';
import { insideRange, localTimeToEpoch, rangeShown, waitAfterEstimate } from '@jono/queue';
import { barbers, orders, pobs, waitEstimates } from '../../db/schema';
import { HttpError, notFound } from '../../lib/http-error';
import { toOrderRecord } from '../../services/queue-load';
import { staffCaller } from '../../services/staff-auth';
import type { MarketContext } from '../../context';
import { errorAnswers, marketCtx, marketParams, MANAGER_TAG } from '../params';
import { customerByPhone, storeMessage } from '../customer-messages';

const MINUTE = 60_000;
const round1 = (n: number) => Math.round(n * 10) / 10;
const mean = (xs: number[]) =>
  xs.length ? round1(xs.reduce((a, b) => a + b, 0) / xs.length) : null;
/** Nearest-rank percentile. */
const percentile = (xs: number[], p: number) => {
  if (xs.length === 0) return null;
  const sorted = [...xs].sort((a, b) => a - b);
  return round1(sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0);
};

/** The share of true among the estimates whose range was shown (null: none was). */
const shareInside = (inside: readonly (boolean | null)[]) => {
  const judged = inside.filter((x) => x !== null);
  if (judged.length === 0) return null;
  return Math.round((judged.filter(Boolean).length / judged.length) * 100) / 100;
};

/**
 * Whether a staff member may message every customer of the market: no shop role may. The chain's
 * operators do, with accounts of their own, at POST /operator/messages/
 * (routes/operator/messages.ts); a shop manager writes to the customers of their own shop only.
 */
export function mayMessageWholeMarket(member: { role: string }): boolean {
  return member.role === 'operator';
}

/** The customer reached a chair at this shop at least once. */
async function visitedShop(ctx: MarketContext, customerId: number, pobId: number) {
  const [row] = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(eq(orders.customerId, customerId), eq(orders.pobId, pobId), isNotNull(orders.startedAt)),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * The day per named barber: whom they served and how long a service took them, and how close the
 * waits shown to the customers who chose them came (only with enough estimates to say).
 */
export function perBarber(
  team: readonly { id: number; firstName: string }[],
  served: readonly {
    id: number;
    barberId: number | null;
    servedBy: number | null;
    startedAt: Date | null;
    finishedAt: Date | null;
  }[],
  outcomes: readonly { orderId: number; error: number; inside: boolean | null }[],
): StaffSummary['barbers'] {
  return team
    .map((b) => {
      const theirs = served.filter((r) => r.servedBy === b.id);
      const minutes = theirs.flatMap((r) =>
        r.startedAt && r.finishedAt
          ? [(r.finishedAt.getTime() - r.startedAt.getTime()) / MINUTE]
          : [],
      );
      const chose = new Set(served.filter((r) => r.barberId === b.id).map((r) => r.id));
      const judged = outcomes.filter((o) => chose.has(o.orderId));
      const enough = judged.length >= SUMMARY_BARBER_MIN_ESTIMATES;
      return {
        id: b.id,
        first_name: b.firstName,
        served: theirs.length,
        median_service_minutes: percentile(minutes, 50),
        estimates_judged: judged.length,
        estimate_median_error_minutes: enough
          ? percentile(
              judged.map((o) => o.error),
              50,
            )
          : null,
        estimate_inside_range_share: enough ? shareInside(judged.map((o) => o.inside)) : null,
        chose: chose.size,
      };
    })
    .filter((b) => b.served > 0 || b.chose > 0)
    .sort((a, b) => b.served - a.served || a.first_name.localeCompare(b.first_name) || a.id - b.id)
    .map(({ chose: _chose, ...b }) => b);
}

const routes: FastifyPluginAsyncZod = async (app) => {
  const tags = [MANAGER_TAG];

  app.post(
    '/staff/messages/',
    {
      schema: {
        tags,
        summary:
          'Send a message to one customer of the shop (by phone); every customer of the market needs the operator role',
        description:
          'The content is HTML stored as given; every client sanitises it before showing it (the customer app with DOMPurify, which shows the host next to every external link), as the customer messages call documents. A manager writes only to customers served at their shop (404 for anyone else), at most 50 messages a day per shop (429); `to: "all"` needs the operator role (403).',
        params: marketParams,
        body: staffMessageSchema,
        response: { 201: staffMessageAnswerSchema, ...errorAnswers },
      },
    },
    async (request, reply) => {
      const ctx = marketCtx(app, request.params.market);
      const { member, pobId } = await staffCaller(request, ctx, ctx.market, { manager: true });
      const { title, content, translations, to } = request.body;
      let customerId: number | null = null;
      // Authority matches reach (issue 27: any manager messaged every customer of the market).
      if (to === 'all' && !mayMessageWholeMarket(member)) {
        throw new HttpError(
          403,
          'forbidden',
          "A message to every customer of the market is an operator's (POST /operator/messages/)",
        );
      }
      if (to !== 'all') {
        const c = await customerByPhone(ctx, to.phone);
        // A shop writes only to its own customers: someone served at this shop.
        if (!c || !(await visitedShop(ctx, c.id, pobId))) {
          throw new HttpError(404, 'not_found', SERVER_TEXT.userNotFound);
        }
        customerId = c.id;
      }
      return storeMessage(
        app,
        ctx,
        reply,
        { key: `messages:shop:${pobId}`, limit: app.limits.messagesPerShop },
        customerId,
        { title, content, translations },
      );
    },
  );

  app.get(
    '/staff/summary/',
    {
      schema: {
        tags,
        summary: 'One local day of the shop: customers served, waits, no-shows, estimate error',
        description:
          "Counts the people whose orders joined on that date in the shop's time zone (a rejoin continues the same visit; a registered customer is one person; each anonymous walk-in is one), and says how many customers or estimates each figure is over. A date that is not a real calendar date (2026-02-30) is refused with 400. Waits run from joining to reaching a chair; the estimate error compares the wait shown when joining with that wait. The median error and the share inside the range run over every estimate shown to the served customers (at joining and at each change), each against the wait that followed it; the share counts only estimates shown with a range (a free chair is shown as 0 minutes alone). `barbers` (a shop with named barbers): per barber, the customers they served, their median service minutes, and the same two accuracy figures over the estimates shown to served customers who chose them (null with fewer than 5).",
        params: marketParams,
        querystring: staffSummaryQuerySchema,
        response: { 200: staffSummarySchema },
      },
    },
    async (request) => {
      const ctx = marketCtx(app, request.params.market);
      const { pobId } = await staffCaller(request, ctx, ctx.market, { manager: true });
      const [pob] = await ctx.db.select().from(pobs).where(eq(pobs.id, pobId));
      if (!pob) throw notFound('Shop not found');
      const [y, m, d] = request.query.date.split('-').map(Number);
      const day = { year: y ?? 0, month: m ?? 0, day: d ?? 0 };
      const from = localTimeToEpoch(pob.timeZone, day, 0);
      const to = localTimeToEpoch(pob.timeZone, day, 24 * 60);
      const rows = await ctx.db
        .select()
        .from(orders)
        .where(
          and(
            eq(orders.pobId, pobId),
            gte(orders.joinedAt, new Date(from)),
            lt(orders.joinedAt, new Date(to)),
          ),
        );
      // People, not orders: an order taken back (rejoin) continues the same visit, and a
      // registered customer is one person however many orders they had that day.
      const rejoined = new Set(
        rows.flatMap((r) => (r.rejoinedFrom === null ? [] : [r.rejoinedFrom])),
      );
      const people = (list: typeof rows) =>
        new Set(
          list.map((r) => (r.customerId === null ? `order:${r.id}` : `customer:${r.customerId}`)),
        ).size;
      const served = rows.filter((r) => r.status === 'serviced');
      const ended = (status: string) =>
        people(rows.filter((r) => r.status === status && !rejoined.has(r.id)));
      const waits = served.flatMap((r) =>
        r.startedAt ? [(r.startedAt.getTime() - r.joinedAt.getTime()) / MINUTE] : [],
      );
      const errors = served.flatMap((r) =>
        r.startedAt && r.shownWait !== null
          ? [(r.startedAt.getTime() - r.joinedAt.getTime()) / MINUTE - r.shownWait]
          : [],
      );
      // The closed loop: every estimate shown to the day's served customers, against the wait
      // that followed it.
      const records = new Map(served.map((r) => [r.id, toOrderRecord(r)]));
      const shown =
        records.size === 0
          ? []
          : await ctx.db
              .select()
              .from(waitEstimates)
              .where(inArray(waitEstimates.orderId, [...records.keys()]));
      const outcomes = shown.flatMap((e) => {
        const order = records.get(e.orderId);
        const actual = order ? waitAfterEstimate(e.at.getTime(), order) : null;
        if (actual === null) return [];
        // A range is judged only where one was shown (a free chair is "0 min" alone).
        return [
          {
            orderId: e.orderId,
            error: Math.abs(actual - e.wait),
            inside: rangeShown(e) ? insideRange(actual, e) : null,
          },
        ];
      });
      const team = await ctx.db.select().from(barbers).where(eq(barbers.pobId, pobId));
      return {
        date: request.query.date,
        estimate_median_error_minutes: percentile(
          outcomes.map((o) => o.error),
          50,
        ),
        estimate_inside_range_share: shareInside(outcomes.map((o) => o.inside)),
        joined: people(rows.filter((r) => r.rejoinedFrom === null)),
        served: people(served),
        no_shows: ended('noShow'),
        cancelled: ended('cancelled'),
        mean_wait_minutes: mean(waits),
        p90_wait_minutes: percentile(waits, 90),
        waits_counted: waits.length,
        estimate_mae_minutes: mean(errors.map(Math.abs)),
        estimate_bias_minutes: mean(errors),
        estimates_compared: errors.length,
        estimates_judged: outcomes.length,
        ranges_judged: outcomes.filter((o) => o.inside !== null).length,
        barbers: perBarber(team, served, outcomes),
      };
    },
  );
};

export default routes;
