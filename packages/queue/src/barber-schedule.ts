// List scheduling with named barbers (issue 30) and their shifts (issue 31's rota): one run of
// the shop's day from now, shared by the Monte Carlo (wait-distribution.ts, one call per run)
// and the deterministic list schedule (list-schedule.ts).
//
// The rule (the same as barber-eligibility.ts answers for the board): a barber who is free and
// on duty seats the first customer in queue order who is ready and either free (first available)
// or tied to that barber. So a free customer takes the first barber who becomes free and whose
// own tied customers are not due first, members keep their priority within each barber's line,
// and a tied customer is only ever served by their barber. A barber leaves at a break or the end
// of a shift after finishing the customer in the chair (service is not preemptive) and comes
// back at the next shift's start. The barbers whose day ends last keep serving after it until
// the queue is empty (everyone accepted is served, after closing if need be); a barber who goes
// home before has their tied customers offered the first available (the server tells them), so
// from that moment they count as free.
//
// An order's turn is when a chair would be free for it: when it sits, or, for a customer not
// there, the first moment one of the barbers who could serve it seats someone behind it or stays
// empty. A new customer's turn (first available, or tied to each barber) is that of an order
// joined now, at the shop: it changes nothing before it.
import { IndexHeap, sortByTime } from './index-heap';
import type { QueueOrder, RotaBarber, ShopQueueState } from './types';

const MINUTE = 60_000;

export interface Shift {
  from: number;
  to: number;
}

/** The named barbers of a state, or null when the engine counts chairs only. */
export function rotaOf(state: ShopQueueState): readonly RotaBarber[] | null {
  return state.barbers && state.barbers.length > 0 ? state.barbers : null;
}

/**
 * Each barber's shifts from `now` on, sorted. The last shift of those who work until closing
 * (`closesAt`; without it, or when no one does, those whose day ends last) is open-ended: they
 * serve everyone accepted. Shifts entirely before `now` are dropped.
 */
export function shiftsFrom(
  barbers: readonly RotaBarber[],
  now: number,
  closesAt?: number | null,
): Shift[][] {
  const cleaned = barbers.map((b) =>
    b.shifts
      .filter((s) => Number.isFinite(s.from) && Number.isFinite(s.to) && s.to > s.from)
      .filter((s) => s.to > now)
      .map((s) => ({ from: s.from, to: s.to }))
      .sort((x, y) => x.from - y.from),
  );
  const lastEnd = Math.max(-Infinity, ...cleaned.map((s) => s.at(-1)?.to ?? -Infinity));
  const until =
    closesAt != null && Number.isFinite(closesAt) ? Math.min(closesAt, lastEnd) : lastEnd;
  for (const shifts of cleaned) {
    const last = shifts.at(-1);
    if (last && last.to >= until) last.to = Infinity;
  }
  return cleaned;
}

/** The first moment at or after `t` at which the barber may seat someone; Infinity: gone for the day. */
export function nextOnDuty(shifts: readonly Shift[], t: number): number {
  for (const s of shifts) if (s.to > t) return Math.max(t, s.from);
  return Infinity;
}

/** Whether any barber is on duty at some moment from now on. */
export function anyBarberAhead(shifts: readonly Shift[][]): boolean {
  return shifts.some((s) => s.length > 0);
}

/** One entity waiting for a chair: a queue order or a customer arriving during the run. */
export interface BarberRunSetup {
  now: number;
  shifts: Shift[][];
  /** Per barber: their duration ratio (durationModel.barberRatios), 1 unknown. */
  ratio: number[];
  /** Queue orders (in queue order): sort key (ascending), and the barber index they are tied to or -1. */
  keys: readonly number[];
  tied: Int32Array;
  /** An order that gave its own time (readyAt): its turn is when it really sits. */
  ownTurn: readonly boolean[];
  /** New customers asked about: key and barber index (-1 first available). */
  newcomers: readonly { key: number; barber: number }[];
  /** Queue orders' turns are recorded (false: only the new customers'). */
  withQueue: boolean;
}

export interface BarberRunInput {
  /** Per barber: when the service in their chair ends (now when the chair is free). */
  chairFree: Float64Array;
  /** Per queue order: when it is at the shop (Infinity: never, it leaves or does not come). */
  ready: Float64Array;
  /** Per queue order: its expected minutes before the barber's ratio (times its residual). */
  minutes: Float64Array;
  /** Customers arriving meanwhile (members who go ahead). */
  arrivals: ArrivalSource;
}

