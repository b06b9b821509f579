// The leave-now alert: a customer who shared their travel time is told to set off when the early
// end of their wait's range, minus the travel time, has come. Once per order (claimed with one
// UPDATE, so two processes never both send it), never at night in the shop's time zone. From the
// alert the customer is on the way: their spot is held until the expected arrival plus the shop's
// grace, and the engine gives chairs that free before they arrive to the customers who are there.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { MarketContext } from '../context';
import { orders } from '../db/schema';
import { leaveNowIds } from './presence';
import type { ShopQueueView } from './queue';
import { enqueue } from './outbox';
import { smsText } from './sms-texts';
import { customerMessages, type CustomerAlert } from './turn-near';

/**
 * Claims the due alerts of a shop's view and writes their messages to the outbox in the same
 * transaction; answers the orders alerted now.
 */
export async function notifyLeaveNow(
  ctx: MarketContext,
  pushEnabled: boolean,
  view: ShopQueueView,
  now: number,
): Promise<number[]> {
  const ids = leaveNowIds(view, now);
  if (ids.length === 0) return [];
  const at = new Date(now);
  const grace = view.pob.holdGraceMinutes;
  return ctx.db.transaction(async (tx) => {
    const claimed = await tx
      .update(orders)
      .set({
        leaveAlertAt: at,
        setOffAt: at,
        heldUntil: sql`${at.toISOString()}::timestamptz + (${orders.travelMinutes} + ${grace}::int) * interval '1 minute'`,
        // The customer's own move: the next "why the wait changed" starts from here.
        waitBasis: null,
        updatedAt: at,
      })
      .where(
        and(
          inArray(orders.id, ids),
          isNull(orders.leaveAlertAt),
          eq(orders.status, 'active'),
          eq(orders.customerAtPob, false),
        ),
      )
      .returning();
    const alerts: CustomerAlert[] = [];
    for (const row of claimed) {
      if (row.customerId === null) continue;
      const vars = {
        shop: view.pob.name,
        minutes: String(row.travelMinutes ?? 0),
        grace: String(grace),
      };
      alerts.push({
        customerId: row.customerId,
        orderId: row.id,
        pobId: row.pobId,
        channel: row.alertChannel,
        text: (language) => smsText(language, 'leaveNow', vars),
      });
    }
    await enqueue(tx, await customerMessages(tx, pushEnabled, 'leaveNow', alerts, now), now);
    return claimed.map((r) => r.id);
  });
}
