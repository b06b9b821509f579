// Answers by SMS: a customer (or a kiosk walk-in who left a phone) replies to a Jono SMS with a
// word, and it acts on their active order through the same service functions the app's routes
// call (check in and leave: ownOrderChange under the shop's lock; more time: deferOwnOrder;
// rejoin: joinQueue with the former order), so the same rules apply. Each inbound message acts
// once (sms_inbound is unique per provider and message id), replies are limited per phone, and
// the answer is written to the outbox in the customer's language.
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { SELF_DEFER_MINUTES } from '@jono/contract';
import type { MarketContext } from '../context';
import { customers, orders, pobs, smsInbound } from '../db/schema';
import { HttpError } from '../lib/http-error';
import type { RateLimitSettings } from './rate-limit-rules';
import { joinQueue, ownOrderChange, placeInView, rejoinRequest, waitInView } from './orders';
import { DEADLINE_MS, enqueue } from './outbox';
import type { QueueService } from './queue';
import { changeQueue } from './queue-change';
import type { OrderRow } from './queue-load';
import { takeAttempt } from './rate-counters';
import { deferOwnOrder } from './self-service';
import type { InboundSms } from './sms';
import { parseReply, replyText, type ReplyAnswer } from './sms-reply-texts';
import { smsLanguageOf } from './sms-texts';

export interface ReplyDeps {
  ctx: MarketContext;
  queue: QueueService;
  now: () => number;
  limits: RateLimitSettings;
}

export type InboundOutcome = 'answered' | 'duplicate' | 'rate_limited';

/** Handles one inbound SMS; the caller kicks the outbox worker when it was answered. */
export async function handleInboundSms(
  deps: ReplyDeps,
  provider: string,
  sms: InboundSms,
): Promise<{ outcome: InboundOutcome; answer?: ReplyAnswer }> {
  const { ctx } = deps;
  const now = deps.now();
  const from = sms.from.trim();
  const text = sms.text.slice(0, 500);
  const [recorded] = await ctx.db
    .insert(smsInbound)
    .values({
      provider,
      providerId: sms.providerId,
      fromPhone: from,
      text,
      receivedAt: new Date(now),
    })
    .onConflictDoNothing()
    .returning({ id: smsInbound.id });
  // The same webhook again (the provider retries until it hears 2xx): it acted already.
  if (!recorded) return { outcome: 'duplicate' };
  const limited = await takeAttempt(
    ctx.db,
    [{ key: `sms-reply:${from}`, limit: deps.limits.smsReplies }],
    now,
  );
  if (!limited.ok) {
    // No answer: a flood of texts must not turn into a flood of paid answers.
    await setOutcome(ctx, recorded.id, 'rate_limited');
    return { outcome: 'rate_limited' };
  }
  const [customer] = await ctx.db.select().from(customers).where(eq(customers.phone, from));
  const language = customer ? customer.appLanguage : smsLanguageOf(ctx.info.language);
  const { answer, vars } = await act(deps, from, customer ?? null, text, now);
  await setOutcome(ctx, recorded.id, answer);
  await enqueue(
    ctx.db,
    [
      {
        key: `reply:${provider}:${sms.providerId}`,
        channel: 'sms',
        purpose: 'reply',
        recipient: from,
        body: replyText(language, answer, vars),
        customerId: customer?.id ?? null,
        deadline: now + DEADLINE_MS.reply,
      },
    ],
    now,
  );
  return { outcome: 'answered', answer };
}

async function setOutcome(ctx: MarketContext, id: number, outcome: string) {
  await ctx.db.update(smsInbound).set({ outcome }).where(eq(smsInbound.id, id));
}

type CustomerRow = typeof customers.$inferSelect;
type Answer = { answer: ReplyAnswer; vars: Record<string, string> };

/** The active order of the phone: its customer's, else a walk-in's that left this number. */
async function activeOrderOf(
  ctx: MarketContext,
  phone: string,
  customer: CustomerRow | null,
): Promise<OrderRow | null> {
  const [row] = await ctx.db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.status, 'active'),
        customer
          ? eq(orders.customerId, customer.id)
          : and(isNull(orders.customerId), eq(orders.notifyPhone, phone)),
      ),
    )
    .orderBy(desc(orders.joinedAt))
    .limit(1);
  return row ?? null;
}

async function shopName(ctx: MarketContext, pobId: number): Promise<string> {
  const [pob] = await ctx.db.select({ name: pobs.name }).from(pobs).where(eq(pobs.id, pobId));
  return pob?.name ?? '';
}

