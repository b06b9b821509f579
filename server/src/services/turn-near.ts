// "Your turn is near": once per order, by Web Push when the customer subscribed, else by SMS when
// they allow it, in the customer's language.
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { TURN_NEAR_MINUTES, ticketLabel, type ShopAlertDefault } from '@jono/contract';
import type { QueueEstimate } from '@jono/queue';
import type { MarketContext } from '../context';
import type { Tx } from '../db/client';
import { runNamed } from '../db/prepared';
import { customers, orders, phoneCodes } from '../db/schema';
import { DEADLINE_MS, customerMessage, enqueue, type OutboxMessage } from './outbox';
import { alertWhen } from './order-alerts';
import { smsLanguageOf, smsText } from './sms-texts';
import type { ActiveOrderRow } from './queue-rows';

export { WebPushSender, type PushMessage, type PushSender } from './push';

/**
 * Orders whose turn is near: expected within TURN_NEAR_MINUTES (or the minutes the customer
 * chose), or next in line (or within the number ahead they chose); none when they chose no alert. App customers
 * on the way who shared their travel time get the leave-now alert instead (leave-now.ts); kiosk
 * walk-ins who left a phone number get an SMS.
 */
export function turnNearIds(
  active: readonly ActiveOrderRow[],
  estimate: QueueEstimate,
  /** The shop's alert default, for orders whose customer did not choose (order-alerts.ts). */
  shop?: ShopAlertDefault,
): number[] {
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
      // The customer's own choice for this order (order-alerts.ts), else the default.
      if (o.alertChannel === 'none') return false;
      const when = alertWhen(o, shop);
      if (when.ahead !== null) return e.position - 1 <= when.ahead;
      if (when.minutes !== null) {
        return e.position === 1 || (e.waitMinutes !== null && e.waitMinutes <= when.minutes);
      }
      return e.position === 1 || (e.waitMinutes !== null && e.waitMinutes <= TURN_NEAR_MINUTES);
    })
    .map((o) => o.id);
}

