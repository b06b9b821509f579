// The shapes the queue engine reads and returns; time is always epoch milliseconds.

/** 0 one-time customer, 1 silver, 2 gold, 3 platinum. */
export type Priority = number;

export interface QueueOrder {
  id: number;
  priority: Priority;
  joinedAt: number;
  /** Sort key within a priority; the server persists it; initially joinedAt. */
  rank: number;
  status: 'waiting' | 'in_service';
  /** When the order reached a chair (in_service only). */
  startedAt?: number;
  /** Sum of the ordered services' and extras' planned durations. */
  plannedMinutes: number;
  serviceIds: number[];
  /** Checked in at the shop (customer_at_pob); false for an app customer still on the way. */
  atShop?: boolean;
  /** Who serves it (in_service), when the shop records it: durations are learnt per barber. */
  barberId?: number | null;
  /**
   * Waiting: the barber the customer chose (issue 30); null or absent: the first available. A
   * tied order is only ever started by that barber.
   */
  wantsBarberId?: number | null;
  /**
   * Not at a chair before this time (epoch ms): the customer asked for more time, or is on the way
   * and expected then (see presence.ts). The order keeps its place; chairs that free before it are
   * given to the next customer who is there, and its estimate is when it will really sit.
   */
  readyAt?: number;
  /**
   * The chance this waiting customer still leaves the queue, given how long they have waited
   * (shop-inputs.ts, from the shop's cancels); without it, the shop's cancel share.
   */
  cancelChance?: number;
}

export interface DurationModel {
  /** Correction applied to services the history has not seen; 1 without history. */
  globalRatio: number;
  /** Expected actual / planned per service id, shrunk toward globalRatio. */
  serviceRatios: ReadonlyMap<number, number>;
  /** Expected actual / expected-by-service per barber, shrunk toward 1. */
  barberRatios: ReadonlyMap<number, number>;
  /**
   * Real / expected minutes of the history's orders, ascending, mean 1: the spread the Monte
   * Carlo draws durations from (a prior spread until the shop has enough history).
   */
  residuals: readonly number[];
  /** Mean planned minutes of an order in the history; null without history. */
  typicalPlannedMinutes: number | null;
  /** Records learnt from. */
  samples: number;
  /** Records left out as mis-recorded (a forgotten or early "finish"). */
  outliers: number;
}

/** How app customers reach the shop, learnt from their joins and check-ins. */
export interface TravelModel {
  /** Minutes from joining in the app to checking in, ascending. */
  minutes: readonly number[];
  /** Share of app customers who never check in. */
  noShowShare: number;
}

/** One cell of the calibration: what to add to the model's median and interval ends (minutes). */
export interface CalibrationCell {
  /** Minutes added to the model's median. */
  shift: number;
  /** How far each end of the range moves out (or in, when negative), in multiples of the model's spread. */
  lowerMargin: number;
  upperMargin: number;
  /** Records the cell learnt from. */
  n: number;
}

/**
 * Corrections learnt from the shop's stored estimates and the waits that followed, per wait
 * bucket (by the model's median) and priority, with a pooled row for priorities with too few.
 */
export interface Calibration {
  /** Upper edges (minutes) of the wait buckets but the last; ascending. */
  bucketEdges: readonly number[];
  byPriority: ReadonlyMap<number, readonly (CalibrationCell | null)[]>;
  /**
   * Per priority, its waits of 15 minutes and more in one cell: what a long-wait bucket of too
   * few customers falls back to before the pooled row.
   */
  longWaits?: ReadonlyMap<number, CalibrationCell | null>;
  pooled: readonly (CalibrationCell | null)[];
  /**
   * The same cells learnt from estimates shown at joining only (AT_JOINING_MINUTES), which err
   * unlike later ones; an estimate at joining takes them first (calibration.ts).
   */
  atJoining?: {
    byPriority: ReadonlyMap<number, readonly (CalibrationCell | null)[]>;
    longWaits?: ReadonlyMap<number, CalibrationCell | null>;
  };
}

/** A barber of the shop and their rota for the rest of today (issue 30, issue 31's rota). */
export interface RotaBarber {
  id: number;
  /**
   * When the barber is at a chair today (epoch ms), sorted and disjoint; a break is a gap. A
   * barber on duty now has a shift containing `now` (the console's sign-in opens one until the
   * planned end, or closing).
   */
  shifts: readonly { from: number; to: number }[];
}

