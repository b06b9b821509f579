// Pure helpers of the board: names, service lines, membership priorities, free chairs.
import type { StaffQueue, StaffQueueBarber, StaffQueueOrder } from '@jono/contract';

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

export function orderInChair(queue: StaffQueue, chair: number): StaffQueueOrder | undefined {
  return queue.orders.find((order) => order.state === 'in_service' && order.chair === chair);
}

/** Milliseconds left to undo, never negative. */
export function undoLeftMs(until: string, now: number): number {
  return Math.max(0, Date.parse(until) - now);
}

/** The shop's named barbers working today; [] for a shop that counts chairs only. */
export function boardBarbers(queue: StaffQueue): StaffQueueBarber[] {
  return queue.barbers ?? [];
}

/**
 * The chair a waiting order's Start uses, or undefined when none can take them now: without named
 * barbers the first free chair; a customer waiting for a barber only that barber's chair, when it
 * is free; a free customer the free chair the server seats them at, else the first free one.
 */
export function startChairFor(queue: StaffQueue, order: StaffQueueOrder): number | undefined {
  const free = queue.chairs.filter((chair) => chair.order_id === null && chair.state === 'free');
  if (boardBarbers(queue).length === 0) return free[0]?.chair;
  if (order.barber_id != null) {
    return free.find((chair) => chair.barber_id === order.barber_id)?.chair;
  }
  return (free.find((chair) => chair.next_order_id === order.id) ?? free[0])?.chair;
}

/**
 * Chairs a barber may sign on at: the ones no barber on duty holds and nobody sits in, from 1 up
 * to a few more than are taken.
 */
export function chairChoices(queue: StaffQueue, barbers: readonly StaffQueueBarber[]): number[] {
  const taken = new Set<number>([
    ...barbers.flatMap((barber) => (barber.on_duty && barber.chair !== null ? [barber.chair] : [])),
    ...queue.chairs.filter((chair) => chair.order_id !== null).map((chair) => chair.chair),
  ]);
  const top = Math.min(50, Math.max(0, ...taken) + barbers.length);
  return Array.from({ length: top }, (_, index) => index + 1).filter((chair) => !taken.has(chair));
}

/** The first name of the barber a customer waits for, or null (first available). */
export function barberOf(queue: StaffQueue, order: StaffQueueOrder): string | null {
  if (order.barber_id == null) return null;
  return (
    order.barber_name ??
    boardBarbers(queue).find((barber) => barber.id === order.barber_id)?.first_name ??
    null
  );
}