/** Of these orders, the kiosk ones with a phone that no used code has proved. */
export async function unprovedKioskOrders(
  ctx: { db: MarketContext['db'] | Tx },
  ids: number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
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

/**
 * The claim of "turn near" alerts and, for the app customers among them, how to reach them: one
 * named statement (db/prepared.ts) instead of a claim and a read of the customers.
 */
const CLAIM_TURN_NEAR_SQL = `with claimed as (update orders set notified_at = $2::timestamptz where id = any($1::int[]) and notified_at is null and status = 'active' returning id, pob_id, customer_id, notify_phone, ticket, alert_channel) select k.id, k.pob_id, k.customer_id, k.notify_phone, k.ticket, k.alert_channel, c.phone, c.allow_sms, c.fcm_token, c.app_language from claimed k left join customers c on c.id = k.customer_id`;

/**
 * Claims each order once (notified_at, safe across processes) and writes its message to the
 * outbox in the same transaction: the claim and the message commit together or not at all.
 * Answers how many messages were written (the caller kicks the outbox worker).
 */
export async function notifyTurnNear(
  ctx: MarketContext,
  pushEnabled: boolean,
  shopName: string,
  ids: number[],
  now: number,
  /** The shop's default channel first (SMS first, or push first) where the customer chose none. */
  prefer: ShopAlertDefault['channel'] = null,
  /**
   * Which of `ids` are kiosk walk-ins (an order's source never changes): only those are asked
   * whether their phone was proved. Undefined: all of them are asked.
   */
  kioskIds?: readonly number[],
  /**
   * The change's own transaction, under the shop's lock (queue-change.ts): the claim and its
   * messages commit with the change that brought the turn near, in none of their own. Without
   * it (the sweep, a refresh), they are written in a transaction of their own.
   */
  within?: Tx,
): Promise<number> {
  if (ids.length === 0) return 0;
  // A kiosk walk-in's number gets nothing before it is proved with the code texted at the join
  // (issue 27): those orders stay unclaimed until confirmed.
  const unproved = await unprovedKioskOrders(
    within ? { db: within } : ctx,
    kioskIds ? [...kioskIds] : ids,
  );
  const proved = ids.filter((id) => !unproved.has(id));
  if (proved.length === 0) return 0;
  const inTransaction = <T>(work: (tx: Tx) => Promise<T>): Promise<T> =>
    within ? work(within) : ctx.db.transaction(work);
  return inTransaction(async (tx) => {
    const claimed = await runNamed(
      tx,
      'turn_near_claim',
      CLAIM_TURN_NEAR_SQL,
      [proved, new Date(now).toISOString()],
      (rows) =>
        rows.map((r) => ({
          id: Number(r[0]),
          pobId: Number(r[1]),
          customerId: r[2] === null ? null : Number(r[2]),
          notifyPhone: r[3] as string | null,
          ticket: r[4] === null ? null : Number(r[4]),
          alertChannel: r[5] as string | null,
          contact:
            r[2] === null || r[6] === null
              ? null
              : {
                  id: Number(r[2]),
                  phone: r[6] as string,
                  allowSms: r[7] === true,
                  fcmToken: r[8] as string | null,
                  appLanguage: r[9] as string,
                },
        })),
    );
    const messages: OutboxMessage[] = [];
    for (const k of claimed) {
      if (k.customerId !== null || k.notifyPhone === null) continue;
      messages.push({
        key: `turnNear:${k.id}`,
        channel: 'sms',
        purpose: 'turnNear',
        recipient: k.notifyPhone,
        body: smsText(smsLanguageOf(ctx.info.language), 'kioskTurnNear', {
          shop: shopName,
          ticket: ticketLabel(k.ticket ?? k.id),
        }),
        orderId: k.id,
        pobId: k.pobId,
        deadline: now + DEADLINE_MS.turnNear,
      });
    }
    const alerts = claimed.flatMap((c) =>
      c.customerId === null
        ? []
        : [
            {
              customerId: c.customerId,
              orderId: c.id,
              pobId: c.pobId,
              channel: c.alertChannel,
              prefer,
              // The number the app and the shop's screen show, in the message too.
              text: (language: string) =>
                smsText(language, 'turnNear', {
                  shop: shopName,
                  ticket: ticketLabel(c.ticket ?? c.id),
                }),
            },
          ],
    );
    const contacts = new Map(
      claimed.flatMap((c) => (c.contact ? [[c.contact.id, c.contact]] : [])),
    );
    messages.push(...messagesTo(contacts, pushEnabled, 'turnNear', alerts, now));
    return enqueue(tx, messages, now);
  });
}

export interface CustomerAlert {
  customerId: number;
  orderId: number;
  pobId: number;
  /** The order's chosen channel (push, sms, none), null for the default. */
  channel: string | null;
  /** The shop's default channel, which goes first where the order chose none. */
  prefer?: ShopAlertDefault['channel'];
  text: (appLanguage: string) => string;
  /** The outbox key when one order may get several of this purpose (default purpose:order). */
  key?: string;
}

/**
 * Each customer's message, in their language, by one channel: push where they have a
 * subscription, else SMS where they allow it (outbox.ts: customerMessage). Keyed by purpose and
 * order, so an alert is written once however often it is claimed.
 */
export async function customerMessages(
  tx: Tx,
  pushEnabled: boolean,
  purpose: 'turnNear' | 'leaveNow' | 'barber',
  alerts: readonly CustomerAlert[],
  now: number,
): Promise<OutboxMessage[]> {
  if (alerts.length === 0) return [];
  const people = await tx
    .select({
      id: customers.id,
      phone: customers.phone,
      allowSms: customers.allowSms,
      fcmToken: customers.fcmToken,
      appLanguage: customers.appLanguage,
    })
    .from(customers)
    .where(inArray(customers.id, [...new Set(alerts.map((a) => a.customerId))]));
  return messagesTo(new Map(people.map((c) => [c.id, c])), pushEnabled, purpose, alerts, now);
}

/** What `customerMessage` needs of a customer, and their language. */
type Contact = Pick<
  typeof customers.$inferSelect,
  'id' | 'phone' | 'allowSms' | 'fcmToken' | 'appLanguage'
>;

function messagesTo(
  byId: ReadonlyMap<number, Contact>,
  pushEnabled: boolean,
  purpose: 'turnNear' | 'leaveNow' | 'barber',
  alerts: readonly CustomerAlert[],
  now: number,
): OutboxMessage[] {
  return alerts.flatMap((a) => {
    const c = byId.get(a.customerId);
    if (!c) return [];
    const m = customerMessage(
      c,
      a.text(c.appLanguage),
      {
        key: a.key ?? `${purpose}:${a.orderId}`,
        purpose,
        orderId: a.orderId,
        pobId: a.pobId,
        deadline: now + DEADLINE_MS[purpose],
      },
      { pushEnabled, channel: a.channel, prefer: a.prefer ?? null },
    );
    return m ? [m] : [];
  });
}
