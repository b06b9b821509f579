// The one input builder: what the engine is told about a shop, learnt from the shop's records
// (orders with their joins, check-ins, starts and finishes, and the estimates it showed). The
// server builds it from its database rows and the simulator from its simulated days, with this
// same code, so the simulator measures what production runs.
import { learnCalibration } from './calibration';
import type { EstimateRecord } from './calibration';
import { buildDurationModel } from './duration-model';
import { localWeekdayHour, offsetAt } from './opening-hours';
import { firstAbove } from './remaining-time';
import type { ServedOrder } from './duration-model';
import type {
  ArrivalForecast,
  Calibration,
  DurationModel,
  ModelWait,
  QueueOrder,
  RotaBarber,
  ShopQueueState,
  TravelModel,
} from './types';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Days of joins the arrival rates are learnt from. */
export const ARRIVAL_WINDOW_DAYS = 28;
/** Served orders the durations are learnt from (the latest). */
export const DURATION_HISTORY_ORDERS = 300;
/** Days of stored estimates the calibration learns from. */
export const CALIBRATION_WINDOW_DAYS = 14;
/** A weekday's own rate counts as much as this many days of the all-days rate of the hour. */
const WEEKDAY_PRIOR_DAYS = 2;
/**
 * The same for members, who are rarer: a weekday-hour cell holds a handful of them in 28 days,
 * and a cell that happened to be quiet told the engine no member would pass a one-time customer
 * there. Issue 31: on half-members-six-chairs (10 days), one-time customers shown 60+ minutes
 * waited 58.3 minutes longer than the raw model said (the oracle 45.8); learnt from every day's
 * rate of the hour, 46.3 (the oracle 41.7).
 */
const MEMBER_WEEKDAY_PRIOR_DAYS = 14;
/** Check-ins later than this after joining are not travel (a customer who came back later). */
const MAX_TRAVEL_MINUTES = 180;
/** The forecast looks this far ahead when the shop has no closing time today. */
const FORECAST_HOURS = 12;

export interface OrderRecord {
  id: number;
  priority: number;
  source: 'app' | 'walk_in';
  status: 'active' | 'cancelled' | 'serviced' | 'noShow';
  rank: number;
  joinedAt: number;
  /** When the customer was at the shop (a walk-in: when joining); null if never. */
  checkedInAt: number | null;
  startedAt: number | null;
  finishedAt: number | null;
  plannedMinutes: number;
  serviceIds: number[];
  /** Who served the order, when recorded. */
  barberId: number | null;
  /** Not at a chair before this (asked for more time, or on the way): see presence.ts. */
  readyAt?: number | null;
  /**
   * When the order's turn came: it sat, or, while the customer was away, a chair went to someone
   * behind them (staff passed them over) or they were marked a no-show. Null or absent when not
   * recorded (the turn has not come, or a record older than it).
   */
  turnAt?: number | null;
  /** The barber the customer chose (issue 30); null or absent: the first available. */
  wantsBarberId?: number | null;
}

/** An estimate the shop showed for an order, before calibration (the model's). */
export interface ShownEstimate {
  orderId: number;
  priority: number;
  at: number;
  model: ModelWait;
}

export interface ShopRecords {
  /** The shop's orders of the arrival window (any status), the active ones included. */
  orders: readonly OrderRecord[];
  /** Estimates shown in the calibration window. */
  estimates: readonly ShownEstimate[];
}

/** Customers per hour by priority, walk-ins and app joins apart, per ISO weekday and local hour. */
export type HourlyRates = Record<'app' | 'walk_in', number[][][]>;

/** Everything learnt from history; with the live orders and the clock it becomes a state. */
export interface ShopInputs {
  durationModel: DurationModel;
  travel: TravelModel;
  cancelShare: number;
  /** Minutes from joining to leaving of the customers who left the queue, ascending. */
  cancelMinutes?: readonly number[];
  calibration: Calibration;
  /** [source][weekday 1..7 at index 0..6][hour 0..23] = joins per hour by priority. */
  rates: HourlyRates;
}

