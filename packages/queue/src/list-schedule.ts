// List scheduling of a shop's current state: services under way, then the queue in order onto
// the earliest free chair, passing over customers still on the way. Times are unrounded epoch ms.
import { DEFAULT_TYPICAL_PLANNED_MINUTES, expectedMinutes } from './duration-model';
import { probablyFinished, remainingMinutes } from './remaining-time';
import { sortQueue } from './sort-queue';
import {
  anyBarberAhead,
  barberContext,
  fillChairFree,
  linesOf,
  NO_ARRIVALS,
  rotaOf,
  runBarbers,
  shiftsFrom,
} from './barber-schedule';
import type { QueueOrder, ShopQueueState } from './types';

const MINUTE = 60_000;

export interface ScheduledOrder {
  order: QueueOrder;
  start: number;
  end: number;
  /** With named barbers: who serves it (the barber it is tied to, or who takes it). */
  barberId?: number;
}

export interface ListSchedule {
  inService: ScheduledOrder[];
  /** Waiting orders in queue order; empty when no chair is on duty. */
  waiting: ScheduledOrder[];
  /**
   * When a new order of this priority would reach a chair, ignoring later arrivals: taking the
   * first available barber, or (with named barbers) choosing `barberId`.
   */
  newOrderStart(priority: number, barberId?: number | null): number;
}

export function chairsOnDuty(state: ShopQueueState): number {
  return Number.isFinite(state.chairs) ? Math.max(0, Math.floor(state.chairs)) : 0;
}

export function orderMinutes(state: ShopQueueState, order: Omit<QueueOrder, 'id' | 'rank'>) {
  return expectedMinutes(
    state.durationModel,
    order.plannedMinutes,
    order.serviceIds,
    order.barberId,
  );
}

export function typicalPlannedMinutes(state: ShopQueueState): number {
  return (
    state.typicalPlannedMinutes ??
    state.durationModel?.typicalPlannedMinutes ??
    DEFAULT_TYPICAL_PLANNED_MINUTES
  );
}

/** Expected real minutes of a typical new order. */
export function typicalMinutes(state: ShopQueueState): number {
  return expectedMinutes(state.durationModel, typicalPlannedMinutes(state), []);
}

/** Services under way with their expected end; an order without startedAt starts now. */
export function servicesUnderWay(state: ShopQueueState): ScheduledOrder[] {
  const { now } = state;
  const residuals = state.durationModel?.residuals ?? null;
  return state.orders
    .filter((o) => o.status === 'in_service')
    .map((order) => {
      const start = order.startedAt ?? now;
      const elapsed = (now - start) / MINUTE;
      const expected = orderMinutes(state, order);
      // A finish probably forgotten (remaining-time.ts): the chair is free now.
      if (probablyFinished(expected, elapsed, residuals)) return { order, start, end: now };
      const remaining = remainingMinutes(expected, elapsed, residuals);
      return { order, start, end: now + remaining * MINUTE };
    });
}

export function listSchedule(state: ShopQueueState): ListSchedule | null {
  if (rotaOf(state)) return barberListSchedule(state);
  const { now } = state;
  const inService = servicesUnderWay(state);
  const chairs = chairsOnDuty(state);
  if (chairs === 0) return null;

  const free = chairsFree(now, chairs, inService);
  const queue = sortQueue(state.orders);
  const run = runQueue(state, free, queue) ?? runQueueStepByStep(state, free, queue);
  const newStarts = new Map<number, number>();
  return {
    inService,
    waiting: run.waiting,
    newOrderStart(priority) {
      const known = newStarts.get(priority);
      if (known !== undefined) return known;
      // A new order is at the shop and behind everyone of the same or a higher priority.
      const start = run.newcomerStart(queue.filter((o) => o.priority >= priority).length);
      newStarts.set(priority, start);
      return start;
    },
  };
}

/**
 * When each chair frees. More services under way than barbers on duty: those leaving are
 * assumed to be the ones finishing first, which errs on the side of longer waits.
 */
