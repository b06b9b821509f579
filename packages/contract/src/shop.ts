// Shops ("pobs" at the HTTP edge) as section 3 describes them.
import { z } from 'zod';
import { publicBarberSchema } from './barbers';
import { serviceTimeEstimateSchema } from './estimate';

export const queueStateSchema = z.enum(['open', 'closed', 'full']);
export type QueueState = z.infer<typeof queueStateSchema>;

export const openTimeSchema = z.object({
  /** ISO weekday, 1 = Monday ... 7 = Sunday. */
  weekday: z.number().int().min(1).max(7),
  /** Local time in the shop's time zone, "HH:MM". */
  open: z.string(),
  close: z.string(),
});
export type OpenTime = z.infer<typeof openTimeSchema>;

export {
  waitRangeSchema,
  serviceTimeEstimateSchema,
  type WaitRange,
  type ServiceTimeEstimate,
} from './estimate';

export const serviceGroupSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  display_order: z.number().int(),
  details: z.string(),
  parent: z.number().int().nullable(),
});
export type ServiceGroup = z.infer<typeof serviceGroupSchema>;

export const serviceSchema = z.object({
  id: z.number().int(),
  group_id: z.number().int(),
  title: z.string(),
  display_order: z.number().int(),
  details: z.string(),
  long_description: z.string(),
  /** Price in cents of the market's currency. */
  price: z.number().int().min(0),
  /** Planned duration in minutes. */
  duration: z.number().int().min(0),
});
export type Service = z.infer<typeof serviceSchema>;

export const extraServiceSchema = serviceSchema.omit({ group_id: true }).extend({
  group_id: z.number().int().nullable(),
});
export type ExtraService = z.infer<typeof extraServiceSchema>;

export const extraServicesSchema = z.object({
  /** The service these extras can be added to. */
  service_id: z.number().int(),
  services: z.array(extraServiceSchema),
});

export const pobSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  city: z.string(),
  address: z.string(),
  open: z.boolean(),
  open_times: z.array(openTimeSchema),
  closing_soon: z.boolean(),
  location: z.object({ latitude: z.string(), longitude: z.string() }),
  service_time_estimates: z.array(serviceTimeEstimateSchema),
  queue_state: queueStateSchema,
  queue_info: z.object({ queue_employees: z.number().int().min(0) }),
  /** Image URL, or false when the shop has none (the app shows a bundled fallback). */
  image: z.union([z.string(), z.literal(false)]),
  /** The shop's notice text, shown once a session on its page; null when none. */
  notice: z.string().nullable(),
});
export type PobSummary = z.infer<typeof pobSummarySchema>;

/** Published accuracy of the shown waits over the last `days` days (null below the threshold). */
export const shopAccuracySchema = z.object({
  days: z.number().int().min(1),
  /** Stored estimates with a known outcome the figures come from. */
  estimates: z.number().int().min(0),
  /** Share (0..1) of waits inside the range shown. */
  inside_range: z.number().min(0).max(1),
  /** Median of |actual wait - shown wait|, minutes. */
  median_error: z.number().min(0),
  /** Share (0..1) who waited more than 10 minutes longer than shown. */
  longer_by_10: z.number().min(0).max(1),
});
export type ShopAccuracy = z.infer<typeof shopAccuracySchema>;

/** Days the published accuracy looks back. */
export const ACCURACY_DAYS = 14;
/** Fewest estimates with a known outcome before accuracy is published. */
export const ACCURACY_MIN_ESTIMATES = 100;

/** GET /pobs/{id}/: the summary plus the service catalogue. */
export const pobSchema = pobSummarySchema.extend({
  /**
   * How honest this shop's shown waits were over the last ACCURACY_DAYS days; null until it has
   * ACCURACY_MIN_ESTIMATES estimates with a known outcome.
   */
  accuracy: shopAccuracySchema.nullable(),
  /**
   * The shop's barbers who work today (on duty now first), each with the wait of a new customer
   * who chooses them; the shop's service_time_estimates are "first available". Empty when the
   * shop has not named its barbers.
   */
  barbers: z.array(publicBarberSchema),
  service_groups: z.array(serviceGroupSchema),
  services: z.array(serviceSchema),
  extra_services: z.array(extraServicesSchema),
});
export type Pob = z.infer<typeof pobSchema>;

/** GET /pobs/: every shop of the market with its estimates (without the service catalogue). */
export const pobListSchema = z.array(pobSummarySchema);

/** What the shop SSE stream (`/pobs/{id}/events`) sends on every queue change. */
export const pobEventSchema = z.object({
  id: z.number().int(),
  open: z.boolean(),
  closing_soon: z.boolean(),
  queue_state: queueStateSchema,
  queue_info: z.object({ queue_employees: z.number().int().min(0) }),
  service_time_estimates: z.array(serviceTimeEstimateSchema),
  /** The barbers with their own waits, as in GET /pobs/{id}/ (absent from older servers). */
  barbers: z.array(publicBarberSchema).optional(),
});
export type PobEvent = z.infer<typeof pobEventSchema>;
