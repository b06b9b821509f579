// The distribution of every waiting order's turn, and of a new customer's of each priority, by
// Monte Carlo of the shop's current state: durations drawn from the shop's own residuals (a
// service under way from those longer than it has lasted), absent customers' arrivals from the
// learnt travel times (or never, with the learnt no-show share), customers ahead leaving with
// the learnt cancel share, and members of a higher priority arriving as a Poisson process of the
// forecast rates until closing. Each run is list scheduling as staff do it: a freed chair goes to
// the first customer in queue order who is at the shop.
//
// An order's turn is when a chair would be free for it: when it sits, or, for a customer not
// there, the first moment a chair goes to someone behind it or stays empty. That moment is the
// same whether the customer is there or not, so a customer's own travel, no-show or cancel never
// moves their own estimate, and a new customer's turn is that of an order of theirs joined now.
//
// Random numbers are drawn per order id and run (hashing), and per run for the arrivals: adding
// an order changes no other order's draws, so a new order never moves anyone ahead of it, and
// the same state always gives the same answer (no clock, no global random source).
import {
  anyBarberAhead,
  barberContext,
  BarberWork,
  fillChairFree,
  linesOf,
  rotaOf,
  runBarbers,
  shiftsFrom,
  type ArrivalSource,
  type BarberRunOutput,
  type BarberRunSetup,
  type Shift,
} from './barber-schedule';
import { chairsOnDuty, orderMinutes, typicalMinutes } from './list-schedule';
import { firstAbove, MIN_REMAINING_MINUTES, probablyFinished } from './remaining-time';
import { sortQueue } from './sort-queue';
import type { QueueOrder, RotaBarber, ShopQueueState } from './types';
import { IndexHeap, sortByTime } from './index-heap';
import { Mulberry32 } from './sim/random';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Runs per estimate: 30 waiting orders cost about 2 ms on one core (bench: engine cost). */
export const DEFAULT_SAMPLES = 200;
/**
 * Order-runs one estimate simulates at most when the state does not set its samples: a queue
 * longer than SAMPLE_BUDGET / DEFAULT_SAMPLES (300) gets fewer runs, at least MIN_SAMPLES
 * (issue 29: 200 runs of 1,000 waiting held the server's event loop for over 100 ms per change).
 * 1,000 waiting get 60 runs: the median and range of a wait hours long move by a minute or two.
 */
export const SAMPLE_BUDGET = 60_000;
export const MIN_SAMPLES = 50;

/** Runs for a queue of `waiting` orders: DEFAULT_SAMPLES, fewer past the budget. */
export function samplesFor(waiting: number): number {
  return Math.max(
    MIN_SAMPLES,
    Math.min(DEFAULT_SAMPLES, Math.floor(SAMPLE_BUDGET / Math.max(1, waiting))),
  );
}
/** Without a closing time, no one is expected to arrive more than this far ahead. */
const ARRIVAL_HORIZON_MS = 8 * HOUR;
/** An absent customer is at most this likely never to come, however late. */
const MAX_NO_SHOW = 0.95;
const DEFAULT_SEED = 0x6a6f6e6f;

export interface WaitSamples {
  /** The waiting orders in queue order. */
  queue: QueueOrder[];
  /** Runs per entity. */
  runs: number;
  /** Turn of queue[i] in run r, ms from now, at [i * runs + r]; sorted per order. */
  turns: Float64Array;
  /** Turn of a new customer of levels[j] in run r at [j * runs + r]; sorted per level. */
  newcomers: Float64Array;
  levels: readonly number[];
  /** Expected minutes of queue[i]'s own service (by their barber's speed when tied). */
  minutes: number[];
  /** With named barbers (state.barbers): their ids, in the order of barberNewcomers. */
  barberIds?: number[];
  /**
   * With named barbers: the turn of a new customer of levels[j] who chooses barberIds[b], in run
   * r at [(b * levels.length + j) * runs + r]; sorted per barber and level.
   */
  barberNewcomers?: Float64Array;
  /** With named barbers: whether barberIds[b] has time left today (else no estimate of theirs). */
  barberAhead?: boolean[];
}

/** Uniform in [0, 1) from three integers: one order's draw in one run. */
function hashUniform(a: number, b: number, c: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x632be5ab, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) ^ Math.imul(c + 0x27d4eb2f, 0x165667b1);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

/** Priority first (higher first), then tier (queue 0, new customer 1, arrival 2), then order. */
const keyOf = (priority: number, tier: number, order: number) =>
  -priority * 2 ** 40 + tier * 2 ** 30 + order;