const emptyRates = (): number[][][] =>
  Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => [0, 0, 0, 0]));

function learnRates(orders: readonly OrderRecord[], now: number, timeZone: string): HourlyRates {
  const since = now - ARRIVAL_WINDOW_DAYS * DAY;
  const joins = orders.filter((o) => o.joinedAt >= since && o.joinedAt <= now);
  const first = Math.min(now, ...joins.map((o) => o.joinedAt));
  // How many of each weekday the window holds, since the first join (a new shop has fewer).
  const days = Math.max(1, Math.ceil((now - first) / DAY));
  const perWeekday = [0, 0, 0, 0, 0, 0, 0];
  for (let d = 0; d < days; d++) {
    const { weekday } = localWeekdayHour(now - d * DAY, timeZone);
    perWeekday[weekday - 1] = (perWeekday[weekday - 1] ?? 0) + 1;
  }
  const rates: HourlyRates = { app: emptyRates(), walk_in: emptyRates() };
  for (const source of ['app', 'walk_in'] as const) {
    const counts = emptyRates();
    const allDays = Array.from({ length: 24 }, () => [0, 0, 0, 0]);
    for (const o of joins) {
      if (o.source !== source) continue;
      const { weekday, hour } = localWeekdayHour(o.joinedAt, timeZone);
      const p = Math.min(3, Math.max(0, Math.round(o.priority)));
      const cell = counts[weekday - 1]?.[hour];
      const all = allDays[hour];
      if (cell) cell[p] = (cell[p] ?? 0) + 1;
      if (all) all[p] = (all[p] ?? 0) + 1;
    }
    for (let w = 0; w < 7; w++) {
      const n = perWeekday[w] ?? 0;
      for (let h = 0; h < 24; h++) {
        for (let p = 0; p < 4; p++) {
          const own = counts[w]?.[h]?.[p] ?? 0;
          const prior = p > 0 ? MEMBER_WEEKDAY_PRIOR_DAYS : WEEKDAY_PRIOR_DAYS;
          const all = ((allDays[h]?.[p] ?? 0) / days) * prior;
          const cell = rates[source][w]?.[h];
          if (cell) cell[p] = (own + all) / (n + prior);
        }
      }
    }
  }
  return rates;
}

/**
 * Minutes from an estimate shown at `at` until the order's turn, when the records tell it: the
 * recorded turn (`turnAt`: it sat, or a chair went to someone behind while the customer was
 * away), else the start of a customer who was at the shop when it was shown (they then sat at
 * their turn). Null otherwise: one still on the way may have been passed over at their turn and
 * sat later, so without a recorded turn their start measures their travel, not the estimate.
 * The closed loop, `npm run accuracy` and the daily summary all judge estimates by this.
 */
export function waitAfterEstimate(
  at: number,
  order: Pick<OrderRecord, 'startedAt' | 'checkedInAt' | 'turnAt'>,
): number | null {
  if (order.turnAt != null && order.turnAt >= at) return (order.turnAt - at) / MINUTE;
  if (order.startedAt === null || order.startedAt < at) return null;
  if (order.checkedInAt === null || order.checkedInAt > at) return null;
  return (order.startedAt - at) / MINUTE;
}

/**
 * Learns everything the engine needs from a shop's records at `now`. `keep.calibration`: a
 * calibration learnt minutes ago, kept instead of learning the 14 days again (the simulator
 * rebuilds the inputs after every finish, as the server does, and relearns it every 10 minutes).
 */
