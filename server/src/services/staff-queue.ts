// The staff console's view of its shop: chairs and who sits in them, every active order in
// queue order with its estimate, and the recent actions that can still be undone.
import { chairStates, nextPerChair, nextToSit, probablyFinishedIds } from '@jono/queue';
import { STAFF_UNDO_WINDOW_MS, type StaffQueue, type StaffQueueOrder } from '@jono/contract';
import type { MarketContext } from '../context';
import { rowCodec, runNamed } from '../db/prepared';
import { customers, orders, outbox } from '../db/schema';
import type { ActiveOrderRow, OrderRow } from './queue-load';
import type { QueueService } from './queue';
import { factsOf } from './order-facts';
import { ALERT_FAILED_STATUSES, ALERT_PURPOSES } from './outbox';
import { staffPresence } from './presence';
import { worksToday } from './rota';

const MINUTE = 60_000;

// The board's two reads as named statements of constant text (db/prepared.ts): a board is built
// after every change of its shop and every minute's sweep that moved an estimate (500 consoles
// in the busy hour), so no query builder runs for it.
const outboxCodec = rowCodec(outbox);
const orderCodec = rowCodec(orders);
const customerCodec = rowCodec(customers);
/** Of the orders $1, those with an alert ($2 purposes) in a failed state ($3). */
const FAILED_ALERTS_SQL = `select distinct "${outboxCodec.column('orderId')}" from "outbox" where "${outboxCodec.column('orderId')}" = any($1::int[]) and "${outboxCodec.column('purpose')}" = any($2::text[]) and "${outboxCodec.column('status')}" = any($3::text[])`;
/** The shop $1's orders with a staff action since $2, and their customer's name. */
const RECENT_ACTIONS_SQL = `select ${orderCodec.select('o')}, c."${customerCodec.column('firstname')}", c."${customerCodec.column('lastname')}" from "orders" o left join "customers" c on c."id" = o."${orderCodec.column('customerId')}" where o."${orderCodec.column('pobId')}" = $1::int and o."${orderCodec.column('lastAction')}" is not null and o."${orderCodec.column('lastActionAt')}" >= $2::timestamptz`;
const UNDOABLE = ['start', 'finish', 'no_show', 'cancel'] as const;
type Undoable = (typeof UNDOABLE)[number];

export function shortName(
  customer: { firstname: string; lastname: string } | null,
  walkInName: string | null,
): string | null {
  if (customer) {
    const initial = customer.lastname.trim().charAt(0);
    return initial ? `${customer.firstname} ${initial}.` : customer.firstname;
  }
  return walkInName;
}

export function membershipLevel(
  c: ActiveOrderRow['customer'],
  today: string,
): StaffQueueOrder['membership'] {
  const type = c?.membershipType;
  if (type !== 'silver' && type !== 'gold' && type !== 'platinum') return 'none';
  if (c?.membershipEnd && c.membershipEnd < today) return 'none';
  return type;
}

/** The undo still possible on an order, or null. */
export function undoOf(
  row: Pick<OrderRow, 'lastAction' | 'lastActionAt'>,
  now: number,
): { action: Undoable; until: string } | null {
  const action = row.lastAction as Undoable | null;
  if (!action || !UNDOABLE.includes(action) || !row.lastActionAt) return null;
  const until = row.lastActionAt.getTime() + STAFF_UNDO_WINDOW_MS;
  return until > now ? { action, until: new Date(until).toISOString() } : null;
}

