// What a shop shows about its queue: open, closed or full, and whether it is closing soon.
import { isClosingSoon } from './allocate';
import { closingTime } from './opening-hours';
import type { OpenTime } from './opening-hours';
import type { ServiceTimeEstimate, ShopQueueState } from './types';

export type QueueState = 'open' | 'closed' | 'full';

export interface ShopStatus {
  open: boolean;
  queue_state: QueueState;
  closing_soon: boolean;
  /** Epoch ms of today's closing while open, else null. */
  closesAt: number | null;
}

/** Outside opening hours the queue is closed whatever staff set; inside, staff's choice holds. */
export function queueState(staffState: QueueState, openNow: boolean): QueueState {
  return openNow ? staffState : 'closed';
}

export function shopStatus(
  state: ShopQueueState,
  staffState: QueueState,
  openTimes: readonly OpenTime[],
  timeZone: string,
  /** The state's new-customer estimates when already computed, so they are not run again. */
  known?: readonly ServiceTimeEstimate[],
): ShopStatus {
  const closesAt = closingTime(openTimes, timeZone, state.now);
  const open = closesAt !== null;
  const queue_state = queueState(staffState, open);
  return {
    open,
    queue_state,
    closing_soon: queue_state === 'open' && isClosingSoon(state, closesAt, 0, known),
    closesAt,
  };
}
