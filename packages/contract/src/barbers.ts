// Barbers as people (issue 30): who cuts in a shop, who is on duty, and each one's own wait.
// The customer may choose a barber for an order or take the first available (barber_id null).
import { z } from 'zod';
import { inputId } from './input';
import { serviceTimeEstimateSchema } from './estimate';

/** How often a customer may change the barber of one order (issue 30: twice). */
export const BARBER_CHANGES_MAX = 2;

/** A barber as customers see them on the shop page, the shop screen and the kiosk. */
export const publicBarberSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  /** Photo URL, or null (the apps show the initial). */
  photo: z.string().nullable(),
  /** BCP 47 language codes the barber speaks (e.g. ["fi", "en"]). */
  languages: z.array(z.string()),
  /** A short line of specialities in the market's language ("Skin fades, beards"); "" when none. */
  specialities: z.string(),
  /** Signed in at a chair now. */
  on_duty: z.boolean(),
  /** ISO start of the barber's next planned shift today when off duty now; null when none. */
  next_shift_at: z.string().nullable(),
  /**
   * ISO start of the planned shift the barber is in now without being signed in (due any moment;
   * they may be chosen); null when on duty or outside a planned shift.
   */
  due_since: z.string().nullable(),
  /**
   * The wait of a new customer who chooses this barber, per priority (median and 80 % range),
   * like the shop's own service_time_estimates (which are "first available").
   */
  service_time_estimates: z.array(serviceTimeEstimateSchema),
});
export type PublicBarber = z.infer<typeof publicBarberSchema>;

/** The barber an order is tied to, as the order answer shows it. */
export const orderBarberSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  photo: z.string().nullable(),
  on_duty: z.boolean(),
  /** ISO start of the barber's next shift today when off duty; null when none left today. */
  next_shift_at: z.string().nullable(),
  /**
   * ISO start of the planned shift the barber is in now without being signed in (expected any
   * moment); null otherwise. Absent from older servers.
   */
  due_since: z.string().nullable().optional(),
});
export type OrderBarber = z.infer<typeof orderBarberSchema>;

/** A barber id in a request: a positive id, or null for "first available". */
export const barberChoiceSchema = inputId.nullable();
