// The staff API (`/api/{market}/staff/...`): payloads and answers of the barbers' and managers'
// console. Staff act only on their own shop; manager-only calls are marked.
import { z } from 'zod';
import { PHONE_MIN_LENGTH, TEXT_MAX } from './constants';
import { LANGUAGES } from './markets';
import { calendarDate, inputId, inputText } from './input';
import { staffPresenceSchema } from './presence';
import { openTimeSchema, queueStateSchema, serviceTimeEstimateSchema } from './shop';
import {
  staffChairBarberFields,
  staffQueueBarberSchema,
  staffQueueOrderBarberFields,
  walkInBarberFields,
} from './staff-barbers';

const id = inputId;
const text = (max: number) => inputText().trim().min(1).max(max);
/** As typed; the server normalises it to E.164 with the market's dial code. */
const phoneSchema = inputText().trim().min(PHONE_MIN_LENGTH).max(32);
/**
 * Texts in other languages than the market's own, which the plain fields hold: the customer app
 * shows the one of its language where given (GET /pobs/, GET /customers/{id}/messages/).
 */
const translationsOf = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.partialRecord(z.enum(LANGUAGES), z.object(shape).partial().strict());

const hhmm = inputText().regex(/^([01]\d|2[0-4]):[0-5]\d$/, 'Use HH:MM');

export const staffRoleSchema = z.enum(['barber', 'manager']);
export type StaffRole = z.infer<typeof staffRoleSchema>;

/** Lifetime of a staff access token: one long shift. There is no refresh token; log in again. */
export const STAFF_TOKEN_TTL_S = 12 * 60 * 60;
/** How long a start, finish, no-show or cancel can be undone. */
export const STAFF_UNDO_WINDOW_MS = 2 * 60 * 1000;

export const staffLoginSchema = z
  .object({ username: text(100), password: inputText().min(1).max(200) })
  .strict();
export type StaffLoginPayload = z.infer<typeof staffLoginSchema>;

