// The one input builder: what the engine is told about a shop, learnt from the shop's records
// (orders with their joins, check-ins, starts and finishes, and the estimates it showed). The
// server builds it from its database rows and the simulator from its simulated days, with this
// same code, so the simulator measures what production runs.
import { learnCalibration } from './calibration';
import type { EstimateRecord } from './calibration';
import { buildDurationModel } from './duration-model';
import { offsetAt } from './opening-hours';
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
/** A weekday's own rate counts as much as this many days of the all-days rate of the time. */
const WEEKDAY_PRIOR_DAYS = 2;
/**
 * The same for members, who are rarer: a weekday's time of day holds a handful of them in 28
 * days, and one that happened to be quiet told the engine no member would pass a one-time customer
 * there. Issue 31: on half-members-six-chairs (10 days), one-time customers shown 60+ minutes
 * waited 58.3 minutes longer than the raw model said (the oracle 45.8); learnt from every day's
 * rate of the hour, 46.3 (the oracle 41.7).
 */
const MEMBER_WEEKDAY_PRIOR_DAYS = 14;
/** Minutes of a slot of the local day: the rates are learnt, and forecast, slot by slot. */
export const RATE_SLOT_MINUTES = 15;
const SLOTS = (24 * 60) / RATE_SLOT_MINUTES;
/**
 * Half-widths (minutes) of the time-of-day smoothing the rates choose from by leaving out each day
 * in turn (session 14): the first smooths nothing (each slot its own), the last pools three hours
 * either side. Not a scenario's constant: the days say which predicts a day left out best.
 */
export const RATE_BANDWIDTHS = [15, 30, 45, 60, 90, 120, 180] as const;
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

/**
 * Customers per hour by priority, walk-ins and app joins apart, per ISO weekday and slot of the
 * local day (RATE_SLOT_MINUTES).
 */
export type SlotRates = Record<'app' | 'walk_in', number[][][]>;

/** Everything learnt from history; with the live orders and the clock it becomes a state. */
export interface ShopInputs {
  durationModel: DurationModel;
  travel: TravelModel;
  cancelShare: number;
  /** Minutes from joining to leaving of the customers who left the queue, ascending. */
  cancelMinutes?: readonly number[];
  calibration: Calibration;
  /** [source][weekday 1..7 at index 0..6][slot 0..95 of the local day] = joins per hour by priority. */
  rates: SlotRates;
}

const SLOT = RATE_SLOT_MINUTES * MINUTE;

const emptyRates = (): number[][][] =>
  Array.from({ length: 7 }, () => Array.from({ length: SLOTS }, () => [0, 0, 0, 0]));

/** The shop's local day (days since 1 January 1970 there) and slot of the day of an instant. */
function localDaySlot(at: number, timeZone: string): { day: number; slot: number } {
  const local = at + offsetAt(timeZone, at);
  const day = Math.floor(local / DAY);
  return { day, slot: Math.min(SLOTS - 1, Math.floor((local - day * DAY) / SLOT)) };
}

/** ISO weekday of a local day number (1 January 1970 was a Thursday). */
const weekdayOf = (day: number) => ((((day + 3) % 7) + 7) % 7) + 1;

/** A linear smoother: `rows[t - first]` weighs the counts of slots `first..last` at slot t. */
interface Smoother {
  first: number;
  rows: Float64Array[];
}

/**
 * The local-linear smoother of a half-width over the slots `first..last` (the span of the day the
 * window's joins cover): each slot's rate is a straight line fitted to the slots around it,
 * weighed by an Epanechnikov kernel. Unlike a kernel average it has no bias where the rate rises or
 * falls steadily, at the ends of the day included; the half-width of one slot smooths nothing.
 */
