// The largest history a shop's inputs are built from (issue 31's cost target: building them
// within 150 ms of CPU): 28 days of 400 orders a day, and 14 days of the estimates shown to them,
// stored as the server stores them (at every change and every 60-second sweep that moved one:
// some 15 per order, 84,000 in 14 days). Shared by shop-inputs.test.ts, which checks what is
// learnt from it, and bench/accuracy.ts, which times it.
import type { OrderRecord, ShownEstimate } from '../shop-inputs';

const MINUTE = 60_000;
const DAY = 86_400_000;

export const BUSIEST_DAYS = 28;
export const BUSIEST_ORDERS_PER_DAY = 400;
/** Days of the history (the last ones) whose estimates are kept, as the calibration reads. */
export const BUSIEST_ESTIMATE_DAYS = 14;

export function busiestHistory(now: number): {
  orders: OrderRecord[];
  estimates: ShownEstimate[];
} {
  const orders: OrderRecord[] = [];
  const estimates: ShownEstimate[] = [];
  for (let d = 0; d < BUSIEST_DAYS; d++) {
    for (let k = 0; k < BUSIEST_ORDERS_PER_DAY; k++) {
      const id = d * BUSIEST_ORDERS_PER_DAY + k + 1;
      const joinedAt = now - (BUSIEST_DAYS - d) * DAY + k * 1.8 * MINUTE;
      const startedAt = joinedAt + 30 * MINUTE;
      const priority = k % 4 === 0 ? 1 : 0;
      orders.push({
        id,
        priority,
        source: k % 2 ? 'app' : 'walk_in',
        status: 'serviced',
        rank: joinedAt,
        joinedAt,
        checkedInAt: joinedAt + 5 * MINUTE,
        startedAt,
        finishedAt: startedAt + 25 * MINUTE,
        plannedMinutes: 20,
        serviceIds: [k % 5],
        barberId: k % 8,
        turnAt: startedAt,
      });
      if (d < BUSIEST_DAYS - BUSIEST_ESTIMATE_DAYS) continue;
      for (let e = 0; e < 15; e++) {
        const model = { p10: 10, p50: 30 - e, p90: 50 };
        estimates.push({ orderId: id, priority, at: joinedAt + e * 2 * MINUTE, model });
      }
    }
  }
  return { orders, estimates };
}