export const staffMemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  role: staffRoleSchema,
  pob_id: z.number().int(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffLoginAnswerSchema = z.object({
  access_token: z.string(),
  /** Seconds the access token is valid (STAFF_TOKEN_TTL_S). */
  expires_in: z.number().int(),
  staff: staffMemberSchema,
});
export type StaffLoginAnswer = z.infer<typeof staffLoginAnswerSchema>;

export const membershipLevelSchema = z.enum(['none', 'silver', 'gold', 'platinum']);

export const staffQueueExtraSchema = z.object({
  service_id: z.number().int(),
  title: z.string(),
  duration: z.number().int(),
  price: z.number().int(),
});

export const staffQueueServiceSchema = staffQueueExtraSchema.extend({
  extras: z.array(staffQueueExtraSchema),
});

/** The last staff action on an order that POST /staff/orders/{id}/undo/ can still revert. */
export const undoableSchema = z.object({
  action: z.enum(['start', 'finish', 'no_show', 'cancel']),
  /** ISO timestamp after which undo is refused. */
  until: z.string(),
});

export const staffQueueOrderSchema = z.object({
  id: z.number().int(),
  /** 0 in service, 1 the next to reach a chair, and so on. */
  position: z.number().int(),
  state: z.enum(['waiting', 'in_service']),
  /** First name and last initial ("Kalle K."), the walk-in's name, or null. */
  customer_name: z.string().nullable(),
  customer_id: z.number().int().nullable(),
  membership: membershipLevelSchema,
  /** Queue priority of the order (0 one-time ... 3 platinum); a deferred order may have a lower one. */
  priority: z.number().int(),
  source: z.enum(['app', 'walk_in', 'kiosk']),
  checked_in: z.boolean(),
  joined_at: z.string(),
  /** Minutes since joining (waiting) or since reaching the chair (in service). */
  waited_minutes: z.number().int(),
  /** Minutes until the order is expected to reach a chair; 0 in service; null without chairs. */
  estimate_minutes: z.number().int().nullable(),
  /** ISO time the service is expected to end; null without chairs. */
  expected_end: z.string().nullable(),
  chair: z.number().int().nullable(),
  started_at: z.string().nullable(),
  planned_minutes: z.number().int(),
  services: z.array(staffQueueServiceSchema),
  /** Here, not here yet, on the way (ETA), held until, deferred by the customer; rejoined. */
  presence: staffPresenceSchema.optional(),
  /** The shop's number of the order that day. */
  ticket: z.number().int().nullable().optional(),
  /** The customer's alert (turn near, leave now) could not be delivered: call them. */
  alert_failed: z.boolean().optional(),
  /**
   * In service far past its kind's 95th percentile while customers wait at the shop: probably
   * finished without Finish pressed. The estimate takes the chair as free; staff are asked.
   */
  probably_finished: z.boolean().optional(),
  ...staffQueueOrderBarberFields,
});
export type StaffQueueOrder = z.infer<typeof staffQueueOrderSchema>;

export const staffChairSchema = z.object({
  /** 1 ... chairs on duty, then any chair taken off duty while busy (draining). */
  chair: z.number().int(),
  /**
   * free or busy (on duty), or draining: taken off duty while someone sits in it; it goes off
   * after that customer's Finish.
   */
  state: z.enum(['free', 'busy', 'draining']),
  /**
   * A free chair: the customer its Start seats (who sits next: the first customers in queue
   * order who are at the shop and have not asked for more time, one per free chair), or null.
   */
  next_order_id: z.number().int().nullable(),
  /** The order in this chair, or null when free. */
  order_id: z.number().int().nullable(),
  customer_name: z.string().nullable(),
  since: z.string().nullable(),
  ...staffChairBarberFields,
});

/** Undo window of recent actions, for the console's undo button. */
export const staffRecentSchema = z.object({
  order_id: z.number().int(),
  customer_name: z.string().nullable(),
  status: z.enum(['active', 'cancelled', 'serviced', 'noShow']),
  undo: undoableSchema,
});

/** GET /staff/queue/ and every message of GET /staff/events. */
export const staffQueueSchema = z.object({
  pob: z.object({
    id: z.number().int(),
    name: z.string(),
    /** The shop's IANA time zone: the console shows every time in it. */
    time_zone: z.string(),
    chairs: z.number().int(),
    /** What staff set: open, full or closed for online orders. */
    staff_queue_state: queueStateSchema,
    /** What customers see (closed outside opening hours). */
    queue_state: queueStateSchema,
    open: z.boolean(),
    closing_soon: z.boolean(),
    notice: z.string().nullable(),
    /** The notice in other languages than the market's (English and any other). */
    notice_translations: z
      .partialRecord(z.enum(LANGUAGES), z.object({ notice: z.string() }).partial())
      .default({}),
    service_time_estimates: z.array(serviceTimeEstimateSchema),
  }),
  chairs: z.array(staffChairSchema),
  /**
   * The shop's named barbers who work today (on duty first), each with who waits for them and whom
   * Start on their chair seats; [] for a shop without named barbers (absent from older servers).
   */
  barbers: z.array(staffQueueBarberSchema).optional(),
  /** Every active order: in service first, then the waiting queue in serving order. */
  orders: z.array(staffQueueOrderSchema),
  recent: z.array(staffRecentSchema),
  /** ISO time the snapshot was computed. */
  at: z.string(),
});
export type StaffQueue = z.infer<typeof staffQueueSchema>;

const itemSchema = z
  .object({ service_id: id, extra_service_ids: z.array(id).max(20).default([]) })
  .strict();

/** POST /staff/walk-ins/: a customer who walked in; a known member's phone gives their priority. */
export const walkInSchema = z
  .object({
    items: z.array(itemSchema).min(1).max(10),
    name: text(TEXT_MAX.walkInName).optional(),
    phone: phoneSchema.optional(),
    ...walkInBarberFields,
  })
  .strict();
export type WalkInPayload = z.infer<typeof walkInSchema>;

export const staffStartSchema = z
  .object({ chair: z.number().int().min(1).max(100).optional() })
  .strict();

/**
 * PATCH /staff/shop/ (any staff): chairs on duty, online queue state, notice. In a shop with named
 * barbers the chairs on duty are its barbers on duty: `chairs` signs barbers on (those planned now
 * first) or off (highest chairs first) until that many are on duty; more than its barbers: 409
 * chairs_follow_barbers.
 */
export const staffShopPatchSchema = z
  .object({
    chairs: z.number().int().min(0).max(50).optional(),
    queue_state: queueStateSchema.optional(),
    notice: inputText().max(500).nullable().optional(),
    /** The notice in other languages; replaces the ones stored (absent, they stay). */
    notice_translations: translationsOf({ notice: inputText().max(500) }).optional(),
  })
  .strict();

/** PUT /staff/shop/hours/ (manager): the whole week; a missing weekday is closed. */
export const staffHoursSchema = z
  .object({
    open_times: z.array(openTimeSchema.extend({ open: hhmm, close: hhmm }).strict()).max(14),
  })
  .strict();

/** PATCH /staff/shop/details/ (manager). */
export const staffShopDetailsSchema = z
  .object({
    name: text(TEXT_MAX.shopName).optional(),
    city: text(100).optional(),
    address: text(200).optional(),
    latitude: inputText()
      .regex(/^-?\d{1,2}(\.\d+)?$/)
      .optional(),
    longitude: inputText()
      .regex(/^-?\d{1,3}(\.\d+)?$/)
      .optional(),
    image: inputText().max(500).nullable().optional(),
  })
  .strict();

const serviceTranslations = translationsOf({
  title: text(TEXT_MAX.serviceTitle),
  details: inputText().max(500),
  long_description: inputText().max(5000),
});

/** A service or, with parent_service_id, an extra of the manager's shop. */
export const staffServiceSchema = z.object({
  id: z.number().int(),
  group_id: z.number().int().nullable(),
  parent_service_id: z.number().int().nullable(),
  title: z.string(),
  details: z.string(),
  long_description: z.string(),
  price: z.number().int(),
  duration: z.number().int(),
  display_order: z.number().int(),
  active: z.boolean(),
  translations: serviceTranslations,
});
const groupTranslations = translationsOf({
  title: text(TEXT_MAX.serviceTitle),
  details: inputText().max(500),
});
/** A service group of the manager's shop: its title, description and them in other languages. */
export const staffServiceGroupSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  details: z.string(),
  translations: groupTranslations,
});
/** PATCH /staff/service-groups/{id}/ (manager). */
export const staffServiceGroupPatchSchema = z
  .object({
    title: text(TEXT_MAX.serviceTitle).optional(),
    details: inputText().max(500).optional(),
    /** Replaces the translations stored: send every language. */
    translations: groupTranslations.optional(),
  })
  .strict();
