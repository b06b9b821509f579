// The stage of the customer's journey the tracking screen shows, and what each stage shows: one
// entry per stage, so a new stage (held, deferred, ...) is one more entry, not more conditions.
import type { Order } from '@jono/contract';

export type TrackingStage =
  'waiting' | 'checkedIn' | 'inService' | 'serviced' | 'cancelled' | 'noShow' | 'unknown';

export interface StageView {
  /** The wait timer with its minutes, and place in line, while the customer waits. */
  showsWait: boolean;
  /** Words of the stage (tracking.stage.{stage}.title / .text); `live` takes the queue message. */
  text: 'live' | 'fixed';
  checkIn: boolean;
  leave: boolean;
  /** The "while you wait" card (membership promotion). */
  promotion: boolean;
  backToShops: boolean;
  tone?: 'success' | 'failure';
}

export const STAGES: Record<TrackingStage, StageView> = {
  waiting: {
    showsWait: true,
    text: 'live',
    checkIn: true,
    leave: true,
    promotion: false,
    backToShops: false,
  },
  checkedIn: {
    showsWait: true,
    text: 'live',
    checkIn: false,
    leave: true,
    promotion: true,
    backToShops: false,
  },
  inService: {
    showsWait: false,
    text: 'fixed',
    checkIn: false,
    leave: false,
    promotion: false,
    backToShops: false,
    tone: 'success',
  },
  serviced: {
    showsWait: false,
    text: 'fixed',
    checkIn: false,
    leave: false,
    promotion: false,
    backToShops: true,
    tone: 'success',
  },
  cancelled: {
    showsWait: false,
    text: 'fixed',
    checkIn: false,
    leave: false,
    promotion: false,
    backToShops: true,
    tone: 'failure',
  },
  noShow: {
    showsWait: false,
    text: 'fixed',
    checkIn: false,
    leave: false,
    promotion: false,
    backToShops: true,
    tone: 'failure',
  },
  unknown: {
    showsWait: false,
    text: 'fixed',
    checkIn: false,
    leave: false,
    promotion: false,
    backToShops: true,
  },
};

export function trackingStage(
  order: Pick<Order, 'status' | 'customer_at_pob' | 'in_service'> | undefined,
): TrackingStage {
  if (!order) return 'unknown';
  switch (order.status) {
    case 'active':
      if (order.in_service) return 'inService';
      return order.customer_at_pob ? 'checkedIn' : 'waiting';
    case 'serviced':
    case 'cancelled':
    case 'noShow':
      return order.status;
    default:
      return 'unknown';
  }
}
