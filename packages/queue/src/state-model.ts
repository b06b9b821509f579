// The one state model of a shop's orders and chairs, and every transition staff, customers and
// the clock make on them. Pure: the server reads the facts under the shop's lock, asks
// `decide` whether an action is possible in the state as it is now, and writes only what the
// answer allows; the board, the shop screen, the app and the engine read states from here too.
//
// An order is in exactly one state:
//   absent      an app customer who is not at the shop, not known to be on the way
//   on_the_way  set off, expected at the shop at `until`
//   at_shop     here and waiting (walk-ins, kiosk, checked-in app customers)
//   held        late after setting off: first place among those waiting is kept until `until`
//   deferred    the customer asked for more time: not called before `until`
//   in_chair    being served in chair `chair`
//   served, no_show, cancelled (final, except for an undo within its window)
// A chair is on duty and free, on duty and busy, or draining (taken off duty while busy: it goes
// off when its customer is finished). Chairs 1..onDuty are on duty; a busy chair above is
// draining. A shop with named barbers (issue 30) gives the chairs its barbers are signed in at
// instead of a count: those are on duty, and a busy chair no barber holds is draining.
import { compareQueueOrders } from './sort-queue';

export type OrderStatus = 'active' | 'serviced' | 'noShow' | 'cancelled';

/** What the server stores of an order, as read under the shop's lock (times in epoch ms). */
export interface OrderFacts {
  id: number;
  status: OrderStatus;
  priority: number;
  rank: number;
  atShop: boolean;
  startedAt: number | null;
  chair: number | null;
  /** The customer asked for more time until then. */
  deferredUntil: number | null;
  /** The protected spot ends then (set when the customer set off on the leave-now alert). */
  heldUntil: number | null;
  /** Expected at the shop then (set off + travel minutes), or null. */
  arrivesAt: number | null;
}

export type OrderState =
  | { kind: 'absent' }
  | { kind: 'on_the_way'; until: number }
  | { kind: 'at_shop' }
  | { kind: 'held'; until: number }
  | { kind: 'deferred'; until: number }
  | { kind: 'in_chair'; chair: number }
  | { kind: 'served' }
  | { kind: 'no_show' }
  | { kind: 'cancelled' };

export type OrderStateKind = OrderState['kind'];

export const WAITING_STATES = ['absent', 'on_the_way', 'at_shop', 'held', 'deferred'] as const;
export type WaitingStateKind = (typeof WAITING_STATES)[number];

/** The order's one state at `now`. */
export function orderState(o: OrderFacts, now: number): OrderState {
  if (o.status === 'serviced') return { kind: 'served' };
  if (o.status === 'noShow') return { kind: 'no_show' };
  if (o.status === 'cancelled') return { kind: 'cancelled' };
  if (o.startedAt !== null) return { kind: 'in_chair', chair: o.chair ?? 0 };
  if (o.deferredUntil !== null && o.deferredUntil > now) {
    return { kind: 'deferred', until: o.deferredUntil };
  }
  if (o.atShop) return { kind: 'at_shop' };
  // A trip protects the place only as long as its held spot: the hold ends the shop's grace after
  // the turn came, even if the trip is longer (issue 27).
  if (o.arrivesAt !== null && o.arrivesAt > now && (o.heldUntil === null || o.heldUntil > now)) {
    const until = o.heldUntil === null ? o.arrivesAt : Math.min(o.arrivesAt, o.heldUntil);
    return { kind: 'on_the_way', until };
  }
  if (o.heldUntil !== null && o.heldUntil > now) return { kind: 'held', until: o.heldUntil };
  return { kind: 'absent' };
}

export function isWaitingState(s: OrderState): boolean {
  return (WAITING_STATES as readonly string[]).includes(s.kind);
}

/**
 * The next moment the clock alone changes this order's state (a deferral, a trip or a held spot
 * running out), or null.
 */
export function nextStateChange(o: OrderFacts, now: number): number | null {
  if (o.status !== 'active' || o.startedAt !== null) return null;
  const times = [o.deferredUntil, o.atShop ? null : o.arrivesAt, o.atShop ? null : o.heldUntil];
  let next: number | null = null;
  for (const t of times) if (t !== null && t > now && (next === null || t < next)) next = t;
  return next;
}

/** The earliest time-driven change among a shop's orders, or null. */
export function nextShopStateChange(orders: readonly OrderFacts[], now: number): number | null {
  let next: number | null = null;
  for (const o of orders) {
    const t = nextStateChange(o, now);
    if (t !== null && (next === null || t < next)) next = t;
  }
  return next;
}

// ---- Who sits next --------------------------------------------------------------------------

/**
 * Can take a free chair now: a waiting customer who is at the shop and has not asked for more
 * time. Absent, on-the-way, held and deferred customers keep their place but do not sit.
 */
