// An order row as the state model's facts (packages/queue state-model.ts). Imports nothing of the
// services, so that every service (the queue's timers included) can read states without a cycle.
import { orderState, type OrderFacts, type OrderState } from '@jono/queue';
import type { orders } from '../db/schema';

const MINUTE = 60_000;

type Row = typeof orders.$inferSelect;

/** When a customer who set off is expected at the shop (epoch ms), or null. */
export function arrivalOf(row: Pick<Row, 'setOffAt' | 'travelMinutes'>): number | null {
  if (row.setOffAt === null || row.travelMinutes === null) return null;
  return row.setOffAt.getTime() + row.travelMinutes * MINUTE;
}

export function factsOf(row: Row): OrderFacts {
  return {
    id: row.id,
    status: row.status as OrderFacts['status'],
    priority: row.priority,
    rank: row.rank,
    atShop: row.customerAtPob,
    startedAt: row.startedAt?.getTime() ?? null,
    chair: row.chair,
    deferredUntil: row.deferredUntil?.getTime() ?? null,
    heldUntil: row.heldUntil?.getTime() ?? null,
    arrivesAt: arrivalOf(row),
  };
}

/** The order's one state at `now`. */
export function stateOf(row: Row, now: number): OrderState {
  return orderState(factsOf(row), now);
}