export const staffServiceListSchema = z.object({
  groups: z.array(staffServiceGroupSchema),
  items: z.array(staffServiceSchema),
});

export const staffServiceCreateSchema = z
  .object({
    /** Required for a service; omitted for an extra. */
    group_id: id.optional(),
    /** Makes this an extra of that service. */
    parent_service_id: id.optional(),
    title: text(TEXT_MAX.serviceTitle),
    details: inputText().max(500).default(''),
    long_description: inputText().max(5000).default(''),
    /** Cents, VAT included. */
    price: z.number().int().min(0).max(10_000_000),
    /** Planned minutes. */
    duration: z.number().int().min(0).max(600),
    display_order: z.number().int().min(0).max(10_000).default(0),
    translations: serviceTranslations.default({}),
  })
  .strict()
  .refine((s) => (s.group_id === undefined) !== (s.parent_service_id === undefined), {
    message: 'Give group_id for a service or parent_service_id for an extra',
  });

export const staffServicePatchSchema = z
  .object({
    title: text(TEXT_MAX.serviceTitle).optional(),
    details: inputText().max(500).optional(),
    long_description: inputText().max(5000).optional(),
    price: z.number().int().min(0).max(10_000_000).optional(),
    duration: z.number().int().min(0).max(600).optional(),
    display_order: z.number().int().min(0).max(10_000).optional(),
    active: z.boolean().optional(),
    /** Replaces the translations stored (send every language); absent, they stay as they are. */
    translations: serviceTranslations.optional(),
  })
  .strict();

export const staffAccountListSchema = z.object({ items: z.array(staffMemberSchema) });
export const staffAccountCreateSchema = z
  .object({
    username: inputText().regex(
      /^[a-z0-9._-]{3,50}$/,
      'Use 3-50 lowercase letters, digits, dot, dash or underscore',
    ),
    name: text(TEXT_MAX.staffName),
    role: staffRoleSchema,
    password: inputText().min(8).max(200),
  })
  .strict();