export function canSitNow(s: OrderState): boolean {
  return s.kind === 'at_shop';
}

/**
 * Who sits next: the waiting customers who can sit now, in queue order (priority, rank, id).
 * The first free chair goes to the first of them, the second free chair to the second.
 */
export function nextToSit<T extends OrderFacts>(orders: readonly T[], now: number): T[] {
  return orders.filter((o) => canSitNow(orderState(o, now))).sort(compareQueueOrders);
}

// ---- Chairs ---------------------------------------------------------------------------------

export type ChairStateKind = 'free' | 'busy' | 'draining';

export interface ChairState {
  chair: number;
  state: ChairStateKind;
  orderId: number | null;
}

/**
 * The chairs of a shop: 1..onDuty on duty (free or busy), then every busy chair above them
 * (draining: off after its customer). A chair never holds two: if the stored facts ever say so,
 * the extra order is reported in `conflicts` rather than hidden.
 */
/** Chairs on duty: 1..n, or (named barbers) the chairs the barbers on duty are signed in at. */
export type OnDuty = number | readonly number[];

export function chairStates(
  onDuty: OnDuty,
  orders: readonly OrderFacts[],
): { chairs: ChairState[]; conflicts: number[] } {
  const seated = new Map<number, number>();
  const conflicts: number[] = [];
  for (const o of orders) {
    if (o.status !== 'active' || o.startedAt === null) continue;
    const chair = o.chair ?? 0;
    if (chair < 1 || seated.has(chair)) conflicts.push(o.id);
    else seated.set(chair, o.id);
  }
  const duty =
    typeof onDuty === 'number'
      ? Array.from({ length: Math.max(0, Math.floor(onDuty)) }, (_, i) => i + 1)
      : [...new Set(onDuty)].filter((c) => c >= 1).sort((a, b) => a - b);
  const onDutySet = new Set(duty);
  const chairs: ChairState[] = [];
  for (const c of duty) {
    const orderId = seated.get(c) ?? null;
    chairs.push({ chair: c, state: orderId === null ? 'free' : 'busy', orderId });
  }
  for (const [c, orderId] of [...seated].sort((a, b) => a[0] - b[0])) {
    if (!onDutySet.has(c)) chairs.push({ chair: c, state: 'draining', orderId });
  }
  return { chairs, conflicts };
}

// ---- Transitions ----------------------------------------------------------------------------

/** Why an action is impossible in the current state (the API's 409 error codes). */
export const REFUSALS = [
  'not_waiting',
  'not_in_chair',
  'no_longer_active',
  'chair_off_duty',
  'chair_busy',
  'no_free_chair',
  'held',
  'no_one_behind',
  'chair_taken',
  'nothing_to_undo',
  'already_here',
] as const;
export type Refusal = (typeof REFUSALS)[number];

/** What an order was before a Start, so that its undo restores it exactly. */
export interface PresenceBeforeStart {
  atShop: boolean;
  checkedInAt: number | null;
}

export type Action =
  | { type: 'start'; chair?: number }
  | { type: 'finish' }
  | { type: 'no_show' }
  | { type: 'cancel' }
  | { type: 'defer' }
  | { type: 'undo'; last: 'start' | 'finish' | 'no_show' | 'cancel' }
  /** The customer: checking in at the shop, asking for more time, setting off, leaving. */
  | { type: 'check_in' }
  | { type: 'self_defer' }
  | { type: 'set_off' }
  | { type: 'leave' };

export type Decision = { ok: true; chair?: number } | { ok: false; refusal: Refusal };

const refuse = (refusal: Refusal): Decision => ({ ok: false, refusal });

/**
 * Whether `action` is possible for `order` in the shop as it is now, and for a start the chair it
 * takes. `shop.orders` holds the shop's active orders (with this one) as read under the lock.
 */
