// Receipt totals and the VAT line of section 9: one percentage when every row has the same
// rate, otherwise the VAT amount alone.
import type { ReceiptRow } from '@jono/contract';

export type VatLine =
  { kind: 'percent'; percent: number; amount: number } | { kind: 'amount'; amount: number };

export function receiptTotal(rows: readonly ReceiptRow[]): number {
  return rows.reduce((sum, row) => sum + row.price * row.amount, 0);
}

export function receiptVat(rows: readonly ReceiptRow[]): VatLine {
  const amount = rows.reduce((sum, row) => sum + row.vat_amount * row.amount, 0);
  const first = rows[0];
  if (first && rows.every((row) => row.vat === first.vat)) {
    return { kind: 'percent', percent: first.vat, amount };
  }
  return { kind: 'amount', amount };
}