export async function staffQueue(
  ctx: MarketContext,
  queue: QueueService,
  pobId: number,
  now: number,
): Promise<StaffQueue> {
  const view = await queue.view(ctx, pobId);
  const today = new Date(now).toISOString().slice(0, 10);
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  // Named barbers (issue 30): each order's chosen barber and who serves it, each chair's barber.
  const named = view.barbers.length > 0;
  const barberById = new Map(view.barbers.map((b) => [b.row.id, b]));
  const barberAtChair = new Map(
    view.barbers.flatMap((b) => (b.row.chair === null ? [] : [[b.row.chair, b] as const])),
  );
  const barberFieldsOf = (o: ActiveOrderRow) => {
    const chosen = o.barberId === null ? undefined : barberById.get(o.barberId);
    return {
      barber_id: o.barberId,
      barber_name: chosen?.row.firstName ?? null,
      served_by: o.servedBy,
      barber_off_duty: chosen !== undefined && !chosen.onDuty,
    };
  };

  const rows = view.active.map((o): StaffQueueOrder => {
    const e = view.estimate.orders.get(o.id);
    const inService = o.startedAt !== null;
    const since = inService && o.startedAt ? o.startedAt : o.joinedAt;
    return {
      id: o.id,
      position: e?.position ?? 0,
      state: inService ? 'in_service' : 'waiting',
      customer_name: shortName(o.customer, o.walkInName),
      customer_id: o.customerId,
      membership: membershipLevel(o.customer, today),
      priority: o.priority,
      source: o.source === 'walk_in' || o.source === 'kiosk' ? o.source : 'app',
      checked_in: o.customerAtPob,
      joined_at: o.joinedAt.toISOString(),
      waited_minutes: Math.max(0, Math.floor((now - since.getTime()) / MINUTE)),
      estimate_minutes: e ? e.waitMinutes : null,
      expected_end: e?.expectedEnd ? new Date(e.expectedEnd).toISOString() : null,
      chair: o.chair,
      started_at: iso(o.startedAt),
      planned_minutes: o.plannedMinutes,
      services: o.items.map((i) => ({
        service_id: i.service_id,
        title: i.title,
        duration: i.duration,
        price: i.price,
        extras: i.extras,
      })),
      presence: staffPresence(o, now),
      ticket: o.ticket,
      ...(named ? barberFieldsOf(o) : {}),
    };
  });
  // Alerts that could not be delivered (the provider failed them, or every try failed): the
  // board shows them so staff can call the customer.
  const ids = view.active.map((o) => o.id);
  if (ids.length > 0) {
    const failedIds = await runNamed(
      ctx.db,
      'staff_failed_alerts',
      FAILED_ALERTS_SQL,
      [ids, [...ALERT_PURPOSES], [...ALERT_FAILED_STATUSES]],
      (rows) => new Set(rows.map((r) => Number(r[0]))),
    );
    for (const r of rows) if (failedIds.has(r.id)) r.alert_failed = true;
  }
  // A finish probably forgotten while customers wait at the shop: the board asks staff.
  const forgotten = new Set(probablyFinishedIds(view.state));
  for (const r of rows) if (forgotten.has(r.id)) r.probably_finished = true;
  rows.sort(
    (a, b) =>
      (a.state === 'in_service' ? 0 : 1) - (b.state === 'in_service' ? 0 : 1) ||
      (a.state === 'in_service' ? (a.chair ?? 0) - (b.chair ?? 0) : a.position - b.position),
  );

  // One state model: the chairs (free, busy, draining) and who each free chair seats next; with
  // named barbers, by the one eligibility rule (a tied customer only in their barber's chair).
  const facts = view.active.map((o) => ({ ...factsOf(o), wantsBarberId: o.barberId }));
  const onDuty = named ? [...barberAtChair.keys()] : view.pob.chairs;
  const states = chairStates(onDuty, facts).chairs;
  const nextAt = named
    ? nextPerChair(
        states
          .filter((c) => c.state === 'free')
          .map((c) => ({ chair: c.chair, barberId: barberAtChair.get(c.chair)?.row.id ?? null })),
        facts,
        now,
      )
    : null;
  const next = nextToSit(facts, now);
  let freeIndex = 0;
  const chairs = states.map((c) => {
    const o = c.orderId === null ? undefined : rows.find((r) => r.id === c.orderId);
    const nextId =
      c.state !== 'free'
        ? null
        : nextAt
          ? (nextAt.get(c.chair)?.id ?? null)
          : (next[freeIndex++]?.id ?? null);
    const barber = c.state === 'draining' ? undefined : barberAtChair.get(c.chair);
    return {
      chair: c.chair,
      state: c.state,
      order_id: o?.id ?? null,
      customer_name: o?.customer_name ?? null,
      since: o?.started_at ?? null,
      next_order_id: nextId,
      ...(named
        ? { barber_id: barber?.row.id ?? null, barber_name: barber?.row.firstName ?? null }
        : {}),
    };
  });
  const barbersOnBoard = view.barbers.filter(worksToday).map((b) => {
    const chair = b.row.chair === null ? undefined : chairs.find((c) => c.chair === b.row.chair);
    return {
      id: b.row.id,
      first_name: b.row.firstName,
      photo: b.row.photo,
      on_duty: b.onDuty,
      chair: b.row.chair,
      shift_ends_at: b.shiftEndsAt === null ? null : new Date(b.shiftEndsAt).toISOString(),
      next_shift_at: b.nextShiftAt === null ? null : new Date(b.nextShiftAt).toISOString(),
      due_since: b.dueSince === null ? null : new Date(b.dueSince).toISOString(),
      waiting_order_ids: rows
        .filter((r) => r.state === 'waiting' && r.barber_id === b.row.id)
        .map((r) => r.id),
      next_order_id: chair?.state === 'free' ? chair.next_order_id : null,
    };
  });

  const recentRows = await runNamed(
    ctx.db,
    'staff_recent_actions',
    RECENT_ACTIONS_SQL,
    [pobId, new Date(now - STAFF_UNDO_WINDOW_MS).toISOString()],
    (rows) =>
      rows.map((row) => {
        const w = orderCodec.width;
        // A left-joined customer is null when none (a walk-in), as Drizzle nullifies it.
        const c =
          row[w] === null && row[w + 1] === null
            ? null
            : {
                firstname: customerCodec.value('firstname', row[w]) as string,
                lastname: customerCodec.value('lastname', row[w + 1]) as string,
              };
        return { o: orderCodec.decode(row, 0) as OrderRow, c };
      }),
  );
  const recent = recentRows.flatMap(({ o, c }) => {
    const undo = undoOf(o, now);
    return undo
      ? [
          {
            order_id: o.id,
            customer_name: shortName(c, o.walkInName),
            status: o.status as StaffQueue['recent'][number]['status'],
            undo,
          },
        ]
      : [];
  });

  const s = view.snapshot;
  return {
    pob: {
      id: view.pob.id,
      name: view.pob.name,
      time_zone: view.pob.timeZone,
      chairs: view.pob.chairs,
      staff_queue_state:
        view.pob.queueState === 'closed' || view.pob.queueState === 'full'
          ? view.pob.queueState
          : 'open',
      queue_state: s.queue_state,
      open: s.open,
      closing_soon: s.closing_soon,
      notice: view.pob.notice,
      notice_translations: view.pob.translations ?? {},
      service_time_estimates: s.service_time_estimates,
    },
    chairs,
    barbers: barbersOnBoard,
    orders: rows,
    recent,
    at: new Date(now).toISOString(),
  };
}
