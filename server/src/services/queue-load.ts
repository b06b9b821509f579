// Reads a shop's queue from the database into the engine's shapes: active orders, and the
// records of its history (orders and the estimates it showed) for the shared input builder.
import { and, desc, eq, gte, isNotNull } from 'drizzle-orm';
import {
  ARRIVAL_WINDOW_DAYS,
  buildShopInputs,
  CALIBRATION_WINDOW_DAYS,
  closingTime,
  DURATION_HISTORY_ORDERS,
  queueOrderOf,
  shopQueueState,
  type OrderRecord,
  type QueueOrder,
  type ShopInputs,
  type ShopQueueState,
  type ShopRecords,
  type ShownEstimate,
} from '@jono/queue';
import type { Db, Tx } from '../db/client';
import { rowCodec, runNamed } from '../db/prepared';
import { readyAtOf } from './presence';
import type { ActiveOrderRow, OrderRow } from './queue-rows';
import {
  customers,
  orders,
  pobs,
  waitEstimates,
  type OpenTimeRow,
  type services,
} from '../db/schema';
import {
  barbersToday,
  daysAround,
  rotaOf,
  type BarberDayRow,
  type BarberRow,
  type BarberToday,
  type ShopBarbers,
} from './rota';

export type { ShopBarbers } from './rota';

/** A shop's row as the queue reads it: with its named barbers when read with the queue. */
export type PobWithBarbers = typeof pobs.$inferSelect & { barbers?: ShopBarbers };

export type { ActiveOrderRow, OrderRow } from './queue-rows';

/** What the shop's history taught the engine (the shared input builder's answer). */
export type ShopHistory = ShopInputs;

const DAY = 86_400_000;

/** The ids of an order's services and extras, as the duration model knows them. */
export function serviceIdsOf(row: Pick<OrderRow, 'items'>): number[] {
  return row.items.flatMap((i) => [i.service_id, ...i.extras.map((e) => e.service_id)]);
}

/** The columns of an order its record is made of (a history reads only these). */
const recordColumns = {
  id: orders.id,
  priority: orders.priority,
  source: orders.source,
  status: orders.status,
  rank: orders.rank,
  joinedAt: orders.joinedAt,
  checkedInAt: orders.checkedInAt,
  customerAtPob: orders.customerAtPob,
  startedAt: orders.startedAt,
  finishedAt: orders.finishedAt,
  plannedMinutes: orders.plannedMinutes,
  items: orders.items,
  servedBy: orders.servedBy,
  startedBy: orders.startedBy,
  turnAt: orders.turnAt,
  deferredUntil: orders.deferredUntil,
  setOffAt: orders.setOffAt,
  travelMinutes: orders.travelMinutes,
};
export type RecordRow = Pick<OrderRow, keyof typeof recordColumns>;

/** An order row as the shared input builder reads records (the simulator writes the same). */
export function toOrderRecord(row: RecordRow): OrderRecord {
  return {
    id: row.id,
    priority: row.priority,
    // A kiosk join is a walk-in who typed their own name: at the shop once confirmed (orders.ts).
    source: row.source === 'app' ? 'app' : 'walk_in',
    status: orderStatusOf(row.status),
    rank: row.rank,
    joinedAt: row.joinedAt.getTime(),
    checkedInAt: checkedInAtOf(row),
    startedAt: row.startedAt?.getTime() ?? null,
    finishedAt: row.finishedAt?.getTime() ?? null,
    plannedMinutes: row.plannedMinutes,
    serviceIds: serviceIdsOf(row),
    // Who served (the chair's barber at Start); before named barbers, the staff member who
    // started it, as a negative id so that it never reads as a named barber's.
    barberId: row.servedBy ?? (row.startedBy === null ? null : -row.startedBy),
    // Asked for more time, or on the way with a known travel time: keeps the place (presence.ts).
    readyAt: readyAtOf(row) ?? null,
    turnAt: row.turnAt?.getTime() ?? null,
  };
}