export function chairsFree(now: number, chairs: number, inService: ScheduledOrder[]): number[] {
  const ends = inService.map((s) => s.end).sort((a, b) => a - b);
  const free = ends.slice(Math.max(0, ends.length - chairs));
  while (free.length < chairs) free.push(now);
  return free;
}

/**
 * When a customer can take a chair: now if at the shop, else when expected to arrive. An arrival
 * time that is not a number (a corrupt joinedAt) counts as at the shop: the step-by-step
 * schedule would otherwise wait forever for a customer who never becomes ready.
 */
export function sitFrom(state: ShopQueueState, order: QueueOrder, readyNow?: number): number {
  if (order.id === readyNow) return state.now;
  if (order.readyAt !== undefined && Number.isFinite(order.readyAt)) {
    return Math.max(state.now, order.readyAt);
  }
  if (order.atShop !== false || state.travelMinutes === undefined) return state.now;
  const arrival = order.joinedAt + state.travelMinutes * MINUTE;
  return Number.isFinite(arrival) ? Math.max(state.now, arrival) : state.now;
}

/** A time the customer gave (more time, on the way): their estimate is when they really sit. */
const hasReadyAt = (order: QueueOrder) =>
  order.readyAt !== undefined && Number.isFinite(order.readyAt);

export interface QueueRun {
  /** The queue in order; a customer still on the way as if at the shop (see listSchedule). */
  waiting: ScheduledOrder[];
  /** When a new order at the shop, put at this index of the queue, would reach a chair. */
  newcomerStart(index: number): number;
}

/**
 * One pass of list scheduling that also answers, without scheduling again, when a customer
 * would sit if they were at the shop: the same schedule as assignChairs until the first step
 * that seats someone further back in the queue, or no one, while that customer waits; they
 * would have taken that chair at that time. O(n x chairs + k log k) for n waiting of whom k
 * are on the way (the step-by-step schedule is O(n^2) and more).
 *
 * It relies on chair times never going back, so it answers null (and the step-by-step
 * schedule is used) when a duration is negative or anything is NaN.
 */
export function runQueue(
  state: ShopQueueState,
  chairsFree: readonly number[],
  queue: readonly QueueOrder[],
): QueueRun | null {
  const { now } = state;
  const n = queue.length;
  const minutes: number[] = new Array<number>(n);
  const ready: number[] = new Array<number>(n);
  /** Indices at the shop (ready now), in queue order. */
  const present: number[] = [];
  /** Indices still on the way, in the order they arrive. */
  const arriving: number[] = [];
  if (Number.isNaN(now) || chairsFree.some((t) => Number.isNaN(t))) return null;
  for (let i = 0; i < n; i++) {
    const order = queue[i] as QueueOrder;
    const m = orderMinutes(state, order);
    const r = sitFrom(state, order);
    if (Number.isNaN(m) || m < 0 || Number.isNaN(r)) return null;
    minutes[i] = m;
    ready[i] = r;
    (r > now ? arriving : present).push(i);
  }
  const readyOf = (i: number) => ready[i] as number;
  arriving.sort((a, b) => readyOf(a) - readyOf(b));

  const free = [...chairsFree];
  const scheduled: ScheduledOrder[] = new Array<ScheduledOrder>(n);
  /** Customers who were on the way and have arrived, by queue index. */
  const arrived = new MinHeap();
  let presentHead = 0;
  let arrivingHead = 0;
  let left = n;
  // Steps that seat someone further back than every step before (Infinity: no one): the
  // first of them at or past index i is the step at which a customer at i would have sat.
  const furthest: number[] = [];
  const furthestAt: number[] = [];
  const record = (index: number, at: number) => {
    if (index > (furthest[furthest.length - 1] ?? -1)) {
      furthest.push(index);
      furthestAt.push(at);
    }
  };
  while (left > 0) {
    const chair = indexOfMin(free);
    const at = Math.max(now, free[chair] ?? now);
    while (arrivingHead < arriving.length && readyOf(arriving[arrivingHead] as number) <= at) {
      arrived.push(arriving[arrivingHead] as number);
      arrivingHead++;
    }
    const first = present[presentHead] ?? Infinity;
    const next = Math.min(first, arrived.peek());
    if (next === Infinity) {
      // No one is at the shop: the chair stays empty until the next customer arrives.
      free[chair] = readyOf(arriving[arrivingHead] as number);
      record(Infinity, at);
      continue;
    }
    if (next === first) presentHead++;
    else arrived.pop();
    const end = at + (minutes[next] as number) * MINUTE;
    free[chair] = end;
    scheduled[next] = { order: queue[next] as QueueOrder, start: at, end };
    left--;
    record(next, at);
  }

  const newcomerStart = (index: number): number => {
    let lo = 0;
    let hi = furthest.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((furthest[mid] as number) >= index) hi = mid;
      else lo = mid + 1;
    }
    const at = furthestAt[lo];
    if (at !== undefined) return at;
    // Everyone in the queue has a chair: the next chair to free.
    return Math.max(now, free[indexOfMin(free)] ?? now);
  };
  const waiting = scheduled.map((s, i) => {
    if (readyOf(i) <= now || hasReadyAt(s.order)) return s;
    const start = newcomerStart(i);
    return { order: s.order, start, end: start + (minutes[i] as number) * MINUTE };
  });
  return { waiting, newcomerStart };
}