/** Customers arriving during a run, one at a time (wait-distribution.ts's ArrivalStream). */
export interface ArrivalSource {
  /** When the next one arrives (epoch ms), Infinity for none. */
  nextAt(): number;
  /** Takes the next arrival: its key and minutes are then in `key` and `minutes`. */
  take(): void;
  /** The arrival last taken: its sort key and its minutes before the barber's ratio. */
  readonly key: number;
  readonly minutes: number;
}

/** No one arrives (the deterministic list schedule). */
export const NO_ARRIVALS: ArrivalSource = {
  nextAt: () => Infinity,
  take: () => undefined,
  key: Infinity,
  minutes: 0,
};

export interface BarberRunOutput {
  /** A queue order's (slot >= 0) or a new customer's (slot = -1 - j) turn, epoch ms. */
  turn(slot: number, at: number): void;
  /** A queue order seated by barber b from `at` to `end`. */
  seat?(order: number, barber: number, at: number, end: number): void;
}

/**
 * Slots of each line in key order: line 0 the free customers, line b + 1 those tied to barber b.
 * A slot is a queue index (>= 0) or a new customer (-1 - j).
 */
export function linesOf(setup: BarberRunSetup): number[][] {
  const lines: number[][] = Array.from({ length: setup.shifts.length + 1 }, () => []);
  const entries: { key: number; slot: number; line: number }[] = [];
  setup.keys.forEach((key, i) =>
    entries.push({ key, slot: i, line: (setup.tied[i] as number) + 1 }),
  );
  setup.newcomers.forEach((c, j) => entries.push({ key: c.key, slot: -1 - j, line: c.barber + 1 }));
  entries.sort((a, b) => a.key - b.key || a.slot - b.slot);
  for (const e of entries) (lines[e.line] as number[]).push(e.slot);
  return lines;
}

/**
 * One run of the day: seats the queue and the arrivals barber by barber until every turn asked
 * about is known. `lines` comes from linesOf(setup) (computed once for all runs).
 */
/** Buffers of runBarbers, reused from one Monte Carlo run to the next (no garbage per run). */
export class BarberWork {
  /** Per entity (the queue, then arrivals): sort key and minutes before the barber's ratio. */
  keys: Float64Array;
  minutes: Float64Array;
  /** Entities in `keys` and `minutes` this run. */
  count = 0;
  readonly tied: Int32Array;
  readonly freeHeap: IndexHeap;
  readonly tiedHeaps: IndexHeap[];
  /** Queue orders on their way this run (the first of them), by when they arrive. */
  readonly absent: Int32Array;
  readonly free: Float64Array;
  readonly idle: Uint8Array;
  /** Per line: its slots this run (a barber gone for the day merges theirs) and how far they are known. */
  readonly line: (readonly number[])[];
  readonly passed: Int32Array;
  constructor(n: number, barbers: number) {
    const capacity = n + 64;
    this.keys = new Float64Array(capacity);
    this.minutes = new Float64Array(capacity);
    this.tied = new Int32Array(n);
    this.freeHeap = new IndexHeap(this.keys, capacity);
    this.tiedHeaps = Array.from({ length: barbers }, () => new IndexHeap(this.keys));
    this.absent = new Int32Array(n);
    this.free = new Float64Array(barbers);
    this.idle = new Uint8Array(barbers);
    this.line = Array.from({ length: barbers + 1 }, () => []);
    this.passed = new Int32Array(barbers + 1);
  }
  /** Adds an entity and answers its index; grows the arrays (and the heaps' keys) when full. */
  add(key: number, minutes: number): number {
    if (this.count === this.keys.length) {
      const keys = new Float64Array(this.keys.length * 2);
      keys.set(this.keys);
      this.keys = keys;
      const grown = new Float64Array(keys.length);
      grown.set(this.minutes);
      this.minutes = grown;
      this.freeHeap.rekey(keys);
      for (const heap of this.tiedHeaps) heap.rekey(keys);
    }
    const e = this.count++;
    this.keys[e] = key;
    this.minutes[e] = minutes;
    return e;
  }
}

/**
 * One run of the day: seats the queue and the arrivals barber by barber until every turn asked
 * about is known. `lines` comes from linesOf(setup) (computed once for all runs).
 */