function smootherOf(first: number, last: number, halfWidth: number): Smoother {
  const h = halfWidth / RATE_SLOT_MINUTES;
  const reach = Math.ceil(h) - 1;
  const rows: Float64Array[] = [];
  for (let t = first; t <= last; t++) {
    const from = Math.max(first, t - reach);
    const to = Math.min(last, t + reach);
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    for (let s = from; s <= to; s++) {
      const u = (s - t) / h;
      const k = 1 - u * u;
      s0 += k;
      s1 += k * (s - t);
      s2 += k * (s - t) * (s - t);
    }
    const det = s0 * s2 - s1 * s1;
    const linear = det > 1e-9 * s0 * s0;
    const row = new Float64Array(last - first + 1);
    for (let s = from; s <= to; s++) {
      const u = (s - t) / h;
      const k = 1 - u * u;
      row[s - first] = linear ? (k * (s2 - (s - t) * s1)) / det : k / s0;
    }
    rows.push(row);
  }
  return { first, rows };
}

/** The smoothed value at each slot of the smoother's span, of counts by slot (0..SLOTS-1). */
function smooth(smoother: Smoother, counts: ArrayLike<number>): Float64Array {
  const { first, rows } = smoother;
  const out = new Float64Array(rows.length);
  rows.forEach((row, i) => {
    let sum = 0;
    for (let j = 0; j < row.length; j++) {
      const w = row[j] as number;
      if (w !== 0) sum += w * ((counts[first + j] as number) ?? 0);
    }
    out[i] = sum;
  });
  return out;
}

/**
 * The smoother that best predicts a day left out from the other days (leave-one-day-out
 * cross-validation, squared error over the slots of the span): the days' own noise against the
 * shape of the day, so a busy shop keeps its peaks and a quiet one pools hours. `perDay[d][slot]`.
 * With fewer than two days: the hour's width.
 */
function chooseSmoother(smoothers: readonly Smoother[], perDay: readonly Float64Array[]): number {
  const days = perDay.length;
  const hourly = RATE_BANDWIDTHS.indexOf(60);
  if (days < 2) return hourly;
  const total = new Float64Array(SLOTS);
  for (const y of perDay)
    for (let s = 0; s < SLOTS; s++) total[s] = (total[s] as number) + (y[s] as number);
  const rest = new Float64Array(SLOTS);
  let best = hourly;
  let bestError = Infinity;
  // Widest first: on a tie (no joins at all) the smoothest.
  for (let i = smoothers.length - 1; i >= 0; i--) {
    const smoother = smoothers[i] as Smoother;
    let error = 0;
    for (const y of perDay) {
      for (let s = 0; s < SLOTS; s++)
        rest[s] = ((total[s] as number) - (y[s] as number)) / (days - 1);
      const fit = smooth(smoother, rest);
      for (let j = 0; j < fit.length; j++) {
        const e = (y[smoother.first + j] as number) - (fit[j] as number);
        error += e * e;
      }
    }
    if (error < bestError) {
      bestError = error;
      best = i;
    }
  }
  return best;
}

/**
 * Joins per hour by source, priority, weekday and slot of the local day (session 14). Each
 * source's members (and apart, its one-time customers) get the smoothing in time of day that
 * predicts a left-out day best; the all-days rate and each weekday's own are smoothed alike, and a
 * weekday's counts only as many days as it holds against a prior of the all-days rate (members,
 * rarer, lean on it more). Before session 14: weekday-hour cells, each hour its own, so a member
 * peak's few dozen joins in 28 days were a noisy step function.
 */
