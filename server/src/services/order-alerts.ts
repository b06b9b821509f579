// The customer's alert choice for one order: when ("N ahead" or "N minutes before", else the
// shop's default) and by which channel (push, SMS, none; else push where subscribed, else SMS).
// Read by turn-near.ts when it picks the orders to alert and the one channel to use.
import { and, eq } from 'drizzle-orm';
import { ALERT_DEFAULT_CHANNELS, type OrderAlerts, type ShopAlertDefault } from '@jono/contract';
import type { MarketContext } from '../context';
import { orders, pobs } from '../db/schema';
import { HttpError, notFound } from '../lib/http-error';
import type { OrderRow } from './queue-load';

/** Saves the choice of the customer's active order; answers the order. */
export async function setOrderAlerts(
  ctx: MarketContext,
  customerId: number,
  orderId: number,
  alerts: OrderAlerts,
  now: number,
): Promise<OrderRow> {
  const [row] = await ctx.db
    .update(orders)
    .set({
      alertAhead: alerts.ahead,
      alertMinutes: alerts.minutes,
      alertChannel: alerts.channel,
      updatedAt: new Date(now),
    })
    .where(
      and(eq(orders.id, orderId), eq(orders.customerId, customerId), eq(orders.status, 'active')),
    )
    .returning();
  if (row) return row;
  const [other] = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId)));
  if (!other) throw notFound('Order not found');
  throw new HttpError(409, 'conflict', 'This order is no longer active');
}

type PobDefaults = Pick<
  typeof pobs.$inferSelect,
  'alertDefaultAhead' | 'alertDefaultMinutes' | 'alertDefaultChannel'
>;

/** The shop's alert default as the API shows it (unknown stored channels read as null). */
export function shopAlertDefault(pob: PobDefaults): ShopAlertDefault {
  return {
    ahead: pob.alertDefaultAhead,
    minutes: pob.alertDefaultMinutes,
    channel: ALERT_DEFAULT_CHANNELS.find((c) => c === pob.alertDefaultChannel) ?? null,
  };
}

/**
 * When an order is alerted: its customer's choice, else the shop's default (read at each
 * evaluation, so a new default applies to every order that did not choose), else null both
 * (about 10 minutes before, or next in line).
 */
export function alertWhen(
  order: { alertAhead: number | null; alertMinutes: number | null },
  shop: ShopAlertDefault | undefined,
): { ahead: number | null; minutes: number | null } {
  if (order.alertAhead !== null || order.alertMinutes !== null) {
    return { ahead: order.alertAhead, minutes: order.alertMinutes };
  }
  return { ahead: shop?.ahead ?? null, minutes: shop?.minutes ?? null };
}

/** Saves a shop's alert default (manager); answers it. */
export async function setShopAlertDefault(
  ctx: MarketContext,
  pobId: number,
  value: ShopAlertDefault,
  now: number,
): Promise<ShopAlertDefault> {
  const [row] = await ctx.db
    .update(pobs)
    .set({
      alertDefaultAhead: value.ahead,
      alertDefaultMinutes: value.minutes,
      alertDefaultChannel: value.channel,
      updatedAt: new Date(now),
    })
    .where(eq(pobs.id, pobId))
    .returning();
  if (!row) throw notFound('Shop not found');
  return shopAlertDefault(row);
}