/** The minutes of "late N": 15 or 30 (a number in between rounds up), null past 30. */
export function deferMinutes(asked: number | null): 15 | 30 | null {
  if (asked === null) return 15;
  const fit = SELF_DEFER_MINUTES.find((m) => asked <= m);
  return fit ?? null;
}

async function act(
  deps: ReplyDeps,
  phone: string,
  customer: CustomerRow | null,
  text: string,
  now: number,
): Promise<Answer> {
  const { ctx, queue } = deps;
  const reply = parseReply(text);
  if (!reply) return { answer: 'help', vars: {} };
  if (reply.command === 'rejoin') return rejoin(deps, phone, customer, now);
  const order = await activeOrderOf(ctx, phone, customer);
  if (!order) return { answer: 'noOrder', vars: {} };
  const shop = await shopName(ctx, order.pobId);
  try {
    switch (reply.command) {
      case 'here':
      case 'cancel': {
        const action = reply.command === 'here' ? 'check_in' : 'cancel';
        await changeQueue(
          ctx,
          queue,
          order.pobId,
          now,
          ownOrderChange(order.id, order.customerId, action, now),
        );
        return { answer: reply.command === 'here' ? 'checkedIn' : 'cancelled', vars: { shop } };
      }
      case 'late':
      case 'moreTime': {
        const minutes = deferMinutes(reply.command === 'late' ? reply.minutes : null);
        if (minutes === null) return { answer: 'tooLate', vars: {} };
        const done = await deferOwnOrder(ctx, queue, now, order, minutes, false);
        return {
          answer: 'deferred',
          vars: { shop, minutes: String(minutes), wait: String(done.wait_time ?? '–') },
        };
      }
      case 'status':
        return statusOf(deps, order, shop);
    }
  } catch (err) {
    return { answer: refusal(err, 'deferLimit'), vars: {} };
  }
}

async function statusOf(deps: ReplyDeps, order: OrderRow, shop: string): Promise<Answer> {
  const view = await deps.queue.view(deps.ctx, order.pobId);
  const wait = waitInView(view, order);
  const place = placeInView(view, order);
  const ahead = String(place.ahead ?? 0);
  if (!wait.wait_range) return { answer: 'statusNoWait', vars: { shop, ahead } };
  return {
    answer: 'status',
    vars: { shop, ahead, low: String(wait.wait_range.low), high: String(wait.wait_range.high) },
  };
}

/** A refusal of the app's rules as the answer that says it. */
function refusal(err: unknown, limitAnswer: 'deferLimit' | 'rejoinLimit'): ReplyAnswer {
  if (!(err instanceof HttpError)) throw err;
  switch (err.code) {
    case 'limit_reached':
      return limitAnswer;
    case 'time_slot':
      return 'timeSlot';
    case 'not_taking_orders':
      return 'notTakingOrders';
    case 'not_found':
      return 'noOrder';
    default:
      return 'notWaiting';
  }
}

/**
 * Rejoin the place of the customer's last no-show or left visit, as the app's rejoin route does
 * (joinQueue with the former order: its window, once a day, the shop taking orders), counted on
 * the same per-client limit as the app's orders (per phone here).
 */
async function rejoin(
  deps: ReplyDeps,
  phone: string,
  customer: CustomerRow | null,
  now: number,
): Promise<Answer> {
  const { ctx, queue } = deps;
  // A walk-in has no account to rejoin with (the app's rule: their rejoin is always spent).
  if (!customer) return { answer: 'noFormerOrder', vars: {} };
  const active = await activeOrderOf(ctx, phone, customer);
  if (active) return statusOf(deps, active, await shopName(ctx, active.pobId));
  const [former] = await ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.customerId, customer.id), inArray(orders.status, ['noShow', 'cancelled'])))
    .orderBy(sql`${orders.finishedAt} desc nulls last`)
    .limit(1);
  if (!former) return { answer: 'noFormerOrder', vars: {} };
  const taken = await takeAttempt(
    ctx.db,
    [{ key: `orders:sms:${phone}`, limit: deps.limits.orders }],
    now,
  );
  if (!taken.ok) return { answer: 'rejoinLimit', vars: {} };
  const shop = await shopName(ctx, former.pobId);
  try {
    const joined = await joinQueue(ctx, queue, now, rejoinRequest(former, customer, now));
    const view = await queue.view(ctx, former.pobId);
    const wait = waitInView(view, joined).wait_time;
    return { answer: 'rejoined', vars: { shop, wait: String(wait ?? '–') } };
  } catch (err) {
    return { answer: refusal(err, 'rejoinLimit'), vars: {} };
  }
}