interface ArrivalSegment {
  /** ms from now */
  start: number;
  end: number;
  /** Arrivals per ms of all priorities above the lowest asked about. */
  rate: number;
  /** Cumulative shares per priority, for picking one. */
  levels: number[];
  cumulative: number[];
}

function arrivalSegmentsOf(state: ShopQueueState, lowest: number): ArrivalSegment[] {
  const { now } = state;
  const closing = state.closesAt == null ? ARRIVAL_HORIZON_MS : Math.max(0, state.closesAt - now);
  const ahead = (state.arrivalsAhead ?? []).filter((f) => f.at > now).sort((a, b) => a.at - b.at);
  const starts = [{ at: now, perHour: state.arrivalsPerHour }, ...ahead];
  const segments: ArrivalSegment[] = [];
  starts.forEach((f, i) => {
    const start = f.at - now;
    const end = Math.min(closing, (starts[i + 1]?.at ?? Infinity) - now, ARRIVAL_HORIZON_MS);
    if (!(end > start) || !f.perHour) return;
    const levels: number[] = [];
    const rates: number[] = [];
    for (const [level, r] of Object.entries(f.perHour)) {
      if (Number(level) > lowest && Number.isFinite(r) && r > 0) {
        levels.push(Number(level));
        rates.push(r / HOUR);
      }
    }
    const rate = rates.reduce((a, b) => a + b, 0);
    if (rate <= 0) return;
    let sum = 0;
    const cumulative = rates.map((r) => (sum += r / rate));
    segments.push({ start, end, rate, levels, cumulative });
  });
  return segments;
}

/**
 * Arrivals of higher priorities in one run, generated lazily segment by segment: one object per
 * estimate, reseeded for each run, so neither a run nor an arrival makes garbage (index-heap.ts).
 */
class ArrivalStream implements ArrivalSource {
  private readonly random = new Mulberry32();
  private segment = 0;
  /** ms from now of the next arrival (Infinity: none before closing). */
  private arrivalAt = -1;
  private count = 0;
  key = 0;
  minutes = 0;
  constructor(
    private readonly now: number,
    private readonly segments: readonly ArrivalSegment[],
    private readonly seed: number,
    private readonly typical: number,
    private readonly drawResidual: (u: number) => number,
  ) {}
  /** Starts run r's arrivals. */
  reset(r: number): void {
    this.random.seed(hashUniform(this.seed, r, 7) * 4294967296);
    this.segment = 0;
    this.arrivalAt = -1;
    this.count = 0;
    this.arrivalAt = this.next();
  }
  nextAt(): number {
    return this.now + this.arrivalAt;
  }
  take(): void {
    const s = this.segments[this.segment] as ArrivalSegment;
    const u = this.random.next();
    let k = 0;
    while (k < s.cumulative.length - 1 && u > (s.cumulative[k] as number)) k++;
    this.key = keyOf(s.levels[k] as number, 2, this.count);
    this.minutes = this.typical * this.drawResidual(this.random.next());
    this.count++;
    this.arrivalAt = this.next();
  }
  private next(): number {
    const { segments } = this;
    let t = this.arrivalAt < 0 ? 0 : this.arrivalAt;
    while (this.segment < segments.length) {
      const s = segments[this.segment] as ArrivalSegment;
      if (t < s.start) t = s.start;
      const gap = -Math.log(1 - this.random.next()) / s.rate;
      if (t + gap < s.end) return t + gap;
      t = s.end;
      this.segment++;
    }
    return Infinity;
  }
}

/**
 * Runs the Monte Carlo; null when no chair is on duty. With `withQueue` false only the new
 * customers' turns are kept (a join asks about one level and nothing else).
 */
