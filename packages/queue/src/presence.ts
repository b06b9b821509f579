// Rules that keep a customer's place while they are not at the shop: a protected spot while on
// the way, a self-defer ("I need more time"), a rejoin at the former place, the travel time and
// leave-now moment, and the record behind a wait that explains why it changed. They are inputs
// and ordering rules of the same list schedule: an order keeps its sort keys and carries the time
// it can take a chair (`readyAt`); chairs that free before then go to the next customer there.
import { estimateQueue } from './estimate-queue';
import { sitFrom } from './list-schedule';
import { compareQueueOrders, sortQueue } from './sort-queue';
import type { QueueEstimate, QueueOrder, ShopQueueState } from './types';

const MINUTE = 60_000;

/** What the server knows of a customer's whereabouts. */
export interface Whereabouts {
  atShop: boolean;
  /** Asked for more time: not to be called before this (epoch ms). */
  deferredUntil?: number | null;
  /** Set off (on the alert or by saying so) at this time, needing `travelMinutes`. */
  setOffAt?: number | null;
  travelMinutes?: number | null;
}

/**
 * When the customer can take a chair, or undefined when the engine's default applies (at the
 * shop, or on the way without a known travel time). A customer at the shop who asked for more
 * time is ready when that time is up; one on the way when they are expected to arrive.
 */
export function readyTime(w: Whereabouts): number | undefined {
  const times: number[] = [];
  if (w.deferredUntil != null) times.push(w.deferredUntil);
  if (!w.atShop && w.setOffAt != null && w.travelMinutes != null) {
    times.push(w.setOffAt + w.travelMinutes * MINUTE);
  }
  return times.length > 0 ? Math.max(...times) : undefined;
}

export type SelfDeferResult =
  | { ok: true; waitMinutes: number | null; readyAt: number; expectedEnd: number | null }
  | { ok: false; reason: 'not_waiting' | 'time_slot' };

/**
 * "I need more time": the order keeps its place and credit for the time waited, but no chair is
 * given to it until `minutes` after it could otherwise sit (now, its expected arrival, or the end
 * of the time it already asked for, so a second request adds to the first); it moves back only
 * as far as that needs (chairs that free before go to the customers behind who are there).
 * Refused with `time_slot` when the service would then end after closing.
 */
export function selfDefer(
  state: ShopQueueState,
  id: number,
  minutes: number,
  closesAt: number | null,
): SelfDeferResult {
  const order = state.orders.find((o) => o.id === id);
  if (!order || order.status !== 'waiting') return { ok: false, reason: 'not_waiting' };
  // More time counts from when the customer could otherwise sit: now, or when expected to arrive,
  // or the end of the time already asked for (a second "15 minutes" adds to the first).
  const readyAt = sitFrom(state, order) + minutes * MINUTE;
  const next = withReadyAt(state, id, readyAt);
  const e = estimateQueue(next).orders.get(id);
  const expectedEnd = e?.expectedEnd ?? null;
  if (closesAt === null || (expectedEnd !== null && expectedEnd > closesAt)) {
    return { ok: false, reason: 'time_slot' };
  }
  return { ok: true, waitMinutes: e?.waitMinutes ?? null, readyAt, expectedEnd };
}

/** The state with one order not ready before `readyAt`. */
export function withReadyAt(state: ShopQueueState, id: number, readyAt: number): ShopQueueState {
  return {
    ...state,
    orders: state.orders.map((o) => (o.id === id ? { ...o, readyAt } : o)),
  };
}

/**
 * A rejoin takes the former order's sort keys (priority and rank), so it is put back where it
 * would have been among those still waiting. The new order has a new (larger) id, so when a
 * customer who was behind has the very same rank, the rank is set just below theirs. Answers
 * the keys and the position it gets.
 */
export function rejoinPlace(
  orders: readonly QueueOrder[],
  former: Pick<QueueOrder, 'id' | 'priority' | 'rank'>,
): { priority: number; rank: number; position: number } {
  const queue = sortQueue(orders);
  const ahead = queue.filter((o) => compareQueueOrders(o, former) < 0);
  const tiedBehind = queue.some(
    (o) => o.priority === former.priority && o.rank === former.rank && o.id > former.id,
  );
  let rank = former.rank;
  if (tiedBehind) {
    const before = ahead.filter((o) => o.priority === former.priority).at(-1)?.rank;
    rank = before !== undefined && before < former.rank ? (before + former.rank) / 2 : rank - 1;
  }
  return { priority: former.priority, rank, position: ahead.length + 1 };
}

/** Straight-line km between two points (haversine, Earth radius 6371 km). */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Straight-line speed (km/h) per way of travel; streets are longer than the straight line. */
export const TRAVEL_SPEED_KMH = { walk: 4, bike: 13, car: 22, transit: 15 } as const;
/** Minutes to leave the house, park, find the door. */
const TRAVEL_OVERHEAD_MINUTES = 3;

