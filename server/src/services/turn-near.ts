// "Your turn is near": once per order, by Web Push when the customer subscribed, else by SMS when
// they allow it, in the customer's language.
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import webpush from 'web-push';
import {
  TURN_NEAR_MINUTES,
  parsePushEndpoint,
  parsePushSubscription,
  ticketLabel,
} from '@jono/contract';
import type { QueueEstimate } from '@jono/queue';
import type { FastifyBaseLogger } from 'fastify';
import type { MarketContext } from '../context';
import { customers, orders, phoneCodes } from '../db/schema';
import { httpsPushTransport, type PushTransport } from './push-transport';
import { maskPhone } from './sms';
import { smsLanguageOf, smsText } from './sms-texts';
import type { ActiveOrderRow } from './queue-rows';

export interface PushMessage {
  title: string;
  body: string;
  url: string;
}

export interface PushSender {
  /** Sends to a Web Push subscription (its JSON); answers false when the subscription is gone. */
  send(subscriptionJson: string, message: PushMessage): Promise<boolean>;
}

export class WebPushSender implements PushSender {
  constructor(
    private readonly vapid: { publicKey: string; privateKey: string; subject: string },
    /** The connection layer (push-transport.ts): the parsed URL, public addresses only. */
    private readonly transport: PushTransport = httpsPushTransport(),
  ) {}

  async send(subscriptionJson: string, message: PushMessage): Promise<boolean> {
    const parsed = parsePushSubscription(subscriptionJson);
    // A subscription stored before endpoints were checked is dropped, never posted to.
    if (!parsed.success) return false;
    // Parsed once; web-push only encrypts and signs (for the parsed URL's own serialisation),
    // and the request goes to this URL object, never to the text again.
    const endpoint = parsePushEndpoint(parsed.data.endpoint);
    if (!endpoint) return false;
    const subscription = { ...parsed.data, endpoint: endpoint.href } as webpush.PushSubscription;
    const details = webpush.generateRequestDetails(subscription, JSON.stringify(message), {
      vapidDetails: this.vapid,
      TTL: 15 * 60,
    });
    const status = await this.transport(
      endpoint,
      {
        method: details.method,
        headers: details.headers as Record<string, string | number>,
        body: (details.body as Buffer | null) ?? null,
      },
      10_000,
    );
    if (status === 404 || status === 410) return false;
    if (status < 200 || status >= 300) {
      throw Object.assign(new Error(`The push service answered ${status}`), { statusCode: status });
    }
    return true;
  }
}

/**
 * Orders whose turn is near: expected within TURN_NEAR_MINUTES, or next in line. App customers
 * on the way who shared their travel time get the leave-now alert instead (leave-now.ts); kiosk
 * walk-ins who left a phone number get an SMS.
 */
export function turnNearIds(active: readonly ActiveOrderRow[], estimate: QueueEstimate): number[] {
  return active
    .filter((o) => o.notifiedAt === null && o.startedAt === null)
    .filter(
      (o) =>
        (o.source === 'app' &&
          o.customerId !== null &&
          !o.customerAtPob &&
          o.travelMinutes === null) ||
        (o.source === 'kiosk' && o.notifyPhone !== null),
    )
    .filter((o) => {
      const e = estimate.orders.get(o.id);
      if (!e) return false;
      return e.position === 1 || (e.waitMinutes !== null && e.waitMinutes <= TURN_NEAR_MINUTES);
    })
    .map((o) => o.id);
}

/** Of these orders, the kiosk ones with a phone that no used code has proved. */
async function unprovedKioskOrders(ctx: MarketContext, ids: number[]): Promise<Set<number>> {
  const kiosk = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(inArray(orders.id, ids), eq(orders.source, 'kiosk'), isNotNull(orders.notifyPhone)));
  if (kiosk.length === 0) return new Set();
  const proved = await ctx.db
    .select({ orderId: phoneCodes.orderId })
    .from(phoneCodes)
    .where(
      and(
        eq(phoneCodes.purpose, 'kiosk'),
        inArray(
          phoneCodes.orderId,
          kiosk.map((k) => k.id),
        ),
        isNotNull(phoneCodes.usedAt),
      ),
    );
  const ok = new Set(proved.map((p) => p.orderId));
  return new Set(kiosk.map((k) => k.id).filter((id) => !ok.has(id)));
}

/** Claims each order once (notified_at, safe across processes) and sends the message. */
export async function notifyTurnNear(
  ctx: MarketContext,
  push: PushSender | null,
  log: FastifyBaseLogger,
  shopName: string,
  ids: number[],
  now: number,
): Promise<void> {
  if (ids.length === 0) return;
  // A kiosk walk-in's number gets nothing before it is proved with the code texted at the join
  // (issue 27): those orders are left unclaimed until confirmed.
  const unproved = await unprovedKioskOrders(ctx, ids);
  ids = ids.filter((id) => !unproved.has(id));
  if (ids.length === 0) return;
  const claimed = await ctx.db
    .update(orders)
    .set({ notifiedAt: new Date(now) })
    .where(and(inArray(orders.id, ids), isNull(orders.notifiedAt), eq(orders.status, 'active')))
    .returning({
      id: orders.id,
      customerId: orders.customerId,
      notifyPhone: orders.notifyPhone,
      ticket: orders.ticket,
    });
  for (const k of claimed) {
    if (k.customerId !== null || k.notifyPhone === null) continue;
    const text = smsText(smsLanguageOf(ctx.info.language), 'kioskTurnNear', {
      shop: shopName,
      ticket: ticketLabel(k.ticket ?? k.id),
    });
    await ctx.sms
      .send({ to: k.notifyPhone, text })
      .catch((err: Error) =>
        log.warn({ err: err.message, to: maskPhone(k.notifyPhone ?? '') }, 'turn-near send failed'),
      );
  }
  // The number the app and the shop's screen show, in the message too.
  const texts = new Map<number, (language: string) => string>();
  for (const c of claimed) {
    if (c.customerId === null) continue;
    const ticket = ticketLabel(c.ticket ?? c.id);
    texts.set(c.customerId, (language) =>
      smsText(language, 'turnNear', { shop: shopName, ticket }),
    );
  }
  await messageCustomers(ctx, push, log, texts);
}

/**
 * Sends each customer their message, in their language: by push where they allowed it (a dead
 * subscription is forgotten), else by SMS where they allowed it. Never fails: a failed send is
 * logged with the number masked.
 */
export async function messageCustomers(
  ctx: MarketContext,
  push: PushSender | null,
  log: FastifyBaseLogger,
  texts: ReadonlyMap<number, (appLanguage: string) => string>,
): Promise<void> {
  if (texts.size === 0) return;
  const people = await ctx.db
    .select()
    .from(customers)
    .where(inArray(customers.id, [...texts.keys()]));
  for (const c of people) {
    const body = texts.get(c.id)?.(c.appLanguage);
    if (!body) continue;
    try {
      if (c.fcmToken && push) {
        const delivered = await push.send(c.fcmToken, { title: 'Jono', body, url: '/tracking' });
        if (delivered) continue;
        await ctx.db.update(customers).set({ fcmToken: null }).where(eq(customers.id, c.id));
      }
      if (c.allowSms) await ctx.sms.send({ to: c.phone, text: body });
    } catch (err) {
      log.warn({ err, to: maskPhone(c.phone) }, 'customer notice failed');
    }
  }
}
