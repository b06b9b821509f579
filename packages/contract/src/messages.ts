// Messages to customers: their alert choice per order, a shop's word to everyone waiting, and
// what an order shows of it.
import { z } from 'zod';
import { inputText } from './input';
import { LANGUAGES } from './markets';

/** How a customer is alerted when their turn comes near. */
export const ALERT_CHANNELS = ['push', 'sms', 'none'] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];
/** "Alert me when N are ahead": 0 (next in line) to this many. */
export const ALERT_AHEAD_MAX = 10;
/** "Alert me N minutes before my turn": from 5 to this many. */
export const ALERT_MINUTES_MIN = 5;
export const ALERT_MINUTES_MAX = 60;

/**
 * An order's alert choice. `ahead` and `minutes` are exclusive (null both: the shop's default,
 * `shopAlertDefaultSchema`); `channel` null: the shop's default channel (push where subscribed,
 * else SMS, unless the shop puts SMS first); `push` or `sms` chosen by the customer is exclusive.
 * One alert per order, by one channel: never both.
 */
export const orderAlertsSchema = z.object({
  ahead: z.number().int().min(0).max(ALERT_AHEAD_MAX).nullable(),
  minutes: z.number().int().min(ALERT_MINUTES_MIN).max(ALERT_MINUTES_MAX).nullable(),
  channel: z.enum(ALERT_CHANNELS).nullable(),
});
export type OrderAlerts = z.infer<typeof orderAlertsSchema>;

/** PUT /customers/{id}/orders/{orderId}/alerts/: the whole choice. */
export const orderAlertsPutSchema = orderAlertsSchema
  .strict()
  .refine((a) => a.ahead === null || a.minutes === null, {
    message: 'Choose people ahead or minutes, not both',
    path: ['minutes'],
  });

/**
 * A shop's alert default (PUT /staff/shop/alerts/, manager), for every order whose customer did
 * not choose: `ahead` or `minutes` as an order's choice (neither: about 10 minutes before or next
 * in line), and which channel goes first: `push` (push where subscribed, else SMS; also null) or
 * `sms` (SMS where allowed, else push). Unlike a customer's own channel it is never exclusive.
 */
export const ALERT_DEFAULT_CHANNELS = ['push', 'sms'] as const;
export const shopAlertDefaultSchema = z.object({
  ahead: z.number().int().min(0).max(ALERT_AHEAD_MAX).nullable(),
  minutes: z.number().int().min(ALERT_MINUTES_MIN).max(ALERT_MINUTES_MAX).nullable(),
  channel: z.enum(ALERT_DEFAULT_CHANNELS).nullable(),
});
export type ShopAlertDefault = z.infer<typeof shopAlertDefaultSchema>;
export const shopAlertDefaultPutSchema = shopAlertDefaultSchema
  .strict()
  .refine((a) => a.ahead === null || a.minutes === null, {
    message: 'Choose people ahead or minutes, not both',
    path: ['minutes'],
  });

/** The longest word to everyone waiting (one SMS of 160 GSM characters with "Jono: "). */
export const SHOP_NOTICE_MAX = 150;

/** POST /staff/notices/: a word to everyone waiting in the caller's shop. */
export const shopNoticeSchema = z
  .object({
    text: inputText().trim().min(1).max(SHOP_NOTICE_MAX),
    /** The text in other interface languages (fi, ee, en, no, sv, dk, de). */
    translations: z
      .partialRecord(z.enum(LANGUAGES), inputText().trim().min(1).max(SHOP_NOTICE_MAX))
      .optional(),
  })
  .strict();
export type ShopNoticeInput = z.infer<typeof shopNoticeSchema>;

export const shopNoticeAnswerSchema = z.object({
  id: z.number().int(),
  sent_at: z.string(),
  /** Orders waiting that see it in the app. */
  in_app: z.number().int(),
  /** Of those, the ones also texted (they allow SMS). */
  by_sms: z.number().int(),
});
export type ShopNoticeAnswer = z.infer<typeof shopNoticeAnswerSchema>;

/** What an order shows of the shop's last word to everyone waiting. */
export const orderNoticeSchema = z.object({
  text: z.string(),
  /** By interface language; the app shows its own language's, else `text`. */
  translations: z.record(z.string(), z.string()),
  at: z.string(),
});
export type OrderNotice = z.infer<typeof orderNoticeSchema>;
