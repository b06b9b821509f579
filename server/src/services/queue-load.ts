// Reads a shop's queue from the database into the engine's shapes: active orders, the duration
// history of its serviced orders, and its recent arrival rates per priority.
import { and, desc, eq, gte, isNotNull, sql } from 'drizzle-orm';
import {
  buildDurationModel,
  type DurationModel,
  type QueueOrder,
  type ShopQueueState,
} from '@jono/queue';
import type { Db, Tx } from '../db/client';
import { customers, orders, type OpenTimeRow } from '../db/schema';

export type OrderRow = typeof orders.$inferSelect;
export interface ActiveOrderRow extends OrderRow {
  customer: {
    firstname: string;
    lastname: string;
    membershipType: string | null;
    membershipEnd: string | null;
  } | null;
}

export interface ShopHistory {
  durationModel: DurationModel;
  arrivalsPerHour: Record<number, number>;
}

const HISTORY_ORDERS = 300;
const ARRIVAL_WINDOW_DAYS = 14;
const MINUTE = 60_000;

/** The ids of an order's services and extras, as the duration model knows them. */
export function serviceIdsOf(row: Pick<OrderRow, 'items'>): number[] {
  return row.items.flatMap((i) => [i.service_id, ...i.extras.map((e) => e.service_id)]);
}

export function toQueueOrder(row: OrderRow): QueueOrder {
  const inService = row.startedAt !== null;
  return {
    id: row.id,
    priority: row.priority,
    joinedAt: row.joinedAt.getTime(),
    rank: row.rank,
    status: inService ? 'in_service' : 'waiting',
    ...(row.startedAt ? { startedAt: row.startedAt.getTime() } : {}),
    plannedMinutes: row.plannedMinutes,
    serviceIds: serviceIdsOf(row),
  };
}

export async function loadActiveOrders(db: Db | Tx, pobId: number): Promise<ActiveOrderRow[]> {
  const rows = await db
    .select({
      o: orders,
      c: {
        firstname: customers.firstname,
        lastname: customers.lastname,
        membershipType: customers.membershipType,
        membershipEnd: customers.membershipEnd,
      },
    })
    .from(orders)
    .leftJoin(customers, eq(customers.id, orders.customerId))
    .where(and(eq(orders.pobId, pobId), eq(orders.status, 'active')));
  return rows.map(({ o, c }) => ({ ...o, customer: c }));
}

/** Hours the shop is open in a week, from its opening times (a close at or before open is overnight). */
export function weeklyOpenHours(openTimes: readonly OpenTimeRow[]): number {
  const minutes = (hhmm: string) => {
    const [h, m] = hhmm.split(':');
    return Number(h) * 60 + Number(m);
  };
  let total = 0;
  for (const t of openTimes) {
    const open = minutes(t.open);
    const close = minutes(t.close);
    if (!Number.isFinite(open) || !Number.isFinite(close)) continue;
    total += close > open ? close - open : close + 24 * 60 - open;
  }
  return total / 60;
}

export async function loadHistory(
  db: Db | Tx,
  pob: { id: number; openTimes: OpenTimeRow[] },
  now: number,
): Promise<ShopHistory> {
  const served = await db
    .select({
      items: orders.items,
      plannedMinutes: orders.plannedMinutes,
      startedAt: orders.startedAt,
      finishedAt: orders.finishedAt,
    })
    .from(orders)
    .where(
      and(
        eq(orders.pobId, pob.id),
        eq(orders.status, 'serviced'),
        isNotNull(orders.startedAt),
        isNotNull(orders.finishedAt),
      ),
    )
    .orderBy(desc(orders.finishedAt))
    .limit(HISTORY_ORDERS);
  const durationModel = buildDurationModel(
    served.flatMap((s) =>
      s.startedAt && s.finishedAt
        ? [
            {
              serviceIds: serviceIdsOf(s),
              plannedMinutes: s.plannedMinutes,
              actualMinutes: (s.finishedAt.getTime() - s.startedAt.getTime()) / MINUTE,
            },
          ]
        : [],
    ),
  );

  const since = new Date(now - ARRIVAL_WINDOW_DAYS * 86_400_000);
  const joins = await db
    .select({ priority: orders.priority, n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.pobId, pob.id), gte(orders.joinedAt, since)))
    .groupBy(orders.priority);
  const openHours = (weeklyOpenHours(pob.openTimes) * ARRIVAL_WINDOW_DAYS) / 7;
  const arrivalsPerHour: Record<number, number> = {};
  if (openHours > 0) for (const j of joins) arrivalsPerHour[j.priority] = j.n / openHours;
  return { durationModel, arrivalsPerHour };
}

export function queueStateOf(
  now: number,
  chairs: number,
  active: readonly OrderRow[],
  history: ShopHistory,
): ShopQueueState {
  return {
    now,
    chairs,
    orders: active.map(toQueueOrder),
    durationModel: history.durationModel,
    arrivalsPerHour: history.arrivalsPerHour,
  };
}
