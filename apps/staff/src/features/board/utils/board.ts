// Pure helpers of the board: names, service lines, membership priorities, free chairs.
import type { StaffQueue, StaffQueueOrder } from '@jono/contract';

export type Membership = StaffQueueOrder['membership'];

export const MEMBERSHIP_PRIORITY: Record<Membership, number> = {
  none: 0,
  silver: 1,
  gold: 2,
  platinum: 3,
};

/** True when staff deferred the order below its member level. */
export function isDeferred(order: StaffQueueOrder): boolean {
  return order.priority < MEMBERSHIP_PRIORITY[order.membership];
}

/** "Haircut + Beard trim, Wash": services, each with its extras after a comma. */
export function serviceLine(order: Pick<StaffQueueOrder, 'services'>): string {
  return order.services
    .map((service) => [service.title, ...service.extras.map((extra) => extra.title)].join(', '))
    .join(' + ');
}

export function waitingOrders(queue: StaffQueue): StaffQueueOrder[] {
  return queue.orders.filter((order) => order.state === 'waiting');
}

export function freeChairs(queue: StaffQueue): number[] {
  return queue.chairs.filter((chair) => chair.order_id === null).map((chair) => chair.chair);
}

export function orderInChair(queue: StaffQueue, chair: number): StaffQueueOrder | undefined {
  return queue.orders.find((order) => order.state === 'in_service' && order.chair === chair);
}

/** Milliseconds left to undo, never negative. */
export function undoLeftMs(until: string, now: number): number {
  return Math.max(0, Date.parse(until) - now);
}