export function sampleWaits(
  state: ShopQueueState,
  levels: readonly number[],
  withQueue = true,
): WaitSamples | null {
  const { now } = state;
  const rota = rotaOf(state);
  const shifts = rota ? shiftsFrom(rota, now, state.closesAt) : null;
  const chairs = rota ? rota.length : chairsOnDuty(state);
  if (chairs === 0 || (shifts && !anyBarberAhead(shifts))) return null;
  const runs = Math.max(1, Math.floor(state.samples ?? samplesFor(state.orders.length)));
  const seed = (state.seed ?? DEFAULT_SEED) >>> 0;
  const model = state.durationModel;
  const residuals = model?.residuals ?? null;
  const drawResidual = (u: number) =>
    residuals && residuals.length > 0 ? (residuals[Math.floor(u * residuals.length)] as number) : 1;

  const inService = state.orders.filter((o) => o.status === 'in_service');
  const serviceCenters = inService.map((o) => orderMinutes(state, o));
  // A finish probably forgotten (remaining-time.ts): that chair is free now in every run.
  const finishedNow = inService.map((o, i) =>
    probablyFinished(
      serviceCenters[i] as number,
      (now - (o.startedAt ?? now)) / MINUTE,
      model?.residuals ?? null,
    ),
  );
  const queue = sortQueue(state.orders);
  const n = queue.length;
  const minutes = queue.map((o) => orderMinutes(state, o));
  const travel = state.travel;
  const travelMinutes = state.travelMinutes;
  const cancelShare = Math.min(1, Math.max(0, state.cancelShare ?? 0));
  // Per waiting order: already at the shop, and if not, how long since joining (minutes).
  const absentFor = queue.map((o) => {
    if (o.atShop !== false) return -1;
    if (!travel && travelMinutes === undefined) return -1;
    const since = (now - o.joinedAt) / MINUTE;
    if (!Number.isFinite(since)) return -1;
    if (!travel && travelMinutes !== undefined && o.joinedAt + travelMinutes * MINUTE <= now)
      return -1;
    return Math.max(0, since);
  });
  // Chance that an absent customer never comes, given they have not come yet (Bayes).
  const noShowChance = absentFor.map((since) => {
    if (since < 0 || !travel || travel.noShowShare <= 0) return 0;
    const t = travel.minutes;
    const stillOnWay = t.length === 0 ? 1 : (t.length - firstAbove(t, since)) / t.length;
    const ns = Math.min(1, travel.noShowShare);
    return Math.min(MAX_NO_SHOW, ns / (ns + (1 - ns) * stillOnWay));
  });

  const lowest = Math.min(...levels, ...queue.map((o) => o.priority));
  const segments = arrivalSegmentsOf(state, lowest);
  const typical = typicalMinutes(state);

  // Entities: 0..n-1 the queue, then arrivals of one run.
  let capacity = n + 64;
  let keys = new Float64Array(capacity);
  let durations = new Float64Array(capacity);
  const queueKeys = queue.map((o, i) => keyOf(o.priority, 0, i));
  const levelOrder = levels.map((p, j) => ({ p, j })).sort((a, b) => b.p - a.p);
  const newcomerKeys = levelOrder.map(({ p }) => keyOf(p, 1, 0));
  const turns = new Float64Array(withQueue ? n * runs : 0);
  const newcomers = new Float64Array(levels.length * runs);
  const ready = new Float64Array(n);
  // A time the customer gave (more time, on the way: presence.ts): their turn is when they sit.
  const readyAt = queue.map((o) =>
    o.readyAt !== undefined && Number.isFinite(o.readyAt) && o.readyAt > now ? o.readyAt : null,
  );
  const ownTurns = readyAt.filter((t) => t !== null).length;
  const free = new Float64Array(chairs);
  // Per run, reused: the services under way's ends (in inService's order; sorted for chairs),
  // the customers on their way by arrival, the heap of those at the shop.
  const ends = new Float64Array(inService.length);
  const sortedEnds = new Float64Array(inService.length);
  const absentOrder = new Int32Array(n);
  const heap = new IndexHeap(keys, capacity);

  /** When the service under way inService[i] ends in run r: a draw longer than it has lasted. */
  const serviceEnd = (o: QueueOrder, i: number, r: number): number => {
    if (finishedNow[i]) return now;
    const center = serviceCenters[i] as number;
    const start = o.startedAt ?? now;
    const elapsed = Math.max(0, (now - start) / MINUTE);
    const u = hashUniform(seed ^ o.id, r, 1);
    let total = center;
    if (residuals && residuals.length > 0 && center > 0) {
      const from = elapsed > 0 ? firstAbove(residuals, elapsed / center) : 0;
      total =
        from < residuals.length
          ? center * (residuals[from + Math.floor(u * (residuals.length - from))] as number)
          : elapsed;
    }
    const remaining = elapsed > 0 ? Math.max(total - elapsed, MIN_REMAINING_MINUTES) : total;
    return now + remaining * MINUTE;
  };
  /** queue[i]'s real / expected minutes in run r. */
  const residualOf = (i: number, r: number): number =>
    drawResidual(hashUniform(seed ^ (queue[i] as QueueOrder).id, r, 2));
  /** When queue[i] is at the shop in run r: now, later, or never (Infinity: leaves or no-show). */
  const readyOf = (i: number, r: number): number => {
    const o = queue[i] as QueueOrder;
    const since = absentFor[i] as number;
    let at = now;
    const given = readyAt[i] ?? null;
    if (hashUniform(seed ^ o.id, r, 3) < (o.cancelChance ?? cancelShare)) at = Infinity;
    else if (given !== null) at = given;
    else if (since >= 0) {
      if (hashUniform(seed ^ o.id, r, 4) < (noShowChance[i] as number)) at = Infinity;
      else if (travel && travel.minutes.length > 0) {
        const t = travel.minutes;
        const from = firstAbove(t, since);
        const u = hashUniform(seed ^ o.id, r, 5);
        const left =
          from < t.length ? (t[from + Math.floor(u * (t.length - from))] as number) - since : 0;
        at = now + left * MINUTE;
      } else if (travelMinutes !== undefined) {
        at = Math.max(now, o.joinedAt + travelMinutes * MINUTE);
      }
    }
    return at;
  };
  /** Arrivals of higher priorities, reseeded for each run. */
  const arrivals = new ArrivalStream(now, segments, seed, typical, drawResidual);

  const barberIds = rota ? rota.map((b) => b.id) : undefined;
  const barberNewcomers =
    rota && shifts ? new Float64Array(rota.length * levels.length * runs) : undefined;
  const barberRun =
    rota && shifts && barberNewcomers
      ? barberRunner(state, rota, shifts, {
          queue,
          runs,
          levels,
          withQueue,
          queueKeys,
          readyAt,
          inService,
          ends,
          residualOf,
          readyOf,
          arrivals,
          turns,
          newcomers,
          barberNewcomers,
          minutes,
        })
      : null;

  for (let r = 0; r < runs; r++) {
    // Chairs: services under way end at a draw from the residuals longer than they have lasted.
    for (let i = 0; i < inService.length; i++) {
      ends[i] = serviceEnd(inService[i] as QueueOrder, i, r);
    }
    if (barberRun) {
      barberRun(r);
      continue;
    }
    sortedEnds.set(ends);
    sortedEnds.sort();
    // More services under way than barbers on duty: those leaving are the ones finishing first.
    const from = Math.max(0, sortedEnds.length - chairs);
    for (let c = 0; c < chairs; c++) {
      free[c] = from + c < sortedEnds.length ? (sortedEnds[from + c] as number) : now;
    }

    // The queue: durations, arrivals at the door, no-shows and cancellations.
    heap.reset();
    let absentCount = 0;
    for (let i = 0; i < n; i++) {
      keys[i] = queueKeys[i] as number;
      durations[i] = (minutes[i] as number) * residualOf(i, r);
      const at = readyOf(i, r);
      ready[i] = at;
      if (at <= now) heap.push(i);
      else if (at < Infinity) absentOrder[absentCount++] = i;
    }
    sortByTime(absentOrder, absentCount, ready);

    // Arrivals of higher priorities: generated lazily, segment by segment.
    arrivals.reset(r);
    let arrived = 0;

    let absentHead = 0;
    let determined = withQueue ? 0 : n;
    let ownLeft = withQueue ? ownTurns : 0;
    if (withQueue) {
      // One who gave a time and leaves in this run has their turn when the queue reaches them.
      for (let i = 0; i < n; i++) if (readyAt[i] !== null && ready[i] === Infinity) ownLeft--;
    }
    let newcomer = 0;
    let maxKey = -Infinity;
    const settle = (key: number, at: number) => {
      if (key <= maxKey) return;
      maxKey = key;
      while (determined < n && (queueKeys[determined] as number) <= key) {
        if (readyAt[determined] === null || ready[determined] === Infinity)
          turns[determined * runs + r] = at - now;
        determined++;
      }
      while (newcomer < levelOrder.length && (newcomerKeys[newcomer] as number) <= key) {
        newcomers[(levelOrder[newcomer] as { j: number }).j * runs + r] = at - now;
        newcomer++;
      }
    };
    while (determined < n || newcomer < levelOrder.length || ownLeft > 0) {
      let chair = 0;
      for (let c = 1; c < chairs; c++) if ((free[c] as number) < (free[chair] as number)) chair = c;
      const at = Math.max(now, free[chair] as number);
      while (
        absentHead < absentCount &&
        (ready[absentOrder[absentHead] as number] as number) <= at
      ) {
        heap.push(absentOrder[absentHead] as number);
        absentHead++;
      }
      while (arrivals.nextAt() <= at) {
        const e = n + arrived;
        if (e >= capacity) {
          capacity *= 2;
          const grownKeys = new Float64Array(capacity);
          grownKeys.set(keys);
          keys = grownKeys;
          const grownDurations = new Float64Array(capacity);
          grownDurations.set(durations);
          durations = grownDurations;
          heap.rekey(keys);
        }
        arrivals.take();
        keys[e] = arrivals.key;
        durations[e] = arrivals.minutes;
        heap.push(e);
        arrived++;
      }
      if (heap.size === 0) {
        // No one is at the shop: everyone not yet seated has had their turn, but one who gave
        // a time sits when they come.
        settle(Infinity, at);
        if (ownLeft > 0 && absentHead < absentCount) {
          free[chair] = ready[absentOrder[absentHead] as number] as number;
          continue;
        }
        break;
      }
      const e = heap.pop();
      if (e < n && readyAt[e] !== null && withQueue) {
        turns[e * runs + r] = at - now;
        ownLeft--;
      }
      settle(keys[e] as number, at);
      free[chair] = at + (durations[e] as number) * MINUTE;
    }
  }
  for (let i = 0; withQueue && i < n; i++) turns.subarray(i * runs, (i + 1) * runs).sort();
  for (let j = 0; j < levels.length; j++) newcomers.subarray(j * runs, (j + 1) * runs).sort();
  if (barberNewcomers) {
    for (let j = 0; j < barberNewcomers.length / runs; j++)
      barberNewcomers.subarray(j * runs, (j + 1) * runs).sort();
  }
  const barberAhead = shifts?.map((x) => x.length > 0);
  return {
    queue,
    runs,
    turns,
    newcomers,
    levels,
    minutes,
    barberIds,
    barberNewcomers,
    barberAhead,
  };
}