export function buildShopInputs(
  records: ShopRecords,
  now: number,
  timeZone: string,
  keep: { calibration?: Calibration } = {},
): ShopInputs {
  const done = records.orders.filter((o) => o.status !== 'active' && o.joinedAt <= now);
  const served: ServedOrder[] = done
    .filter((o) => o.status === 'serviced' && o.startedAt !== null && o.finishedAt !== null)
    .sort((a, b) => (b.finishedAt ?? 0) - (a.finishedAt ?? 0))
    .slice(0, DURATION_HISTORY_ORDERS)
    .map((o) => ({
      serviceIds: o.serviceIds,
      plannedMinutes: o.plannedMinutes,
      actualMinutes: ((o.finishedAt ?? 0) - (o.startedAt ?? 0)) / MINUTE,
      barberId: o.barberId,
    }));
  const app = done.filter((o) => o.source === 'app');
  const travelMinutes = app
    .flatMap((o) => (o.checkedInAt === null ? [] : [(o.checkedInAt - o.joinedAt) / MINUTE]))
    .filter((m) => m >= 0 && m <= MAX_TRAVEL_MINUTES)
    .sort((a, b) => a - b);
  const appDone = app.filter((o) => o.status !== 'cancelled');
  const noShowShare =
    appDone.length === 0 ? 0 : appDone.filter((o) => o.status === 'noShow').length / appDone.length;
  const cancelShare =
    done.length === 0 ? 0 : done.filter((o) => o.status === 'cancelled').length / done.length;
  const cancelMinutes = done
    .flatMap((o) =>
      o.status === 'cancelled' && o.startedAt === null && o.finishedAt !== null
        ? [(o.finishedAt - o.joinedAt) / MINUTE]
        : [],
    )
    .filter((m) => m >= 0)
    .sort((a, b) => a - b);

  return {
    durationModel: buildDurationModel(served),
    travel: { minutes: travelMinutes, noShowShare },
    cancelShare,
    cancelMinutes,
    calibration: keep.calibration ?? learnCalibration(shownRecords(records, now, timeZone)),
    rates: learnRates(records.orders, now, timeZone),
  };
}

/** The stored estimates of the calibration window whose wait that followed is known. */
function shownRecords(records: ShopRecords, now: number, timeZone: string): EstimateRecord[] {
  // The shop's local day of each estimate (the offset of now: an hour's shift at a change of
  // summer time moves no estimate of an open shop across midnight).
  const offset = offsetAt(timeZone, now);
  const byId = new Map<number, OrderRecord>();
  for (const o of records.orders) byId.set(o.id, o);
  const calibrationSince = now - CALIBRATION_WINDOW_DAYS * DAY;
  const shown: EstimateRecord[] = [];
  for (const e of records.estimates) {
    if (e.at < calibrationSince || e.at > now) continue;
    const order = byId.get(e.orderId);
    const actual = order ? waitAfterEstimate(e.at, order) : null;
    if (!order || actual === null) continue;
    const sinceJoin = (e.at - order.joinedAt) / MINUTE;
    const day = Math.floor((e.at + offset) / DAY);
    shown.push({
      priority: e.priority,
      model: e.model,
      actual,
      orderId: e.orderId,
      sinceJoin,
      day,
    });
  }
  return shown;
}

function perHourAt(inputs: ShopInputs, source: 'app' | 'walk_in', at: number, timeZone: string) {
  const { weekday, hour } = localWeekdayHour(at, timeZone);
  return inputs.rates[source][weekday - 1]?.[hour] ?? [0, 0, 0, 0];
}

/**
 * Customers per hour by priority expected to reach the shop at `at`, of those who join after
 * `now`: walk-ins at once, app customers after the median travel (no-shows never).
 */
function readyPerHour(
  inputs: ShopInputs,
  now: number,
  at: number,
  timeZone: string,
): Record<number, number> {
  const travel = medianOf(inputs.travel.minutes) * MINUTE;
  const walkIns = perHourAt(inputs, 'walk_in', at, timeZone);
  const app = at - travel >= now ? perHourAt(inputs, 'app', at - travel, timeZone) : [0, 0, 0, 0];
  const show = 1 - inputs.travel.noShowShare;
  const perHour: Record<number, number> = {};
  for (let p = 0; p < 4; p++) perHour[p] = (walkIns[p] ?? 0) + (app[p] ?? 0) * show;
  return perHour;
}

