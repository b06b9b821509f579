// Who may sit in a named barber's chair (issue 30): the one rule the server's Start, the staff
// board's "next" per chair and the engine share. A customer tied to a barber (wantsBarberId) is
// only ever served by that barber; a free customer (first available) by anyone. Free chairs go
// to the customers who can sit now in queue order: each takes a free chair of a barber who may
// serve them; a free customer prefers a chair whose barber has none of their own customers
// waiting to sit, so that choosing a barber does not make anyone else wait for a chair.
import { compareQueueOrders } from './sort-queue';
import { canSitNow, nextToSit, orderState, type OrderFacts } from './state-model';

export interface TiedOrderFacts extends OrderFacts {
  /** The barber the customer chose; null or absent: the first available. */
  wantsBarberId?: number | null;
}

/** Whether `barberId` may serve the order: it is tied to them, or to nobody. */
export function mayServe(
  order: { wantsBarberId?: number | null },
  barberId: number | null,
): boolean {
  const wanted = order.wantsBarberId ?? null;
  return wanted === null || wanted === barberId;
}

/** A free chair on duty and the barber signed in at it (null in a shop without named barbers). */
export interface FreeChair {
  chair: number;
  barberId: number | null;
}

/**
 * Who sits next in each free chair: the customers who can sit now, in queue order, each given
 * the first free chair whose barber may serve them (a free customer: first one whose barber has no
 * tied customer among those who can sit, else the first). Chairs nobody can take map to null.
 */
export function nextPerChair<T extends TiedOrderFacts>(
  freeChairs: readonly FreeChair[],
  orders: readonly T[],
  now: number,
): Map<number, T | null> {
  const ready = nextToSit(orders, now);
  const open = [...freeChairs].sort((a, b) => a.chair - b.chair);
  const answer = new Map<number, T | null>(open.map((c) => [c.chair, null]));
  const tiedLeft = new Map<number, number>();
  for (const o of ready) {
    const b = o.wantsBarberId ?? null;
    if (b !== null) tiedLeft.set(b, (tiedLeft.get(b) ?? 0) + 1);
  }
  for (const o of ready) {
    if (open.length === 0) break;
    const wanted = o.wantsBarberId ?? null;
    let at: number;
    if (wanted !== null) {
      at = open.findIndex((c) => c.barberId === wanted);
      tiedLeft.set(wanted, (tiedLeft.get(wanted) ?? 1) - 1);
    } else {
      at = open.findIndex((c) => c.barberId === null || (tiedLeft.get(c.barberId) ?? 0) === 0);
      if (at < 0) at = 0;
    }
    if (at < 0) continue;
    const [chair] = open.splice(at, 1);
    if (chair) answer.set(chair.chair, o);
  }
  return answer;
}

/**
 * The customer Start on a barber's chair seats: the first who can sit now, in queue order, who is
 * tied to this barber or free. A free customer ahead of the barber's own is due first and is taken.
 */
export function nextForBarber<T extends TiedOrderFacts>(
  orders: readonly T[],
  barberId: number | null,
  now: number,
): T | null {
  return nextToSit(orders, now).find((o) => mayServe(o, barberId)) ?? null;
}

/**
 * Away customers whose turn has come (issue 31): the waiting customers the engine would start now
 * if they were at the shop. Free chairs go to the customers who can sit now as in nextPerChair;
 * an absent, on-the-way or held customer reached in queue order while a free chair they could
 * take is left has had their turn come (the chair is free for them; it goes on to the next one
 * here). A deferred customer asked for more time and is skipped. The simulator's dispatch
 * (sim/simulate-day.ts) calls its customers by the same walk.
 */
export function awayTurns<T extends TiedOrderFacts>(
  freeChairs: readonly FreeChair[],
  orders: readonly T[],
  now: number,
): T[] {
  if (freeChairs.length === 0) return [];
  const open = [...freeChairs].sort((a, b) => a.chair - b.chair);
  const waiting = orders
    .filter((o) => o.status === 'active' && o.startedAt === null)
    .sort(compareQueueOrders);
  const states = new Map(waiting.map((o) => [o.id, orderState(o, now)]));
  const tiedLeft = new Map<number, number>();
  for (const o of waiting) {
    const b = o.wantsBarberId ?? null;
    const s = states.get(o.id);
    if (b !== null && s && canSitNow(s)) tiedLeft.set(b, (tiedLeft.get(b) ?? 0) + 1);
  }
  const due: T[] = [];
  for (const o of waiting) {
    if (open.length === 0) break;
    const s = states.get(o.id);
    if (!s) continue;
    const wanted = o.wantsBarberId ?? null;
    if (s.kind === 'absent' || s.kind === 'on_the_way' || s.kind === 'held') {
      if (wanted === null || open.some((c) => c.barberId === wanted)) due.push(o);
      continue;
    }
    if (!canSitNow(s)) continue;
    let at: number;
    if (wanted !== null) {
      at = open.findIndex((c) => c.barberId === wanted);
      tiedLeft.set(wanted, (tiedLeft.get(wanted) ?? 1) - 1);
    } else {
      at = open.findIndex((c) => c.barberId === null || (tiedLeft.get(c.barberId) ?? 0) === 0);
      if (at < 0) at = 0;
    }
    if (at >= 0) open.splice(at, 1);
  }
  return due;
}
