// Orders: joining a shop's queue, checking in, leaving (sections 3, 4, 7).
import { z } from 'zod';
import { waitRangeSchema } from './estimate';
import { barberChoiceSchema, orderBarberSchema } from './barbers';
import { inputId, inputText, int32 } from './input';
import { orderPresenceSchema } from './presence';
import { orderAlertsSchema, orderNoticeSchema, shopAlertDefaultSchema } from './messages';

export const orderStatusSchema = z.enum(['active', 'cancelled', 'serviced', 'noShow']);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

const id = inputId;

export const orderItemSchema = z
  .object({
    amount: z.literal(1),
    service_id: id,
    service_info: z
      .object({
        duration: int32().min(0),
        group_id: int32(),
        id,
        price: int32().min(0),
        title: inputText().max(200),
      })
      .strict(),
    extra_services: z
      .array(
        z.object({ amount: z.literal(1), service_id: id, title: inputText().max(200) }).strict(),
      )
      .max(20),
  })
  .strict();
export type OrderItem = z.infer<typeof orderItemSchema>;

/** POST /customers/{id}/orders/. Prices and durations are taken from the shop, not from the body. */
export const createOrderSchema = z
  .object({
    pob_id: id,
    items: z.array(orderItemSchema).min(1).max(10),
    /** The barber the customer chose; null or absent: the first available. */
    barber_id: barberChoiceSchema.optional(),
  })
  .strict();
export type CreateOrderPayload = z.infer<typeof createOrderSchema>;

export const createOrderAnswerSchema = z.object({ id: z.number().int() });

/**
 * PATCH /customers/{id}/orders/{orderId}/: exactly one of check-in, cancel, or a change of barber
 * (null: first available), which keeps the time already waited (BARBER_CHANGES_MAX per order).
 */
export const patchOrderSchema = z.union([
  z.object({ customer_at_pob: z.literal(true) }).strict(),
  z.object({ cancel: z.literal(true) }).strict(),
  z.object({ barber_id: barberChoiceSchema }).strict(),
]);
export type PatchOrderPayload = z.infer<typeof patchOrderSchema>;

export const orderSchema = z.object({
  id: z.number().int(),
  /**
   * ISO timestamp of the moment this answer describes (when the server read the order, or computed
   * the queue a live message comes from). Two answers can cross on the way (a request's answer and
   * a live message); a client keeps the one with the later as_of.
   */
  as_of: z.string().optional(),
  /** ISO timestamp of joining the queue. */
  date: z.string(),
  pob_id: z.number().int(),
  status: orderStatusSchema,
  customer_at_pob: z.boolean(),
  /**
   * How presence became known when the customer did not say so themselves: `position` (the app
   * saw them arrive; "not yet" undoes it, "I'm here" confirms it). Null otherwise (their own
   * check-in, staff, a walk-in), and absent from older servers.
   */
  presence_source: z.enum(['position']).nullable().optional(),
  service_time_estimate: z.object({
    /** Median minutes until a chair (0 at the chair); null when the order is no longer active. */
    wait_time: z.number().int().min(0).nullable(),
    /** The 80 % interval of that wait; null when wait_time is null. */
    wait_range: waitRangeSchema.nullable(),
  }),
  /** In a barber's chair now (an active order whose service has started). */
  in_service: z.boolean().optional(),
  /** Customers ahead in the queue while waiting (0: next in line); null when not waiting. */
  ahead: z.number().int().min(0).nullable().optional(),
  /** How many of those ahead are members (served ahead by priority); null when not waiting. */
  ahead_members: z.number().int().min(0).nullable().optional(),
  /** Travel, protected spot, self-defer, rejoin and why the wait changed. */
  presence: orderPresenceSchema.optional(),
  /**
   * The shop's number of the day for this order (1, 2, ... from local midnight), which the shop's
   * screen shows in every mode (beside the first name when the shop shows names), as do the app,
   * the kiosk and the SMS; a rejoin keeps it within the day. Null for older orders.
   */
  ticket: z.number().int().nullable().optional(),
  /** The barber the customer chose; null: first available (absent from older servers). */
  barber: orderBarberSchema.nullable().optional(),
  /**
   * Changes of barber this order still allows. While the chosen barber is off duty
   * (barber.on_duty false), taking the first available (PATCH barber_id null) costs no change.
   */
  barber_changes_left: z.number().int().min(0).optional(),
  /**
   * The chosen barber was removed or has no shift left today: the order became first available
   * (keeping its place) and the customer was told; null otherwise.
   */
  barber_released: z
    .object({
      first_name: z.string(),
      reason: z.enum(['removed', 'no_shift_left']),
      at: z.string(),
    })
    .nullable()
    .optional(),
  /** The customer's alert choice for this order (when, and by which channel). */
  alerts: orderAlertsSchema.optional(),
  /** The shop's alert default, which applies where `alerts` has null (absent from older servers). */
  alert_default: shopAlertDefaultSchema.optional(),
  /** The shop's last word to everyone waiting, while the order waits; null when none. */
  notice: orderNoticeSchema.nullable().optional(),
  items: z.array(
    z.object({
      amount: z.number().int(),
      service_id: z.number().int(),
      service_info: z.object({
        duration: z.number().int(),
        group_id: z.number().int(),
        id: z.number().int(),
        price: z.number().int(),
        title: z.string(),
      }),
      extra_services: z.array(
        z.object({
          amount: z.number().int(),
          service_id: z.number().int(),
          title: z.string(),
          price: z.number().int(),
          duration: z.number().int(),
        }),
      ),
    }),
  ),
});
export type Order = z.infer<typeof orderSchema>;

/** GET /customers/{id}/orders/: the customer's orders, newest first (history). */
export const orderListSchema = z.object({ items: z.array(orderSchema) });