export function runBarbers(
  setup: BarberRunSetup,
  lines: readonly (readonly number[])[],
  input: BarberRunInput,
  out: BarberRunOutput,
  work: BarberWork = new BarberWork(setup.keys.length, setup.shifts.length),
): void {
  const { now, shifts, ratio, keys: queueKeys, ownTurn, newcomers, withQueue } = setup;
  const barbers = shifts.length;
  const n = queueKeys.length;
  const { ready } = input;
  // Entities: 0..n-1 the queue, then arrivals (work.keys and work.minutes: they grow).
  const { tied, freeHeap, tiedHeaps, absent, free, idle, line, passed } = work;
  work.count = 0;
  for (let i = 0; i < n; i++) work.add(queueKeys[i] as number, input.minutes[i] as number);
  tied.set(setup.tied);
  freeHeap.reset();
  for (const heap of tiedHeaps) heap.reset();
  free.fill(0);
  idle.fill(0);
  const heapOf = (e: number) => {
    const b = e < n ? (tied[e] as number) : -1;
    return b < 0 ? freeHeap : (tiedHeaps[b] as IndexHeap);
  };

  // Per line: its slots and how far its turns are known.
  for (let l = 0; l < line.length; l++) line[l] = lines[l] as readonly number[];
  passed.fill(0);
  const keyOfSlot = (slot: number) =>
    slot >= 0 ? (queueKeys[slot] as number) : (newcomers[-1 - slot] as { key: number }).key;
  let toRecord = newcomers.length;
  let ownLeft = 0;
  let absentCount = 0;
  for (let i = 0; i < n; i++) {
    const at = ready[i] as number;
    if (ownTurn[i] && at < Infinity) {
      if (withQueue) ownLeft++;
    } else if (withQueue) toRecord++;
    if (at <= now) heapOf(i).push(i);
    else if (at < Infinity) absent[absentCount++] = i;
  }
  sortByTime(absent, absentCount, ready);
  let absentHead = 0;

  /** Everyone of line l up to `key` who has not sat has had their turn at `at`. */
  const settle = (l: number, key: number, at: number) => {
    const slots = line[l] as readonly number[];
    let p = passed[l] as number;
    while (p < slots.length && keyOfSlot(slots[p] as number) <= key) {
      const slot = slots[p] as number;
      if (slot < 0) {
        out.turn(slot, at);
        toRecord--;
      } else if (withQueue && (!ownTurn[slot] || ready[slot] === Infinity)) {
        out.turn(slot, at);
        toRecord--;
      }
      p++;
    }
    passed[l] = p;
  };

  for (let b = 0; b < barbers; b++) {
    free[b] = nextOnDuty(shifts[b] as Shift[], Math.max(now, input.chairFree[b] as number));
  }
  /** A barber gone for the day: their line joins the free customers'. */
  const retire = (b: number, at: number) => {
    const heap = tiedHeaps[b] as IndexHeap;
    while (heap.size > 0) freeHeap.push(heap.pop());
    for (let i = 0; i < n; i++) if (tied[i] === b) tied[i] = -1;
    const rest = (line[b + 1] as readonly number[]).slice(passed[b + 1]);
    if (rest.length > 0) {
      const merged = [...(line[0] as readonly number[]).slice(passed[0]), ...rest];
      merged.sort((x, y) => keyOfSlot(x) - keyOfSlot(y) || x - y);
      line[0] = merged;
      passed[0] = 0;
      line[b + 1] = [];
      passed[b + 1] = 0;
    }
    for (let c = 0; c < barbers; c++) {
      if (idle[c] && (free[c] as number) > at) {
        free[c] = nextOnDuty(shifts[c] as Shift[], at);
        idle[c] = 0;
      }
    }
  };
  for (let b = 0; b < barbers; b++) if (free[b] === Infinity) retire(b, now);

  const { arrivals } = input;
  let arrivalAt = arrivals.nextAt();
  let guard = 0;
  while (toRecord > 0 || ownLeft > 0) {
    let b = 0;
    for (let c = 1; c < barbers; c++) if ((free[c] as number) < (free[b] as number)) b = c;
    const at = Math.max(now, free[b] as number);
    if (at === Infinity || ++guard > 1_000_000) break;
    while (absentHead < absentCount && (ready[absent[absentHead] as number] as number) <= at) {
      const e = absent[absentHead] as number;
      heapOf(e).push(e);
      absentHead++;
    }
    while (arrivalAt <= at) {
      arrivals.take();
      freeHeap.push(work.add(arrivals.key, arrivals.minutes));
      arrivalAt = arrivals.nextAt();
    }
    let own = tiedHeaps[b] as IndexHeap;
    const fromFree = freeHeap.peekKey() <= own.peekKey();
    if (fromFree && freeHeap.size > 0 && own.size > 0) {
      // A free customer prefers a barber free at the same moment with none of their own waiting
      // (as the board's nextPerChair): choosing a barber then makes no one else wait.
      for (let c = 0; c < barbers; c++) {
        if (c !== b && (free[c] as number) <= at && (tiedHeaps[c] as IndexHeap).size === 0) {
          b = c;
          own = tiedHeaps[c] as IndexHeap;
          break;
        }
      }
    }
    const heap = fromFree ? freeHeap : own;
    if (heap.size === 0) {
      // No one this barber may serve is at the shop: everyone of their lines has had their turn.
      settle(0, Infinity, at);
      settle(b + 1, Infinity, at);
      idle[b] = 1;
      const wake =
        absentHead < absentCount
          ? (ready[absent[absentHead] as number] as number)
          : toRecord > 0
            ? arrivalAt
            : Infinity;
      const next = wake === Infinity ? Infinity : nextOnDuty(shifts[b] as Shift[], wake);
      free[b] = next;
      if (next === Infinity && wake !== Infinity) {
        idle[b] = 0;
        retire(b, at);
      }
      continue;
    }
    idle[b] = 0;
    const e = heap.pop();
    if (e < n && ownTurn[e] && withQueue) {
      out.turn(e, at);
      ownLeft--;
    }
    const key = work.keys[e] as number;
    settle(0, key, at);
    settle(b + 1, key, at);
    const end = at + (work.minutes[e] as number) * (ratio[b] as number) * MINUTE;
    if (e < n) out.seat?.(e, b, at, end);
    const next = nextOnDuty(shifts[b] as Shift[], end);
    free[b] = next;
    if (next === Infinity) retire(b, end);
  }
}

