// The customer's alert choice for one order: when ("N ahead" or "N minutes before", else the
// shop's default) and by which channel (push, SMS, none; else push where subscribed, else SMS).
// Read by turn-near.ts when it picks the orders to alert and the one channel to use.
import { and, eq } from 'drizzle-orm';
import type { OrderAlerts } from '@jono/contract';
import type { MarketContext } from '../context';
import { orders } from '../db/schema';
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
