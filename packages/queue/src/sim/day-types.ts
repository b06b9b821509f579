// What a simulated day is asked to do and what it records about each customer.
import type { ServedOrder } from '../duration-model';
import type { DurationModel } from '../types';

export interface CustomerRecord {
  id: number;
  priority: number;
  app: boolean;
  outcome: 'served' | 'no_show' | 'cancelled' | 'refused';
  /**
   * Minutes from joining until a chair was free for the customer: served, or called while not
   * yet at the shop (an app customer's own travel is not the estimate's error).
   */
  actualWait: number | null;
  shownJono: number | null;
  shownBaseline: number | null;
}

export interface DayOptions {
  durationModel?: DurationModel;
  /** Mean real minutes of an order, for the baseline estimate. */
  meanServiceMinutes: number;
  /** Compute the estimates shown at joining (off for long validation runs). */
  measure: boolean;
  /** Keep per-customer records and served orders (off for long validation runs). */
  keepRecords: boolean;
  /** Draw from 1 - u instead of u (see createRandom). */
  antithetic?: boolean;
}

export interface DayResult {
  records: CustomerRecord[];
  served: ServedOrder[];
  servedCount: number;
  totalWaitMinutes: number;
  /** Real minutes of all services given, and customers who joined: the load the day drew. */
  totalServiceMinutes: number;
  joinedCount: number;
}

export function emptyDayResult(): DayResult {
  return {
    records: [],
    served: [],
    servedCount: 0,
    totalWaitMinutes: 0,
    totalServiceMinutes: 0,
    joinedCount: 0,
  };
}

/** A customer's record before anything happened: refused unless the queue takes them. */
export function refusedRecord(c: { id: number; priority: number; app: boolean }): CustomerRecord {
  return {
    id: c.id,
    priority: c.priority,
    app: c.app,
    outcome: 'refused',
    actualWait: null,
    shownJono: null,
    shownBaseline: null,
  };
}
