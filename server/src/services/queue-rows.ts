// The shapes every module of the live queue shares: an order's row, an active order with its
// customer, a shop's row and a shop's computed view. A leaf of the queue's modules (queue.ts,
// queue-load.ts, queue-change.ts, presence.ts, turn-near.ts, leave-now.ts import it; it imports
// none of them), so they form no import circle.
import type { QueueEstimate, ShopQueueState, ShopStatus } from '@jono/queue';
import type { orders, pobs } from '../db/schema';
import type { QueueSnapshot } from './shops';
import type { BarberToday, ShopBarbers } from './rota';

export type OrderRow = typeof orders.$inferSelect;

export interface ActiveOrderRow extends OrderRow {
  customer: {
    firstname: string;
    lastname: string;
    membershipType: string | null;
    membershipEnd: string | null;
  } | null;
}

/** A shop's row; read with its queue, it carries its named barbers too. */
export type PobRow = typeof pobs.$inferSelect & { barbers?: ShopBarbers };

export interface ShopQueueView {
  pob: PobRow;
  status: ShopStatus;
  estimate: QueueEstimate;
  active: ActiveOrderRow[];
  snapshot: QueueSnapshot;
  computedAt: number;
  /** The engine's inputs the estimate was computed from (why a wait changed: waitBasis). */
  state: ShopQueueState;
  /** The shop's named barbers at computedAt (on duty first); [] without named barbers. */
  barbers: BarberToday[];
}
