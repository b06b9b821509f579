// Receipt rows from an order's services and extras, with the VAT included in each price.
import type { OrderItemSnapshot, ReceiptRowRecord } from '../db/schema';

export function vatIncluded(priceCents: number, vatPercent: number): number {
  return Math.round((priceCents * vatPercent) / (100 + vatPercent));
}

export function receiptRows(items: OrderItemSnapshot[], vatPercent: number): ReceiptRowRecord[] {
  return items.flatMap((item) => [
    {
      amount: 1,
      name: item.title,
      price: item.price,
      vat_amount: vatIncluded(item.price, vatPercent),
      vat: vatPercent,
    },
    ...item.extras.map((e) => ({
      amount: 1,
      name: e.title,
      price: e.price,
      vat_amount: vatIncluded(e.price, vatPercent),
      vat: vatPercent,
    })),
  ]);
}
