// The leave-now alert: a customer who shared their travel time is told to set off when the early
// end of their wait's range, minus the travel time, has come, or when their turn is near. Once per
// order (each claimed with one UPDATE, so two processes never both send it), at any hour: quiet
// hours are not for a customer waiting for their turn. From the leave time the customer is on the
// way: their spot is held until the expected arrival plus the shop's grace (at most the grace after
// their turn came), and the engine gives
// chairs that free before they arrive to the customers who are there.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { ticketLabel } from '@jono/contract';
import type { MarketContext } from '../context';
import { orders } from '../db/schema';
import { leaveNowDue } from './presence';
import type { ShopQueueView } from './queue-rows';
import { smsText } from './sms-texts';
import { enqueue } from './outbox';
import { shopAlertDefault } from './order-alerts';
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
  const due = leaveNowDue(view, now);
  if (due.length === 0) return [];
  const at = new Date(now);
  const grace = view.pob.holdGraceMinutes;
  return ctx.db.transaction(async (tx) => {
    const claimed: (typeof orders.$inferSelect)[] = [];
    for (const d of due) {
      const setOff = new Date(d.setOffAt);
      const rows = await tx
        .update(orders)
        .set({
          leaveAlertAt: at,
          setOffAt: setOff,
          // Until the expected arrival plus the grace, and never past a grace after the turn came
          // (issue 27: a long trip held the spot for hours, and no-shows could not be marked).
          heldUntil: sql`least(${setOff.toISOString()}::timestamptz + (${orders.travelMinutes} + ${grace}::int) * interval '1 minute', ${new Date(d.turnAt + grace * 60_000).toISOString()}::timestamptz)`,
          // The customer's own move: the next "why the wait changed" starts from here.
          waitBasis: null,
          updatedAt: at,
        })
        .where(
          and(
            eq(orders.id, d.id),
            isNull(orders.leaveAlertAt),
            eq(orders.status, 'active'),
            eq(orders.customerAtPob, false),
          ),
        )
        .returning();
      claimed.push(...rows);
    }
    const alerts: CustomerAlert[] = [];
    for (const row of claimed) {
      if (row.customerId === null) continue;
      const vars = {
        shop: view.pob.name,
        ticket: ticketLabel(row.ticket ?? row.id),
        minutes: String(row.travelMinutes ?? 0),
        grace: String(grace),
      };
      alerts.push({
        customerId: row.customerId,
        orderId: row.id,
        pobId: row.pobId,
        channel: row.alertChannel,
        prefer: shopAlertDefault(view.pob).channel,
        text: (language) => smsText(language, 'leaveNow', vars),
      });
    }
    await enqueue(tx, await customerMessages(tx, pushEnabled, 'leaveNow', alerts, now), now);
    return claimed.map((r) => r.id);
  });
}