/** When the customer was at the shop (a walk-in: when joining); null if never. */
export function checkedInAtOf(
  row: Pick<OrderRow, 'checkedInAt' | 'customerAtPob' | 'joinedAt'>,
): number | null {
  if (row.checkedInAt) return row.checkedInAt.getTime();
  return row.customerAtPob ? row.joinedAt.getTime() : null;
}

export const toQueueOrder = (row: OrderRow): QueueOrder => queueOrderOf(toOrderRecord(row));

const orderStatusOf = (status: string): OrderRecord['status'] =>
  status === 'cancelled' || status === 'serviced' || status === 'noShow' ? status : 'active';

const activeCustomer = {
  firstname: customers.firstname,
  lastname: customers.lastname,
  membershipType: customers.membershipType,
  membershipEnd: customers.membershipEnd,
};

export async function loadActiveOrders(db: Db | Tx, pobId: number): Promise<ActiveOrderRow[]> {
  const rows = await db
    .select({ o: orders, c: activeCustomer })
    .from(orders)
    .leftJoin(customers, eq(customers.id, orders.customerId))
    .where(and(eq(orders.pobId, pobId), eq(orders.status, 'active')));
  return rows.map(({ o, c }) => ({ ...o, customer: c }));
}

/**
 * A shop's records for the shared input builder: its orders of the arrival window, the latest
 * served orders for the durations (older ones too), and the estimates it showed (none with
 * `estimates: false`: a calibration kept, see loadHistory).
 */
export async function loadRecords(
  db: Db | Tx,
  pobId: number,
  now: number,
  opts: { estimates?: boolean } = {},
): Promise<ShopRecords> {
  const since = new Date(now - ARRIVAL_WINDOW_DAYS * DAY);
  // One after another: inside a transaction (a change's first batch) they share one connection,
  // where node-postgres would only queue them (and pg 9 refuses concurrent queries on a client).
  // Only the columns a record is made of: not the orders' wait records, barber logs and the like.
  const recent = await db
    .select(recordColumns)
    .from(orders)
    .where(and(eq(orders.pobId, pobId), gte(orders.joinedAt, since)));
  const served = await db
    .select(recordColumns)
    .from(orders)
    .where(
      and(
        eq(orders.pobId, pobId),
        eq(orders.status, 'serviced'),
        isNotNull(orders.startedAt),
        isNotNull(orders.finishedAt),
      ),
    )
    .orderBy(desc(orders.finishedAt))
    .limit(DURATION_HISTORY_ORDERS);
  // Every estimate of the calibration's days (no record cap: a cap of 20,000 cut a busy shop's
  // 14 days to about 10), and only the columns the calibration reads.
  const shown =
    opts.estimates === false
      ? []
      : await db
          .select({
            orderId: waitEstimates.orderId,
            priority: waitEstimates.priority,
            at: waitEstimates.at,
            modelP10: waitEstimates.modelP10,
            modelP50: waitEstimates.modelP50,
            modelP90: waitEstimates.modelP90,
          })
          .from(waitEstimates)
          .where(
            and(
              eq(waitEstimates.pobId, pobId),
              gte(waitEstimates.at, new Date(now - CALIBRATION_WINDOW_DAYS * DAY)),
            ),
          )
          .orderBy(desc(waitEstimates.at));
  const byId = new Map<number, OrderRecord>();
  for (const row of [...recent, ...served]) byId.set(row.id, toOrderRecord(row));
  const estimates: ShownEstimate[] = shown.map((e) => ({
    orderId: e.orderId,
    priority: e.priority,
    at: e.at.getTime(),
    model: { p10: e.modelP10, p50: e.modelP50, p90: e.modelP90 },
  }));
  return { orders: [...byId.values()], estimates };
}

/** What an order snapshots of a service the shop offers. */
export type OfferedService = Pick<
  typeof services.$inferSelect,
  'id' | 'groupId' | 'parentServiceId' | 'title' | 'price' | 'duration'
>;

export interface ShopQueueRead {
  pob: PobWithBarbers;
  active: ActiveOrderRow[];
  /** The shop's active services among `serviceIds` (a join's order), read in the same statement. */
  offered: OfferedService[];
}

/**
 * The shop's row, its active orders and (for a join) the ordered services the shop offers, in
 * ONE statement; undefined when there is no such shop. The services ride along as one JSON
 * value (an uncorrelated subquery, computed once).
 */