export const staffAccountPatchSchema = z
  .object({
    name: text(TEXT_MAX.staffName).optional(),
    role: staffRoleSchema.optional(),
    password: inputText().min(8).max(200).optional(),
  })
  .strict();

/**
 * POST /staff/messages/ (manager): to one customer (by phone) or to every customer of the
 * market. `content` is HTML stored as given; every client sanitises it before showing it.
 */
export const staffMessageSchema = z
  .object({
    title: text(200),
    content: inputText().min(1).max(20_000),
    /** Title and content in other languages than the market's. */
    translations: translationsOf({
      title: text(200),
      content: inputText().min(1).max(20_000),
    }).default({}),
    to: z.union([z.literal('all'), z.object({ phone: phoneSchema }).strict()]),
  })
  .strict();
export const staffMessageAnswerSchema = z.object({ id: z.number().int() });

/** GET /staff/summary/?date=YYYY-MM-DD (manager): one local day of the shop. */
export const staffSummaryQuerySchema = z.object({ date: calendarDate() }).strict();
export const staffSummarySchema = z.object({
  date: z.string(),
  /**
   * People, not orders: who joined that day (a customer who took their place back after a no-show
   * or leaving is one person; a registered customer counts once a day; each anonymous walk-in is
   * one), who was served, and whose visit ended as a no-show or cancelled without coming back.
   */
  joined: z.number().int(),
  served: z.number().int(),
  no_shows: z.number().int(),
  cancelled: z.number().int(),
  /** Wait from joining to reaching a chair, over the served customers; null without any. */
  mean_wait_minutes: z.number().nullable(),
  p90_wait_minutes: z.number().nullable(),
  /** How many served customers' waits the mean and the 90 % figure are over. */
  waits_counted: z.number().int(),
  /** Mean of |wait shown when joining - actual wait|, and of the signed difference (actual - shown). */
  estimate_mae_minutes: z.number().nullable(),
  estimate_bias_minutes: z.number().nullable(),
  /** How many served customers (with a wait shown when they joined) the two figures above are over. */
  estimates_compared: z.number().int(),
  /** How many estimates the median error is over, and how many of them showed a range. */
  estimates_judged: z.number().int(),
  ranges_judged: z.number().int(),
  /**
   * Over every estimate shown to that day's served customers (at joining and at each change)
   * while they were at the shop (before check-in an app customer's start also holds their
   * travel): the median of |actual wait - shown median|, and the share of actual waits (whole
   * minutes) inside the range shown (0 to 1; the range claims 0.8), over the estimates that
   * showed a range (a free chair is "0 min" alone). Null without such estimates.
   */
  estimate_median_error_minutes: z.number().nullable(),
  estimate_inside_range_share: z.number().min(0).max(1).nullable(),
  /**
   * A shop with named barbers (issue 30): per barber who served that day's customers or was
   * chosen by them, in order of customers served; [] without named barbers.
   */
  barbers: z.array(
    z.object({
      id: z.number().int(),
      first_name: z.string(),
      /** Customers (orders) of that day this barber served (finished). */
      served: z.number().int(),
      /** Median minutes from the start to the end of their services; null without any. */
      median_service_minutes: z.number().nullable(),
      /**
       * The estimates shown to served customers who chose this barber, judged as the shop's are:
       * how many, the median error and the share inside the range, both null with fewer than
       * SUMMARY_BARBER_MIN_ESTIMATES (too few to say).
       */
      estimates_judged: z.number().int(),
      estimate_median_error_minutes: z.number().nullable(),
      estimate_inside_range_share: z.number().min(0).max(1).nullable(),
    }),
  ),
});
export type StaffSummary = z.infer<typeof staffSummarySchema>;
/** Fewer estimates than this for one barber's customers in a day: no accuracy shown for them. */
export const SUMMARY_BARBER_MIN_ESTIMATES = 5;

export const staffActionAnswerSchema = z.object({
  id: z.number().int(),
  status: z.enum(['active', 'cancelled', 'serviced', 'noShow']),
  undo: undoableSchema.nullable(),
});
