// An order as the API and the live streams show it: its live wait, its place, when to set off,
// whether it may rejoin. Joining and a customer's own changes are in orders.ts.
import { ALERT_CHANNELS, BARBER_CHANGES_MAX, type Order } from '@jono/contract';
import type { MarketContext } from '../context';
import type { OrderRow } from './queue-load';
import type { QueueService, ShopQueueView } from './queue';
import { orderPresence, rejoinUntil } from './presence';
import { cancelledByShop, rejoinSpent, rejoinSpentIn, rejoinsOf } from './self-service';
import { orderNotice } from './shop-notices';
import { shopAlertDefault } from './order-alerts';

/** The order's wait as the API shows it: the median and the 80 % interval, in minutes. */
export type LiveWait = Order['service_time_estimate'];
const NO_WAIT: LiveWait = { wait_time: null, wait_range: null };

/**
 * The order as section 3 describes it; `live` is the live estimate while active, `view` the
 * shop's queue (for when to set off). `asOf`: when the row was read (a live message: when its
 * view was computed), so a client keeps the newest of two answers that cross on the way.
 */
export function orderView(
  row: OrderRow,
  live: LiveWait,
  now: number,
  /** With its `pob`, the order also shows the shop's word to everyone waiting. */
  view?: Pick<ShopQueueView, 'estimate'> & Partial<Pick<ShopQueueView, 'pob' | 'barbers'>>,
  asOf: number = now,
  rejoinSpent = false,
): Order {
  return {
    ...barberOfOrder(row, view?.barbers),
    id: row.id,
    as_of: new Date(asOf).toISOString(),
    date: row.joinedAt.toISOString(),
    pob_id: row.pobId,
    status: row.status as Order['status'],
    customer_at_pob: row.customerAtPob,
    presence_source: row.customerAtPob && row.presenceSource === 'position' ? 'position' : null,
    service_time_estimate: row.status === 'active' ? live : NO_WAIT,
    presence: orderPresence(row, now, view, rejoinSpent),
    ticket: row.ticket,
    alerts: {
      ahead: row.alertAhead,
      minutes: row.alertMinutes,
      channel: ALERT_CHANNELS.find((c) => c === row.alertChannel) ?? null,
    },
    ...(view?.pob ? { alert_default: shopAlertDefault(view.pob) } : {}),
    notice: view?.pob ? orderNotice(view.pob, row, now) : null,
    items: row.items.map((i) => ({
      amount: 1,
      service_id: i.service_id,
      service_info: {
        duration: i.duration,
        group_id: i.group_id,
        id: i.service_id,
        price: i.price,
        title: i.title,
      },
      extra_services: i.extras.map((e) => ({
        amount: 1,
        service_id: e.service_id,
        title: e.title,
        price: e.price,
        duration: e.duration,
      })),
    })),
  };
}

/**
 * The order's chosen barber (on duty now, or when back today), the changes left, and whether Jono
 * made it first available. The barber is left out when the shop's barbers were not read.
 */
export function barberOfOrder(
  row: OrderRow,
  barbers: ShopQueueView['barbers'] | undefined,
): Pick<Order, 'barber' | 'barber_changes_left' | 'barber_released'> {
  const released = row.barberReleased
    ? {
        first_name: row.barberReleased.firstName,
        reason: row.barberReleased.reason,
        at: row.barberReleased.at,
      }
    : null;
  const common = {
    barber_changes_left: Math.max(0, BARBER_CHANGES_MAX - row.barberChanges),
    barber_released: released,
  };
  if (row.barberId === null) return { ...common, barber: null };
  const b = barbers?.find((x) => x.row.id === row.barberId);
  if (!b) return common;
  return {
    ...common,
    barber: {
      id: b.row.id,
      first_name: b.row.firstName,
      photo: b.row.photo,
      on_duty: b.onDuty,
      next_shift_at: b.nextShiftAt === null ? null : new Date(b.nextShiftAt).toISOString(),
      due_since: b.dueSince === null ? null : new Date(b.dueSince).toISOString(),
    },
  };
}

/** The live estimate of an order: from the shop's cached view, else the persisted one. */
export async function liveWait(
  ctx: MarketContext,
  queue: QueueService,
  row: OrderRow,
): Promise<LiveWait> {
  if (row.status !== 'active') return NO_WAIT;
  return waitInView(await queue.view(ctx, row.pobId), row);
}

/** The live estimate of an order from its shop's view, else the persisted one. */
export function waitInView(view: Pick<ShopQueueView, 'estimate'>, row: OrderRow): LiveWait {
  if (row.status !== 'active') return NO_WAIT;
  const e = view.estimate.orders.get(row.id);
  if (!e) {
    const range =
      row.waitLow === null || row.waitHigh === null
        ? null
        : { low: row.waitLow, high: row.waitHigh };
    return { wait_time: row.waitEstimate, wait_range: row.waitEstimate === null ? null : range };
  }
  return { wait_time: e.waitMinutes, wait_range: e.waitMinutes === null ? null : e.waitRange };
}