/** Binary min-heap of queue indices. */
class MinHeap {
  private readonly items: number[] = [];

  /** The smallest index, Infinity when empty. */
  peek(): number {
    return this.items[0] ?? Infinity;
  }

  push(value: number): void {
    const { items } = this;
    let i = items.push(value) - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const above = items[parent] as number;
      if (above <= value) break;
      items[i] = above;
      i = parent;
    }
    items[i] = value;
  }

  pop(): void {
    const { items } = this;
    const last = items.pop();
    if (last === undefined || items.length === 0) return;
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= items.length) break;
      const right = child + 1;
      if (right < items.length && (items[right] as number) < (items[child] as number)) {
        child = right;
      }
      if ((items[child] as number) >= last) break;
      items[i] = items[child] as number;
      i = child;
    }
    items[i] = last;
  }
}

/**
 * The plain form of runQueue, for states it cannot take (negative durations, NaN): the queue
 * scheduled once, then once more for each customer on the way and for each new order asked
 * about. O(n^2) and more; never used with valid durations and times.
 */
export function runQueueStepByStep(
  state: ShopQueueState,
  free: readonly number[],
  queue: readonly QueueOrder[],
): QueueRun {
  const { now } = state;
  return {
    waiting: assignChairs(state, free, queue).map((s, index) =>
      sitFrom(state, s.order) > now && !hasReadyAt(s.order)
        ? (assignChairs(state, free, queue, s.order.id)[index] ?? s)
        : s,
    ),
    newcomerStart(ahead) {
      const newcomer: QueueOrder = {
        id: Number.NaN,
        priority: -Infinity,
        joinedAt: now,
        rank: Infinity,
        status: 'waiting',
        plannedMinutes: 0,
        serviceIds: [],
      };
      // Those behind the new order cannot take a chair before it: it is at the shop.
      const withNew = [...queue.slice(0, ahead), newcomer];
      return assignChairs(state, free, withNew)[ahead]?.start ?? now;
    },
  };
}

/**
 * Each time a chair frees, it goes to the first customer in queue order who is at the shop;
 * it stays empty until someone arrives when no one is. Results are in queue order.
 */
function assignChairs(
  state: ShopQueueState,
  chairsFree: readonly number[],
  queue: readonly QueueOrder[],
  readyNow?: number,
): ScheduledOrder[] {
  const free = [...chairsFree];
  const pending = queue.map((order, index) => ({
    order,
    index,
    ready: sitFrom(state, order, readyNow),
  }));
  const scheduled: ScheduledOrder[] = new Array<ScheduledOrder>(queue.length);
  while (pending.length > 0) {
    const chair = indexOfMin(free);
    const at = Math.max(state.now, free[chair] ?? state.now);
    const next = pending.findIndex((p) => p.ready <= at);
    if (next < 0) {
      free[chair] = Math.min(...pending.map((p) => p.ready));
      continue;
    }
    const [{ order, index }] = pending.splice(next, 1) as [(typeof pending)[number]];
    const end = at + orderMinutes(state, order) * MINUTE;
    free[chair] = end;
    scheduled[index] = { order, start: at, end };
  }
  return scheduled;
}

