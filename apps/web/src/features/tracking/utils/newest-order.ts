// A request's answer and a live message about the same order can cross on the way: the answer to
// "tell me when to leave" may arrive after the live message that the alert has gone out. Whatever
// writes the cached order, the one that describes the later moment (the server's as_of) stays.
import { replaceEqualDeep } from '@tanstack/react-query';
import type { Order } from '@jono/contract';

const momentOf = (order: Order): number => (order.as_of ? Date.parse(order.as_of) : Number.NaN);

/** The cached order after `next` arrives: `next`, unless `previous` describes a later moment. */
export function newestOrder(previous: Order | undefined, next: Order): Order {
  if (previous && previous.id === next.id && momentOf(next) < momentOf(previous)) return previous;
  return replaceEqualDeep(previous, next);
}

/** For a query's `structuralSharing`: applies to its fetches and to every setQueryData alike. */
export const keepNewestOrder = (previous: unknown, next: unknown): unknown =>
  newestOrder(previous as Order | undefined, next as Order);