/** How the shop's read decodes its rows (every column, as Drizzle's select maps them). */
const pobCodec = rowCodec(pobs);
const orderCodec = rowCodec(orders);
const customerCodec = rowCodec(customers);
const CUSTOMER_KEYS = ['firstname', 'lastname', 'membershipType', 'membershipEnd'] as const;

/**
 * The shop's read: constant text (the ordered services are one array parameter), so one named
 * statement serves every join, cancel and refresh. $1 the shop, $2-$4 the barbers' days around
 * the change, $5 the ordered services' ids (empty: none).
 */
const SHOP_QUEUE_SQL = `select ${pobCodec.select('p')}, ${orderCodec.select('o')}, ${CUSTOMER_KEYS.map((k) => `c."${customerCodec.column(k)}"`).join(', ')}, (select json_agg(json_build_object('id', s.id, 'groupId', s.group_id, 'parentServiceId', s.parent_service_id, 'title', s.title, 'price', s.price, 'duration', s.duration)) from services s where s.pob_id = $1::int and s.active and s.id = any($5::int[])), (select json_agg(row_to_json(b) order by b.id) from barbers b where b.pob_id = $1::int and b.removed_at is null), (select json_agg(row_to_json(d)) from barber_days d join barbers b on b.id = d.barber_id where b.pob_id = $1::int and b.removed_at is null and d.day in ($2, $3, $4)) from pobs p left join orders o on o.pob_id = p.id and o.status = 'active' left join customers c on c.id = o.customer_id where p.id = $1::int`;

/**
 * The shop's row, its active orders and (for a join) the ordered services the shop offers, in
 * ONE statement; undefined when there is no such shop. The services, the named barbers and their
 * days ride along as JSON values (uncorrelated subqueries, computed once). A named statement of
 * constant text: on PostgreSQL each connection parses and plans it once, and later calls send
 * their parameters alone instead of its 4 KB of text (db/prepared.ts).
 */
export async function loadShopQueue(
  db: Db | Tx,
  pobId: number,
  serviceIds: readonly number[] = [],
  /** The clock of the change: the barbers' own days around it are read. */
  now: number = Date.now(),
): Promise<ShopQueueRead | undefined> {
  const [d1, d2, d3] = daysAround(now);
  return runNamed(
    db,
    'shop_queue',
    SHOP_QUEUE_SQL,
    [pobId, d1, d2, d3, [...serviceIds]],
    (rows): ShopQueueRead | undefined => {
      const first = rows[0];
      if (!first) return undefined;
      const o = pobCodec.width;
      const c = o + orderCodec.width;
      const j = c + CUSTOMER_KEYS.length;
      const active: ActiveOrderRow[] = [];
      for (const row of rows) {
        if (row[o] === null) continue;
        const order = orderCodec.decode(row, o);
        // A left-joined customer is null when none (a walk-in), as Drizzle nullifies it.
        let customer: ActiveOrderRow['customer'] = null;
        if (row[c] !== null || row[c + 1] !== null || row[c + 2] !== null || row[c + 3] !== null) {
          customer = {
            firstname: customerCodec.value('firstname', row[c]) as string,
            lastname: customerCodec.value('lastname', row[c + 1]) as string,
            membershipType: customerCodec.value('membershipType', row[c + 2]) as string | null,
            membershipEnd: customerCodec.value('membershipEnd', row[c + 3]) as string | null,
          };
        }
        active.push({ ...order, customer });
      }
      const barbers: ShopBarbers = {
        rows: (parseJson(first[j + 1] as Record<string, unknown>[] | null) ?? []).map(barberRowOf),
        days: (parseJson(first[j + 2] as Record<string, unknown>[] | null) ?? []).map(barberDayOf),
      };
      return {
        pob: { ...pobCodec.decode(first), barbers },
        active,
        offered: parseJson(first[j] as OfferedService[] | null) ?? [],
      };
    },
  );
}

const dateOf = (v: unknown) => (typeof v === 'string' ? new Date(v) : null);

