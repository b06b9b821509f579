// Receipts, messages from the operator and bonus redemption (sections 3, 7).
import { z } from 'zod';

export const receiptRowSchema = z.object({
  amount: z.number().int(),
  name: z.string(),
  /** Price in cents including VAT. */
  price: z.number().int(),
  /** VAT included in the price, in cents. */
  vat_amount: z.number().int(),
  /** VAT rate in percent. */
  vat: z.number(),
});
export type ReceiptRow = z.infer<typeof receiptRowSchema>;

export const receiptSchema = z.object({
  id: z.number().int(),
  /** ISO timestamp. */
  created: z.string(),
  rows: z.array(receiptRowSchema),
  pob: z.object({ name: z.string(), address: z.string(), city: z.string() }),
  status: z.string(),
  type: z.string(),
});
export type Receipt = z.infer<typeof receiptSchema>;
export const receiptListSchema = z.object({ items: z.array(receiptSchema) });

export const messageSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** HTML; clients sanitise before showing it. */
  content: z.string(),
  date: z.string(),
  read: z.boolean(),
});
export type Message = z.infer<typeof messageSchema>;
export const messageListSchema = z.object({
  items: z.array(messageSchema),
  /** Messages from the last month that are not read. */
  unread: z.number().int(),
});

export const vapidKeySchema = z.object({ publicKey: z.string() });