export function decide(
  order: OrderFacts,
  action: Action,
  shop: { onDuty: OnDuty; orders: readonly OrderFacts[]; now: number },
): Decision {
  const state = orderState(order, shop.now);
  const waiting = isWaitingState(state);
  const { chairs } = chairStates(
    shop.onDuty,
    shop.orders.filter((o) => o.id !== order.id),
  );
  switch (action.type) {
    case 'start': {
      if (!waiting) return refuse(state.kind === 'in_chair' ? 'not_waiting' : 'no_longer_active');
      if (action.chair !== undefined) {
        const c = chairs.find((x) => x.chair === action.chair);
        if (!c || c.state === 'draining') return refuse('chair_off_duty');
        if (c.state !== 'free') return refuse('chair_busy');
        return { ok: true, chair: c.chair };
      }
      const free = chairs.find((c) => c.state === 'free');
      return free ? { ok: true, chair: free.chair } : refuse('no_free_chair');
    }
    case 'finish':
      if (state.kind !== 'in_chair') return refuse(waiting ? 'not_in_chair' : 'no_longer_active');
      return { ok: true };
    case 'no_show':
      if (!waiting) return refuse(state.kind === 'in_chair' ? 'not_waiting' : 'no_longer_active');
      // A customer on the way or late within their held spot cannot be marked a no-show.
      if (state.kind === 'held' || state.kind === 'on_the_way') return refuse('held');
      return { ok: true };
    case 'cancel':
    case 'leave':
      if (!waiting && state.kind !== 'in_chair') return refuse('no_longer_active');
      if (action.type === 'leave' && state.kind === 'in_chair') return refuse('not_waiting');
      return { ok: true };
    case 'defer': {
      if (!waiting) return refuse(state.kind === 'in_chair' ? 'not_waiting' : 'no_longer_active');
      const behind = shop.orders.some(
        (o) =>
          o.id !== order.id &&
          isWaitingState(orderState(o, shop.now)) &&
          compareQueueOrders(o, order) > 0,
      );
      return behind ? { ok: true } : refuse('no_one_behind');
    }
    case 'check_in':
      if (!waiting) return refuse(state.kind === 'in_chair' ? 'not_waiting' : 'no_longer_active');
      return { ok: true };
    case 'self_defer':
    case 'set_off':
      if (!waiting) return refuse(state.kind === 'in_chair' ? 'not_waiting' : 'no_longer_active');
      if (action.type === 'set_off' && order.atShop) return refuse('already_here');
      return { ok: true };
    case 'undo':
      return decideUndo(order, state, action.last, chairs);
  }
}

function decideUndo(
  order: OrderFacts,
  state: OrderState,
  last: 'start' | 'finish' | 'no_show' | 'cancel',
  others: readonly ChairState[],
): Decision {
  switch (last) {
    case 'start':
      // Back to waiting, with the presence it had before the Start.
      return state.kind === 'in_chair' ? { ok: true } : refuse('nothing_to_undo');
    case 'finish':
    case 'cancel': {
      if (state.kind !== (last === 'finish' ? 'served' : 'cancelled')) {
        return refuse('nothing_to_undo');
      }
      // A cancel while waiting puts the customer back in their place.
      if (last === 'cancel' && order.startedAt === null) return { ok: true };
      const chair = order.chair ?? 0;
      if (chair < 1) return refuse('nothing_to_undo');
      // A finish, or a cancel in the chair: back in the same chair, only if no one sits there now. An off-duty chair takes its
      // customer back as draining (off again after them).
      const taken = others.some((c) => c.chair === chair && c.orderId !== null);
      return taken ? refuse('chair_taken') : { ok: true, chair };
    }
    case 'no_show':
      return state.kind === 'no_show' ? { ok: true } : refuse('nothing_to_undo');
  }
}

/** Apply a decided action to the facts (the reference semantics the server's writes follow). */
export function applyAction(
  order: OrderFacts,
  action: Action,
  decision: Extract<Decision, { ok: true }>,
  now: number,
  before?: PresenceBeforeStart,
): OrderFacts {
  switch (action.type) {
    case 'start':
      return { ...order, startedAt: now, chair: decision.chair ?? null, atShop: true };
    case 'finish':
      return { ...order, status: 'serviced' };
    case 'no_show':
      return { ...order, status: 'noShow' };
    case 'cancel':
    case 'leave':
      return { ...order, status: 'cancelled' };
    case 'check_in':
      return { ...order, atShop: true };
    case 'defer':
    case 'self_defer':
    case 'set_off':
      return order;
    case 'undo':
      if (action.last === 'start') {
        return { ...order, startedAt: null, chair: null, atShop: before?.atShop ?? order.atShop };
      }
      return { ...order, status: 'active' };
  }
}

/**
 * The invariants of a shop's state, as messages (empty when all hold): every active order in
 * exactly one state; no chair holds two; every busy chair is on duty or draining.
 */
export function shopInvariantViolations(onDuty: OnDuty, orders: readonly OrderFacts[]): string[] {
  const problems: string[] = [];
  const { chairs, conflicts } = chairStates(onDuty, orders);
  for (const id of conflicts) problems.push(`order ${id} shares a chair or has none`);
  const busy = orders.filter((o) => o.status === 'active' && o.startedAt !== null).length;
  const listed = chairs.filter((c) => c.orderId !== null).length;
  if (busy !== listed) problems.push(`${busy} in chairs but ${listed} busy chairs`);
  const ids = new Set<number>();
  for (const o of orders) {
    if (ids.has(o.id)) problems.push(`order ${o.id} twice`);
    ids.add(o.id);
  }
  return problems;
}
