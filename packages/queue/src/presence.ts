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
  /**
   * How many orders are ahead and the newest (highest) id among them. Kept since the ids
   * themselves are kept only for the first AHEAD_IDS_KEPT (absent in older records, whose `ahead`
   * lists every id).
   */
  aheadCount?: number;
  newestAhead?: number;
}

/**
 * A record lists the ids ahead only up to this many (issue 29): a queue of 1,000 stored a million
 * ids per change. Further back, who came ahead is told by the count and the newest id ahead.
 */
export const AHEAD_IDS_KEPT = 20;

export function waitBasis(
  state: ShopQueueState,
  estimate: QueueEstimate,
  id: number,
): WaitBasis | null {
  return waitBases(state, estimate).get(id) ?? null;
}

/**
 * The record behind every waiting order's wait, in one pass over the queue sorted by position
 * (not one pass per order: a queue of 1,000 took 1,000,000 steps per change).
 */
export function waitBases(state: ShopQueueState, estimate: QueueEstimate): Map<number, WaitBasis> {
  const out = new Map<number, WaitBasis>();
  const serving = state.orders.filter((o) => o.status === 'in_service');
  const servingIds = serving.map((o) => o.id);
  const idle = Math.max(0, state.chairs - serving.length);
  const newestServing = Math.max(-Infinity, ...servingIds);
  const waiting = state.orders
    .flatMap((o) => {
      const e = estimate.orders.get(o.id);
      return o.status === 'waiting' && e ? [{ o, e }] : [];
    })
    .sort((a, b) => a.e.position - b.e.position);
  // Orders waiting ahead so far (strictly lower positions), per priority, and the newest id.
  const byPriority = new Map<number, number>();
  let newestWaiting = -Infinity;
  const ahead: number[] = [];
  let k = 0;
  for (let i = 0; i < waiting.length; i++) {
    const { o, e } = waiting[i] as (typeof waiting)[number];
    // Equal positions are not ahead of each other.
    while (k < i && (waiting[k] as (typeof waiting)[number]).e.position < e.position) {
      const w = (waiting[k] as (typeof waiting)[number]).o;
      byPriority.set(w.priority, (byPriority.get(w.priority) ?? 0) + 1);
      newestWaiting = Math.max(newestWaiting, w.id);
      if (ahead.length < AHEAD_IDS_KEPT) ahead.push(w.id);
      k++;
    }
    if (e.waitMinutes === null) continue;
    let higherAhead = 0;
    for (const [priority, n] of byPriority) if (priority > o.priority) higherAhead += n;
    const aheadCount = servingIds.length + k;
    const newestAhead = Math.max(newestWaiting, newestServing);
    out.set(o.id, {
      wait: e.waitMinutes,
      start: e.expectedStart ?? state.now,
      chairs: state.chairs,
      ahead: aheadCount <= AHEAD_IDS_KEPT ? [...servingIds, ...ahead].sort((a, b) => a - b) : [],
      higherAhead,
      idle,
      aheadCount,
      ...(aheadCount > 0 ? { newestAhead } : {}),
    });
  }
  return out;
}

/**
 * Whether an order is ahead now that was not before. Exact while both records list every id
 * ahead; further back (more than AHEAD_IDS_KEPT ahead) someone came ahead when more are ahead
 * than before or a newer order is among them (one who moved ahead while as many others left
 * is not seen there: a member joining ahead still is, through higherAhead).
 */
function cameAhead(before: WaitBasis, after: WaitBasis): boolean {
  const listed = (b: WaitBasis) => b.aheadCount === undefined || b.aheadCount === b.ahead.length;
  if (listed(before) && listed(after)) {
    const earlier = new Set(before.ahead);
    return after.ahead.some((id) => !earlier.has(id));
  }
  const count = (b: WaitBasis) => b.aheadCount ?? b.ahead.length;
  const newest = (b: WaitBasis) => b.newestAhead ?? Math.max(-Infinity, ...b.ahead);
  return count(after) > count(before) || newest(after) > newest(before);
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
    if (after.higherAhead > before.higherAhead || cameAhead(before, after)) return 'members_ahead';
    if ((after.idle ?? 0) > 0) return 'chair_idle';
    return 'service_long';
  }
  return 'queue_faster';
}
