// What a simulated day is asked to do and what it records about each customer.
import type { OrderRecord, ShopRecords, ShownEstimate } from '../shop-inputs';
import type { ModelWait, ShopQueueState } from '../types';
import type { ServiceLaw } from './service-times';

/** The shop's records so far, as the server keeps them (orders and the estimates it showed). */
export interface SimHistory {
  orders: OrderRecord[];
  estimates: ShownEstimate[];
}

/** A shown wait: the median and the 80 % range, whole minutes. */
export interface Shown {
  shown: number;
  low: number;
  high: number;
}

/** One customer's estimates at joining and the wait that followed (minutes). */
export interface Outcome {
  id: number;
  priority: number;
  app: boolean;
  /** With named barbers: the barber chosen at joining, null for the first available. */
  barberId?: number | null;
  /** Minutes from joining until a chair was free for them (seated, or called while absent). */
  actual: number;
  jono: Shown;
  /** Jono's median before rounding (minutes, calibrated): what "longer than shown" judges. */
  jonoMedian: number;
  /** Jono's model before calibration. */
  model: ModelWait;
  naive: number;
  aware: number;
  oracle: Shown;
  /** The oracle's median before rounding (minutes). */
  oracleMedian: number;
}

/** What the engine was handed at one join, for checking the server builds the same. */
export interface JoinView {
  now: number;
  records: ShopRecords;
  active: OrderRecord[];
  chairs: number;
  closesAt: number;
  state: ShopQueueState;
}

export interface DayOptions {
  /**
   * The shop's records of earlier days; this day's are added. Without it the estimator is not
   * asked (long validation runs of the simulator itself).
   */
  history?: SimHistory;
  /** Ask the baselines and the oracle at every join and keep the outcomes. */
  measure: boolean;
  /** The shop's service-time laws (default: drawn from the scenario's seed). */
  laws?: ReadonlyMap<number, ServiceLaw>;
  /** Epoch ms of opening (default: the scenario's first day). */
  opensAt?: number;
  /** Draw from 1 - u instead of u (see createRandom). */
  antithetic?: boolean;
  /** Called at each join with what the engine was handed. */
  inspect?: (view: JoinView) => void;
}

export interface DayResult {
  outcomes: Outcome[];
  servedCount: number;
  totalWaitMinutes: number;
  /** Real minutes of all services given, and customers who joined: the load the day drew. */
  totalServiceMinutes: number;
  joinedCount: number;
  refused: number;
  noShows: number;
  cancelled: number;
}

export function emptyDayResult(): DayResult {
  return {
    outcomes: [],
    servedCount: 0,
    totalWaitMinutes: 0,
    totalServiceMinutes: 0,
    joinedCount: 0,
    refused: 0,
    noShows: 0,
    cancelled: 0,
  };
}