/**
 * Minutes to reach the shop from a shared position, scaled by what the shop has learnt
 * (`factor`: how much longer than predicted its app customers really took, see learnTravelFactor).
 */
export function travelMinutes(
  from: { lat: number; lng: number },
  shop: { lat: number; lng: number },
  mode: keyof typeof TRAVEL_SPEED_KMH,
  factor = 1,
): number {
  const minutes = (distanceKm(from, shop) / TRAVEL_SPEED_KMH[mode]) * 60;
  return Math.max(1, Math.round((minutes + TRAVEL_OVERHEAD_MINUTES) * factor));
}

/**
 * The shop's travel factor from its history: actual minutes from setting off to checking in over
 * the minutes predicted, as a ratio of sums shrunk toward 1 (weight of 5 trips), in [0.5, 3].
 */
export function learnTravelFactor(trips: readonly { predicted: number; actual: number }[]): number {
  const valid = trips.filter((t) => t.predicted > 0 && t.actual >= 0 && t.actual < 240);
  const predicted = valid.reduce((s, t) => s + t.predicted, 0);
  const actual = valid.reduce((s, t) => s + t.actual, 0);
  const prior = 5 * (predicted / Math.max(1, valid.length) || 10);
  const ratio = (actual + prior) / (predicted + prior);
  return Math.min(3, Math.max(0.5, ratio));
}

/**
 * When a customer `travel` minutes away should set off so as to be at the shop when their turn
 * comes: the early end of their wait's range (`earlyStart`, epoch ms: the turn comes later than
 * that nine times in ten, so one who leaves on the alert is rarely late) minus the travel time.
 */
export function leaveAt(earlyStart: number, travel: number): number {
  return earlyStart - travel * MINUTE;
}

/** The engine's record behind one order's wait: what it was and what was ahead of it. */
export interface WaitBasis {
  wait: number;
  /** When the order was expected at a chair (epoch ms). */
  start: number;
  chairs: number;
  /** Orders ahead (in service or earlier in the queue). */
  ahead: number[];
  /** How many of those have a higher priority than the order. */
  higherAhead: number;
  /** Chairs on duty with nobody in them (absent in records made before it was kept). */
  idle?: number;
}

export function waitBasis(
  state: ShopQueueState,
  estimate: QueueEstimate,
  id: number,
): WaitBasis | null {
  const own = state.orders.find((o) => o.id === id);
  const e = estimate.orders.get(id);
  if (!own || !e || e.waitMinutes === null || own.status !== 'waiting') return null;
  const ahead = state.orders.filter((o) => {
    if (o.id === id) return false;
    if (o.status === 'in_service') return true;
    const other = estimate.orders.get(o.id);
    return other !== undefined && other.position < e.position;
  });
  return {
    wait: e.waitMinutes,
    start: e.expectedStart ?? state.now,
    chairs: state.chairs,
    ahead: ahead.map((o) => o.id).sort((a, b) => a - b),
    higherAhead: ahead.filter((o) => o.status === 'waiting' && o.priority > own.priority).length,
    idle: Math.max(0, state.chairs - state.orders.filter((o) => o.status === 'in_service').length),
  };
}

export type WaitChangeReason =
  'members_ahead' | 'service_long' | 'chair_idle' | 'barber_off' | 'barber_on' | 'queue_faster';

/**
 * Whether the last recorded change no longer describes the wait: the turn has since moved at least
 * half the explaining threshold the other way (a "later" reason under a wait that came back).
 */
export function waitChangeStale(changeMinutes: number, shiftSince: number, threshold: number) {
  if (changeMinutes === 0) return false;
  return (
    Math.sign(shiftSince) === -Math.sign(changeMinutes) && Math.abs(shiftSince) * 2 >= threshold
  );
}

/** Minutes the expected start moved (positive: later); time passing alone moves nothing. */
export function waitShiftMinutes(before: WaitBasis, after: WaitBasis): number {
  return Math.round((after.start - before.start) / MINUTE);
}

/**
 * Why a wait moved from `before` to `after`, in the words of what changed in the engine's inputs:
 * fewer or more barbers, members who joined ahead, a chair on duty left free (the barber has not
 * started the next customer: nobody's haircut is to blame), services taking longer than expected
 * (same customers ahead, every chair busy, later wait), or the queue moving faster (customers
 * ahead gone early).
 */
export function waitChangeReason(before: WaitBasis, after: WaitBasis): WaitChangeReason {
  const longer = after.start > before.start;
  if (after.chairs < before.chairs && longer) return 'barber_off';
  if (after.chairs > before.chairs && !longer) return 'barber_on';
  if (longer) {
    const earlier = new Set(before.ahead);
    const newAhead = after.ahead.filter((id) => !earlier.has(id)).length;
    if (after.higherAhead > before.higherAhead || newAhead > 0) return 'members_ahead';
    if ((after.idle ?? 0) > 0) return 'chair_idle';
    return 'service_long';
  }
  return 'queue_faster';
}