export interface ShopQueueState {
  now: number;
  /** Barbers on duty (>= 0); with `barbers`, the number of them on duty now. */
  chairs: number;
  /**
   * Named barbers and their shifts: when given, the chairs at any moment are the barbers on duty
   * then, and orders may be tied to one of them (wantsBarberId).
   */
  barbers?: readonly RotaBarber[];
  /** Active orders only, in any order. */
  orders: QueueOrder[];
  durationModel?: DurationModel;
  /** Expected arrivals per hour by priority now, from the shop's recent history. */
  arrivalsPerHour?: Record<number, number>;
  /**
   * Expected arrivals later today (each from `at` until the next), e.g. by hour of the day; a
   * rush that is ending holds up a long wait less than one that is starting.
   */
  arrivalsAhead?: ArrivalForecast[];
  /** Today's closing (epoch ms): no one arrives to go ahead after it. */
  closesAt?: number | null;
  /**
   * Typical minutes from joining in the app to checking in, from history. With it, a customer
   * still on the way is not expected at a chair before joinedAt + travelMinutes.
   */
  travelMinutes?: number;
  /** Planned minutes of a typical new order; defaults to the model's, else 20. */
  typicalPlannedMinutes?: number;
  /**
   * Learnt travel of app customers (overrides travelMinutes for the spread): when an absent
   * customer arrives, or whether they come at all.
   */
  travel?: TravelModel;
  /** Share of waiting customers who leave the queue before their turn. */
  cancelShare?: number;
  /** Learnt corrections of the model's waits; none: the model's own. */
  calibration?: Calibration;
  /** Monte Carlo runs per estimate (default samplesFor(orders): DEFAULT_SAMPLES, fewer past 300). */
  samples?: number;
  /** Seed of the Monte Carlo: the same state gives the same estimate. */
  seed?: number;
}

export interface ArrivalForecast {
  at: number;
  perHour: Record<number, number>;
}

/** Whole minutes: the 80 % interval of a wait (10th to 90th percentile), low <= high. */
export interface WaitRange {
  low: number;
  high: number;
}

/** The model's own distribution of a wait before calibration, in unrounded minutes. */
export interface ModelWait {
  p10: number;
  p50: number;
  p90: number;
}

export interface OrderEstimate {
  /** Whole minutes until the order reaches a chair (the median); null when no chair is on duty. */
  waitMinutes: number | null;
  /** The 80 % interval of the wait; null when no chair is on duty. */
  waitRange: WaitRange | null;
  /** Before calibration (what the closed loop stores and learns from); null in service or without a chair. */
  model: ModelWait | null;
  /**
   * Epoch ms by which the order's turn comes with 10 % and 90 % probability (calibrated):
   * the early end tells an app customer when to leave at the latest. Null without a chair.
   */
  startRange: { early: number; late: number } | null;
  expectedStart: number | null;
  expectedEnd: number | null;
  /** 0 for an order in service, 1 for the head of the waiting queue, and so on. */
  position: number;
}

export interface ServiceTimeEstimate {
  priority: Priority;
  /** Whole minutes a new customer of this level would wait (the median); null without a chair. */
  wait_time: number | null;
  /** The 80 % interval of that wait; null when no chair is on duty. */
  wait_range: WaitRange | null;
  /** Before calibration; null when no chair is on duty. */
  model: ModelWait | null;
}

export interface QueueEstimate {
  orders: Map<number, OrderEstimate>;
  /** A new customer who takes the first available barber. */
  serviceTimeEstimates: ServiceTimeEstimate[];
  /** Per named barber (state.barbers): a new customer who chooses that barber. */
  barberEstimates?: Map<number, ServiceTimeEstimate[]>;
}

/** What a customer is about to order, before it becomes a QueueOrder. */
export interface OrderCandidate {
  priority: Priority;
  plannedMinutes: number;
  serviceIds: number[];
  /** The barber the customer chooses (a named barber of state.barbers); null/absent: first available. */
  wantsBarberId?: number | null;
}

export const PRIORITY_LEVELS = [3, 2, 1, 0] as const;