function learnRates(orders: readonly OrderRecord[], now: number, timeZone: string): SlotRates {
  const since = now - ARRIVAL_WINDOW_DAYS * DAY;
  const joins = orders.filter((o) => o.joinedAt >= since && o.joinedAt <= now);
  const first = Math.min(now, ...joins.map((o) => o.joinedAt));
  // How many of each weekday the window holds, since the first join (a new shop has fewer).
  const days = Math.max(1, Math.ceil((now - first) / DAY));
  const today = localDaySlot(now, timeZone).day;
  const perWeekday = [0, 0, 0, 0, 0, 0, 0];
  for (let d = 0; d < days; d++) {
    const w = weekdayOf(localDaySlot(now - d * DAY, timeZone).day);
    perWeekday[w - 1] = (perWeekday[w - 1] ?? 0) + 1;
  }
  // Counts by source, priority, and day of the window (the window's first, partial day is the
  // same weekday as today's partial one four weeks on: they share a row), and the span of slots.
  const sources = ['app', 'walk_in'] as const;
  const perDay = sources.map(() =>
    Array.from({ length: 4 }, () => Array.from({ length: days }, () => new Float64Array(SLOTS))),
  );
  let lo = SLOTS;
  let hi = -1;
  for (const o of joins) {
    const { day, slot } = localDaySlot(o.joinedAt, timeZone);
    const p = Math.min(3, Math.max(0, Math.round(o.priority)));
    const row = perDay[o.source === 'app' ? 0 : 1]?.[p]?.[(((today - day) % days) + days) % days];
    if (row) row[slot] = (row[slot] as number) + 1;
    lo = Math.min(lo, slot);
    hi = Math.max(hi, slot);
  }
  const rates: SlotRates = { app: emptyRates(), walk_in: emptyRates() };
  if (hi < lo) return rates;
  const smoothers = RATE_BANDWIDTHS.map((b) => smootherOf(lo, hi, b));
  const dayOfRow = (k: number) => today - k;
  sources.forEach((source, si) => {
    const byPriority = perDay[si] as Float64Array[][];
    const sum = (ps: readonly number[], k: number) => {
      const out = new Float64Array(SLOTS);
      for (const p of ps) {
        const y = byPriority[p]?.[k];
        if (y) for (let s = 0; s < SLOTS; s++) out[s] = (out[s] as number) + (y[s] as number);
      }
      return out;
    };
    const members = chooseSmoother(
      smoothers,
      Array.from({ length: days }, (_, k) => sum([1, 2, 3], k)),
    );
    const oneTime = chooseSmoother(
      smoothers,
      Array.from({ length: days }, (_, k) => sum([0], k)),
    );
    for (let p = 0; p < 4; p++) {
      const smoother = smoothers[p > 0 ? members : oneTime] as Smoother;
      const rows = byPriority[p] as Float64Array[];
      const all = new Float64Array(SLOTS);
      const own = Array.from({ length: 7 }, () => new Float64Array(SLOTS));
      rows.forEach((y, k) => {
        const ownRow = own[weekdayOf(dayOfRow(k)) - 1] as Float64Array;
        for (let s = 0; s < SLOTS; s++) {
          all[s] = (all[s] as number) + (y[s] as number);
          ownRow[s] = (ownRow[s] as number) + (y[s] as number);
        }
      });
      const allFit = smooth(smoother, all);
      const prior = p > 0 ? MEMBER_WEEKDAY_PRIOR_DAYS : WEEKDAY_PRIOR_DAYS;
      for (let w = 0; w < 7; w++) {
        const n = perWeekday[w] ?? 0;
        const ownFit = smooth(smoother, own[w] as Float64Array);
        for (let j = 0; j < ownFit.length; j++) {
          const perSlot =
            ((ownFit[j] as number) + ((allFit[j] as number) / days) * prior) / (n + prior);
          const cell = rates[source][w]?.[lo + j];
          if (cell) cell[p] = Math.max(0, perSlot) * (60 / RATE_SLOT_MINUTES);
        }
      }
    }
  });
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
  const { day, slot } = localDaySlot(at, timeZone);
  return inputs.rates[source][weekdayOf(day) - 1]?.[slot] ?? [0, 0, 0, 0];
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
  // A segment per slot of the learnt rates (every whole quarter hour is a slot's start in every
  // time zone's local time).
  for (let at = Math.floor(now / SLOT) * SLOT + SLOT; at < end; at += SLOT) starts.add(at);
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