/** Where an order is in its queue: at a chair, or how many customers are ahead of it. */
export function placeInView(
  view: Pick<ShopQueueView, 'estimate'> & Partial<Pick<ShopQueueView, 'active'>>,
  row: OrderRow,
): Pick<Order, 'in_service' | 'ahead' | 'ahead_members'> {
  if (row.status !== 'active') return { in_service: false, ahead: null, ahead_members: null };
  if (row.startedAt) return { in_service: true, ahead: null, ahead_members: null };
  const position = view.estimate.orders.get(row.id)?.position;
  if (position === undefined) return { in_service: false, ahead: null, ahead_members: null };
  const members = (view.active ?? []).filter((o) => {
    if (o.id === row.id || o.startedAt !== null || o.priority <= 0) return false;
    const p = view.estimate.orders.get(o.id)?.position;
    return p !== undefined && p > 0 && p < position;
  }).length;
  return { in_service: false, ahead: Math.max(0, position - 1), ahead_members: members };
}

/**
 * placeInView of every waiting order of the view in one pass over the queue sorted by position
 * (placeInView alone walks the whole queue: once per order, a queue of 1,000 took 1,000,000
 * steps per change).
 */
export function placesInView(
  view: Pick<ShopQueueView, 'estimate' | 'active'>,
): Map<number, Pick<Order, 'in_service' | 'ahead' | 'ahead_members'>> {
  const out = new Map<number, Pick<Order, 'in_service' | 'ahead' | 'ahead_members'>>();
  const waiting = view.active
    .flatMap((o) => {
      const position = view.estimate.orders.get(o.id)?.position;
      return o.status === 'active' && o.startedAt === null && position !== undefined
        ? [{ o, position }]
        : [];
    })
    .sort((a, b) => a.position - b.position);
  let members = 0;
  let k = 0;
  for (let i = 0; i < waiting.length; i++) {
    const { o, position } = waiting[i] as (typeof waiting)[number];
    while (k < i && (waiting[k] as (typeof waiting)[number]).position < position) {
      const w = waiting[k] as (typeof waiting)[number];
      if (w.o.priority > 0 && w.position > 0) members += 1;
      k++;
    }
    out.set(o.id, { in_service: false, ahead: Math.max(0, position - 1), ahead_members: members });
  }
  return out;
}

/** The answer of every order route: the order, its live wait and its place in the queue. */
/**
 * Whether a no-show or left order that could still be rejoined has had its rejoin used; reads
 * the shop's view (for its time zone) only for such an order.
 */
export async function rejoinSpentFor(
  ctx: MarketContext,
  queue: Pick<QueueService, 'view'>,
  row: OrderRow,
  now: number,
): Promise<boolean> {
  if (rejoinUntil(row, now) === null) return false;
  const { pob } = await queue.view(ctx, row.pobId);
  return rejoinSpent(ctx.db, row, pob.timeZone, now);
}

export async function orderAnswer(
  ctx: MarketContext,
  queue: QueueService,
  row: OrderRow,
  now: number,
  /** `rejoinSpent` when already read (a cancel's UPDATE returns it). */
  knownRejoinSpent?: boolean,
): Promise<Order> {
  if (row.status !== 'active') {
    const spent =
      knownRejoinSpent !== undefined && rejoinUntil(row, now) !== null
        ? knownRejoinSpent
        : await rejoinSpentFor(ctx, queue, row, now);
    return {
      ...orderView(row, NO_WAIT, now, undefined, now, spent),
      in_service: false,
      ahead: null,
    };
  }
  const view = await queue.view(ctx, row.pobId);
  return { ...orderView(row, waitInView(view, row), now, view), ...placeInView(view, row) };
}

/**
 * `orderAnswer` for each of one customer's orders (the history): whether a left order's rejoin is
 * spent is read once for them all (`rejoinsOf`), not once per order.
 */
export async function orderAnswers(
  ctx: MarketContext,
  queue: QueueService,
  customerId: number,
  rows: readonly OrderRow[],
  now: number,
): Promise<Order[]> {
  const open = rows.filter(
    (r) =>
      r.status !== 'active' &&
      r.customerId === customerId &&
      !cancelledByShop(r) &&
      rejoinUntil(r, now) !== null,
  );
  const rejoins = open.length > 0 ? await rejoinsOf(ctx.db, customerId) : [];
  return Promise.all(
    rows.map(async (r) => {
      if (!open.includes(r)) return orderAnswer(ctx, queue, r, now);
      const { pob } = await queue.view(ctx, r.pobId);
      return orderAnswer(ctx, queue, r, now, rejoinSpentIn(r, rejoins, pob.timeZone, now));
    }),
  );
}