/** A barbers row read as JSON (snake_case, timestamps as text) as Drizzle reads it. */
export function barberRowOf(j: Record<string, unknown>): BarberRow {
  return {
    id: Number(j.id),
    pobId: Number(j.pob_id),
    firstName: String(j.first_name),
    photo: typeof j.photo === 'string' ? j.photo : null,
    languages: Array.isArray(j.languages) ? (j.languages as string[]) : [],
    specialities: typeof j.specialities === 'string' ? j.specialities : '',
    translations: (j.translations ?? {}) as BarberRow['translations'],
    staffId: typeof j.staff_id === 'number' ? j.staff_id : null,
    week: Array.isArray(j.week) ? (j.week as BarberRow['week']) : [],
    chair: typeof j.chair === 'number' ? j.chair : null,
    onDutySince: dateOf(j.on_duty_since),
    offDutySince: dateOf(j.off_duty_since),
    removedAt: dateOf(j.removed_at),
    createdAt: dateOf(j.created_at) ?? new Date(0),
  };
}

function barberDayOf(j: Record<string, unknown>): BarberDayRow {
  return {
    barberId: Number(j.barber_id),
    day: String(j.day),
    shifts: Array.isArray(j.shifts) ? (j.shifts as BarberDayRow['shifts']) : [],
    updatedAt: dateOf(j.updated_at) ?? new Date(0),
  };
}

/** PGlite hands json columns over parsed; node-postgres too, but a driver may leave text. */
const parseJson = <T>(value: T | string | null): T | null =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;

/** What a history read may keep of the one it replaces: its calibration (HistoryCache). */
export interface KeptCalibration {
  calibration: ShopHistory['calibration'];
}

/**
 * A shop's inputs from its records at `now`. `keep.calibration`: one learnt minutes ago, kept
 * (a finish's lesson: the durations, rates and travel are learnt again from the orders, the 14
 * days of estimates are not read). It is relearnt at least every HISTORY_TTL_MS; the accuracy
 * bench's simulator keeps it longer (CALIBRATION_REFRESH_MS, an hour), so the bench's figures
 * do not flatter this.
 */
export async function loadHistory(
  db: Db | Tx,
  pob: { id: number; timeZone: string },
  now: number,
  keep?: KeptCalibration,
): Promise<ShopHistory> {
  const records = await loadRecords(db, pob.id, now, { estimates: keep === undefined });
  return buildShopInputs(records, now, pob.timeZone, keep ?? {});
}

type QueuePob = {
  chairs: number;
  timeZone: string;
  openTimes: OpenTimeRow[];
  barbers?: ShopBarbers;
};

/**
 * The shop's named barbers as they stand at `now` (on duty first); [] for a shop without any, or
 * one read without them.
 */
export function barbersNow(pob: QueuePob, now: number): BarberToday[] {
  const named = pob.barbers;
  if (!named || named.rows.length === 0) return [];
  const closesAt = closingTime(pob.openTimes, pob.timeZone, now);
  return barbersToday(named.rows, named.days, pob.timeZone, now, closesAt);
}

/**
 * The engine's state of a shop now: its active orders, chairs, closing and what history taught.
 * A shop with named barbers gives the engine its rota for the rest of today and each waiting
 * order's chosen barber; its chairs are its barbers on duty.
 */
export function queueStateOf(
  now: number,
  pob: QueuePob,
  active: readonly OrderRow[],
  history: ShopHistory,
  today: readonly BarberToday[] = barbersNow(pob, now),
): ShopQueueState {
  const closesAt = closingTime(pob.openTimes, pob.timeZone, now);
  const state = shopQueueState(history, active.map(toOrderRecord), {
    now,
    chairs: pob.chairs,
    closesAt,
    timeZone: pob.timeZone,
  });
  if (today.length === 0) return state;
  const wants = new Map(active.map((o) => [o.id, o.barberId]));
  return {
    ...state,
    chairs: today.filter((b) => b.onDuty).length,
    barbers: rotaOf(today),
    orders: state.orders.map((o) =>
      o.status === 'waiting' ? { ...o, wantsBarberId: wants.get(o.id) ?? null } : o,
    ),
  };
}
