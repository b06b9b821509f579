// A customer shares how far they are, once: a position (with how they travel) or "I am N minutes
// away". A position becomes a travel time from the straight line and the way of travel, scaled by
// what the shop has learnt of its app customers (how long they really took from setting off on the
// alert to checking in), and is not stored. The travel time decides the leave-now alert.
import { and, desc, eq, gte, isNotNull } from 'drizzle-orm';
import { TRAVEL_MAX_MINUTES, type Order, type TravelPayload } from '@jono/contract';
import { learnTravelFactor, travelMinutes } from '@jono/queue';
import type { MarketContext } from '../context';
import type { Db } from '../db/client';
import { orders, pobs } from '../db/schema';
import { HttpError, notFound } from '../lib/http-error';
import { orderAnswer } from './orders';
import { mustAllow } from './presence';
import { changeQueue } from './queue-change';
import type { QueueService } from './queue';
import type { OrderRow } from './queue-load';

const MINUTE = 60_000;
/** Trips learnt from: the shop's last ones within this long. */
const TRAVEL_HISTORY_MS = 60 * 24 * 60 * MINUTE;
const TRAVEL_HISTORY_TRIPS = 200;

const conflict = (message: string) => new HttpError(409, 'conflict', message);

/**
 * How much longer than the straight-line estimate the shop's app customers took, from setting off
 * on the alert to checking in (1 without history; see learnTravelFactor).
 */
export async function travelFactor(db: Db, pobId: number, now: number): Promise<number> {
  const trips = await db
    .select({
      predicted: orders.travelBaseMinutes,
      setOffAt: orders.setOffAt,
      checkedInAt: orders.checkedInAt,
    })
    .from(orders)
    .where(
      and(
        eq(orders.pobId, pobId),
        isNotNull(orders.travelBaseMinutes),
        isNotNull(orders.setOffAt),
        isNotNull(orders.checkedInAt),
        gte(orders.joinedAt, new Date(now - TRAVEL_HISTORY_MS)),
      ),
    )
    .orderBy(desc(orders.joinedAt))
    .limit(TRAVEL_HISTORY_TRIPS);
  return learnTravelFactor(
    trips.flatMap((t) =>
      t.predicted !== null && t.setOffAt && t.checkedInAt
        ? [
            {
              predicted: t.predicted,
              actual: (t.checkedInAt.getTime() - t.setOffAt.getTime()) / MINUTE,
            },
          ]
        : [],
    ),
  );
}

/** Records the customer's travel time (before the alert, while waiting away from the shop). */
export async function shareTravel(
  ctx: MarketContext,
  queue: QueueService,
  now: number,
  order: OrderRow,
  travel: TravelPayload,
): Promise<Order> {
  let minutes: number;
  let base: number | null = null;
  let mode: string | null = null;
  if ('minutes' in travel) {
    minutes = travel.minutes;
  } else {
    const [shop] = await ctx.db
      .select({ latitude: pobs.latitude, longitude: pobs.longitude })
      .from(pobs)
      .where(eq(pobs.id, order.pobId));
    if (!shop) throw notFound('Shop not found');
    const at = { lat: Number(shop.latitude), lng: Number(shop.longitude) };
    const from = { lat: travel.latitude, lng: travel.longitude };
    const factor = await travelFactor(ctx.db, order.pobId, now);
    base = travelMinutes(from, at, travel.mode);
    minutes = travelMinutes(from, at, travel.mode, factor);
    if (minutes > TRAVEL_MAX_MINUTES) {
      // Not on the way today: a held spot would otherwise outlast the day (and the week).
      const message = `More than ${TRAVEL_MAX_MINUTES} minutes away from the shop`;
      throw new HttpError(400, 'validation', message, { latitude: message, longitude: message });
    }
    mode = travel.mode;
  }
  const { result } = await changeQueue(ctx, queue, order.pobId, now, async (tx, shop) => {
    const current = shop.active.find((o) => o.id === order.id);
    if (!current) throw conflict('This order is no longer active');
    mustAllow({ chairs: shop.pob.chairs, active: shop.active }, current, { type: 'set_off' }, now);
    if (current.leaveAlertAt) throw conflict('You have already been told to set off');
    const [row] = await tx
      .update(orders)
      .set({
        travelMinutes: minutes,
        travelMode: mode,
        travelBaseMinutes: base,
        travelSharedAt: new Date(now),
        updatedAt: new Date(now),
      })
      .where(eq(orders.id, order.id))
      .returning();
    if (!row) throw notFound('Order not found');
    return {
      result: row,
      active: shop.active.map((o) => (o.id === row.id ? { ...row, customer: o.customer } : o)),
    };
  });
  return orderAnswer(ctx, queue, result, now);
}