/** What every run with named barbers shares: who they are, their speed, who is tied to whom. */
export interface BarberContext {
  ids: number[];
  shifts: Shift[][];
  ratio: number[];
  /** Per queue order: the barber index it is tied to, -1 free. */
  tied: Int32Array;
  /** Per service under way: the barber index whose chair it occupies, -1 unknown. */
  seatedAt: number[];
  /** Barbers on duty now with no known service in their chair, for the services of unknown barber. */
  open: number[];
}

export function barberContext(
  state: ShopQueueState,
  rota: readonly RotaBarber[],
  shifts: Shift[][],
  queue: readonly QueueOrder[],
  inService: readonly QueueOrder[],
): BarberContext {
  const { now } = state;
  const ids = rota.map((b) => b.id);
  const index = new Map(ids.map((id, b) => [id, b]));
  const ratios = state.durationModel?.barberRatios;
  const ratio = ids.map((id) => {
    const x = ratios?.get(id);
    return x !== undefined && Number.isFinite(x) && x > 0 ? x : 1;
  });
  // A tied customer whose barber has no time left today (or is unknown) counts as free: the
  // server offers them the first available.
  const tied = Int32Array.from(queue, (o) => {
    const b = o.wantsBarberId == null ? undefined : index.get(o.wantsBarberId);
    return b !== undefined && (shifts[b] as Shift[]).length > 0 ? b : -1;
  });
  const seatedAt = inService.map((o) => (o.barberId == null ? -1 : (index.get(o.barberId) ?? -1)));
  const open = ids
    .map((_, b) => b)
    .filter(
      (b) =>
        !seatedAt.includes(b) && (rota[b]?.shifts ?? []).some((s) => s.from <= now && s.to > now),
    );
  return { ids, shifts, ratio, tied, seatedAt, open };
}

/**
 * When each barber's chair frees, from the ends of the services under way: in their barber's
 * chair; the rest in the chairs of barbers on duty now with no one in them, the longest first
 * (more than there are: those leaving are the ones finishing first, as with chairs only).
 */
export function fillChairFree(
  context: BarberContext,
  now: number,
  ends: ArrayLike<number>,
  chairFree: Float64Array,
): void {
  chairFree.fill(now);
  let loose: number[] | null = null;
  for (let k = 0; k < ends.length; k++) {
    const end = ends[k] as number;
    const b = context.seatedAt[k] as number;
    if (b >= 0) chairFree[b] = Math.max(chairFree[b] as number, end);
    else (loose ??= []).push(end);
  }
  if (!loose) return;
  loose.sort((a, b) => b - a);
  context.open.forEach((b, k) => {
    const end = (loose as number[])[k];
    if (end !== undefined) chairFree[b] = end;
  });
}