const medianOf = (sorted: readonly number[]) =>
  sorted.length === 0 ? 0 : (sorted[Math.floor((sorted.length - 1) / 2)] as number);

/**
 * The chance that a customer who has waited `waited` minutes still leaves the queue: of those who
 * join, `cancelShare` leave, at the learnt minutes after joining; one who has waited past most of
 * them is unlikely to leave now (Bayes). Applying the share to everyone ahead however long they
 * had waited (before issue 31) thinned long queues that were not thinning.
 */
export function cancelChanceAfter(inputs: ShopInputs, waited: number): number {
  const share = inputs.cancelShare;
  const minutes = inputs.cancelMinutes;
  if (share <= 0 || !minutes || minutes.length === 0) return share;
  const later = (minutes.length - firstAbove(minutes, waited)) / minutes.length;
  const stillHere = 1 - share * (1 - later);
  return stillHere <= 0 ? 0 : (share * later) / stillHere;
}

/** An active order's record as the engine reads it. */
export function queueOrderOf(o: OrderRecord): QueueOrder {
  return {
    id: o.id,
    priority: o.priority,
    joinedAt: o.joinedAt,
    rank: o.rank,
    status: o.startedAt === null ? 'waiting' : 'in_service',
    ...(o.startedAt === null ? {} : { startedAt: o.startedAt }),
    plannedMinutes: o.plannedMinutes,
    serviceIds: o.serviceIds,
    atShop: o.checkedInAt !== null,
    barberId: o.barberId,
    ...(o.readyAt != null && o.startedAt === null ? { readyAt: o.readyAt } : {}),
    ...(o.wantsBarberId != null && o.startedAt === null ? { wantsBarberId: o.wantsBarberId } : {}),
  };
}

/** The live state: the active orders, the chairs on duty, the clock and what history taught. */
export function shopQueueState(
  inputs: ShopInputs,
  active: readonly OrderRecord[],
  shop: {
    now: number;
    chairs: number;
    closesAt: number | null;
    timeZone: string;
    /** Named barbers and today's shifts (issue 30): chairs over time, and tied orders. */
    barbers?: readonly RotaBarber[];
  },
): ShopQueueState {
  const { now, timeZone } = shop;
  const end = shop.closesAt ?? now + FORECAST_HOURS * HOUR;
  const starts = new Set<number>();
  for (let at = Math.floor(now / HOUR) * HOUR + HOUR; at < end; at += HOUR) starts.add(at);
  const travel = medianOf(inputs.travel.minutes) * MINUTE;
  if (now + travel < end && travel > 0) starts.add(now + travel);
  const ahead: ArrivalForecast[] = [...starts]
    .sort((a, b) => a - b)
    .map((at) => ({ at, perHour: readyPerHour(inputs, now, at, timeZone) }));
  const orders = active
    .filter((o) => o.status === 'active')
    .map(queueOrderOf)
    .map((o) =>
      o.status === 'waiting'
        ? { ...o, cancelChance: cancelChanceAfter(inputs, (now - o.joinedAt) / MINUTE) }
        : o,
    );
  return {
    now,
    chairs: shop.chairs,
    ...(shop.barbers && shop.barbers.length > 0 ? { barbers: shop.barbers } : {}),
    orders,
    durationModel: inputs.durationModel,
    arrivalsPerHour: readyPerHour(inputs, now, now, timeZone),
    arrivalsAhead: ahead,
    closesAt: shop.closesAt,
    ...(inputs.travel.minutes.length > 0
      ? { travel: inputs.travel, travelMinutes: medianOf(inputs.travel.minutes) }
      : {}),
    cancelShare: inputs.cancelShare,
    calibration: inputs.calibration,
  };
}