function indexOfMin(values: readonly number[]): number {
  let best = 0;
  for (let i = 1; i < values.length; i++) {
    if ((values[i] ?? Infinity) < (values[best] ?? Infinity)) best = i;
  }
  return best;
}

/**
 * The list schedule with named barbers and their shifts (barber-schedule.ts), expected durations
 * at each barber's speed: each waiting order's start (its turn, for a customer still on the way)
 * and who serves it. Null when no barber is on duty for the rest of the day.
 */
function barberListSchedule(state: ShopQueueState): ListSchedule | null {
  const { now } = state;
  const rota = rotaOf(state) ?? [];
  const shifts = shiftsFrom(rota, now, state.closesAt);
  if (!anyBarberAhead(shifts)) return null;
  const inService = servicesUnderWay(state);
  const queue = sortQueue(state.orders);
  const n = queue.length;
  const context = barberContext(
    state,
    rota,
    shifts,
    queue,
    inService.map((s) => s.order),
  );
  const { ids, ratio, tied } = context;
  const chairFree = new Float64Array(ids.length);
  fillChairFree(
    context,
    now,
    inService.map((s) => s.end),
    chairFree,
  );
  const base = queue.map((o) => orderMinutes(state, { ...o, barberId: undefined }));
  const ready = Float64Array.from(queue, (o) => sitFrom(state, o));
  const ownTurn = queue.map(hasReadyAt);
  const minutes = Float64Array.from(base);
  const cache = new Map<string, number>();

  const run = (newcomers: { key: number; barber: number }[]) => {
    const setup = {
      now,
      shifts,
      ratio,
      keys: queue.map((_, i) => i),
      tied,
      ownTurn,
      newcomers,
      withQueue: true,
    };
    const turns = new Float64Array(n).fill(Number.NaN);
    const seats: { at: number; end: number; barber: number }[] = new Array(n);
    const newcomerTurns = new Float64Array(newcomers.length).fill(Number.NaN);
    runBarbers(
      setup,
      linesOf(setup),
      {
        chairFree,
        ready,
        minutes,
        arrivals: NO_ARRIVALS,
      },
      {
        turn(slot, at) {
          if (slot >= 0) turns[slot] = at;
          else newcomerTurns[-1 - slot] = at;
        },
        seat(order, barber, at, end) {
          seats[order] = { at, end, barber };
        },
      },
    );
    return { turns, seats, newcomerTurns };
  };

  const { turns, seats } = run([]);
  const waiting = queue.map((order, i): ScheduledOrder => {
    const seat = seats[i];
    const b = seat?.barber ?? (tied[i] as number);
    const own = (ready[i] as number) <= now || ownTurn[i];
    const start = own && seat ? seat.at : (turns[i] as number);
    const length = seat
      ? seat.end - seat.at
      : (base[i] as number) * (b >= 0 ? (ratio[b] as number) : 1) * MINUTE;
    const barberId = b >= 0 ? ids[b] : undefined;
    return { order, start, end: start + length, ...(barberId !== undefined ? { barberId } : {}) };
  });
  return {
    inService,
    waiting,
    newOrderStart(priority, barberId) {
      const b = barberId == null ? -1 : ids.indexOf(barberId);
      const cacheKey = `${priority}:${b}`;
      const known = cache.get(cacheKey);
      if (known !== undefined) return known;
      // A new order is at the shop and behind everyone of the same or a higher priority.
      const key = queue.filter((o) => o.priority >= priority).length - 0.5;
      const barber = b >= 0 && (shifts[b] as unknown[]).length > 0 ? b : -1;
      const start = run([{ key, barber }]).newcomerTurns[0] as number;
      cache.set(cacheKey, start);
      return start;
    },
  };
}
