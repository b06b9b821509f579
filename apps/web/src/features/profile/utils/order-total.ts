// An order's total including VAT: its services and their extras, in cents.
import type { Order } from '@jono/contract';

export function orderTotal(order: Pick<Order, 'items'>): number {
  return order.items.reduce(
    (sum, item) =>
      sum +
      item.service_info.price * item.amount +
      item.extra_services.reduce((s, extra) => s + extra.price * extra.amount, 0),
    0,
  );
}