interface BarberRunnerContext {
  queue: QueueOrder[];
  runs: number;
  levels: readonly number[];
  withQueue: boolean;
  queueKeys: number[];
  readyAt: (number | null)[];
  inService: QueueOrder[];
  /** The services under way's ends in the current run (filled before each call). */
  ends: Float64Array;
  residualOf(i: number, r: number): number;
  readyOf(i: number, r: number): number;
  /** The arrivals, reseeded for each run. */
  arrivals: ArrivalStream;
  turns: Float64Array;
  newcomers: Float64Array;
  barberNewcomers: Float64Array;
  /** Expected minutes of each queue order, set to its barber's speed when tied. */
  minutes: number[];
}

/**
 * The Monte Carlo's run with named barbers and their shifts (barber-schedule.ts): returns the
 * function that plays run r and records its turns.
 */
function barberRunner(
  state: ShopQueueState,
  rota: readonly RotaBarber[],
  shifts: Shift[][],
  ctx: BarberRunnerContext,
): (r: number) => void {
  const { now } = state;
  const { queue, runs, levels, withQueue, inService, ends } = ctx;
  const n = queue.length;
  const context = barberContext(state, rota, shifts, queue, inService);
  const { ids, ratio, tied } = context;
  const base = queue.map((o) => orderMinutes(state, { ...o, barberId: undefined }));
  queue.forEach((_, i) => {
    const b = tied[i] as number;
    if (b >= 0) ctx.minutes[i] = (base[i] as number) * (ratio[b] as number);
  });
  const newcomerList: { key: number; barber: number }[] = [];
  for (let b = -1; b < ids.length; b++) {
    for (const p of levels) newcomerList.push({ key: keyOf(p, 1, 0), barber: b });
  }
  const setup: BarberRunSetup = {
    now,
    shifts,
    ratio,
    keys: ctx.queueKeys,
    tied,
    ownTurn: ctx.readyAt.map((t) => t !== null),
    newcomers: newcomerList,
    withQueue,
  };
  const lines = linesOf(setup);
  const chairFree = new Float64Array(ids.length);
  const ready = new Float64Array(n);
  const minutes = new Float64Array(n);
  const L = levels.length;
  const work = new BarberWork(n, ids.length);
  const input = { chairFree, ready, minutes, arrivals: ctx.arrivals };
  let r = 0;
  const out: BarberRunOutput = {
    turn(slot, at) {
      if (slot >= 0) {
        ctx.turns[slot * runs + r] = at - now;
        return;
      }
      const j = -1 - slot;
      if (j < L) ctx.newcomers[j * runs + r] = at - now;
      else ctx.barberNewcomers[(j - L) * runs + r] = at - now;
    },
  };
  return (run: number) => {
    r = run;
    fillChairFree(context, now, ends, chairFree);
    for (let i = 0; i < n; i++) {
      minutes[i] = (base[i] as number) * ctx.residualOf(i, r);
      ready[i] = ctx.readyOf(i, r);
    }
    ctx.arrivals.reset(r);
    runBarbers(setup, lines, input, out, work);
  };
}

/** The value at quantile q of an ascending run of samples (nearest rank). */
export function quantileOf(sorted: Float64Array, from: number, runs: number, q: number): number {
  const index = Math.min(runs - 1, Math.max(0, Math.ceil(q * runs) - 1));
  return sorted[from + index] as number;
}
