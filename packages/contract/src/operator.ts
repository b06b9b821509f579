// The operators' API (`/api/{market}/operator/...`): the chain's control room. An operator sees
// every shop of its markets (a market operator one market, the chain operator all of them),
// read-only, and may move a waiting customer to another shop of the same market.
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './constants';
import { MARKETS } from './markets';
import { inputId, inputText } from './input';
import { queueStateSchema, serviceTimeEstimateSchema, shopAccuracySchema } from './shop';
import { staffLoginAnswerSchema } from './staff';

export const operatorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  /** The markets the operator sees; the first is where the account lives. */
  markets: z.array(z.enum(MARKETS)).min(1),
});
export type Operator = z.infer<typeof operatorSchema>;

export const operatorLoginAnswerSchema = z.object({
  access_token: z.string(),
  expires_in: z.number().int(),
  operator: operatorSchema,
});
export type OperatorLoginAnswer = z.infer<typeof operatorLoginAnswerSchema>;

/** POST /staff/login/ answers a staff member's session or an operator's. */
export const consoleLoginAnswerSchema = z.union([
  staffLoginAnswerSchema,
  operatorLoginAnswerSchema,
]);
export type ConsoleLoginAnswer = z.infer<typeof consoleLoginAnswerSchema>;

/** Why a shop is near the top of the chain board. */
export const attentionReasonSchema = z.enum([
  /** A one-time customer joining now waits more than OPERATOR_LONG_WAIT_MIN. */
  'long_wait',
  /** The queue is closed (by staff or the hours) while customers still wait. */
  'closed_with_waiting',
  /** The shop turns new customers away (full). */
  'full',
  /** More than a third of last hour's finished orders were no-shows (at least two). */
  'no_shows',
  /** Customer alerts (turn near, leave now) failed or expired unsent in the last hour. */
  'alerts_failed',
]);
export type AttentionReason = z.infer<typeof attentionReasonSchema>;

/** A one-time customer's wait above this many minutes asks for attention. */
export const OPERATOR_LONG_WAIT_MIN = 45;

export const operatorShopSchema = z.object({
  id: z.number().int(),
  market: z.enum(MARKETS),
  name: z.string(),
  city: z.string(),
  location: z.object({ latitude: z.string(), longitude: z.string() }),
  open: z.boolean(),
  closing_soon: z.boolean(),
  queue_state: queueStateSchema,
  /** Chairs staffed now (the shop's barbers on duty). */
  barbers_on_duty: z.number().int().min(0),
  /** Orders in a chair now. */
  in_service: z.number().int().min(0),
  /** Customers waiting, by queue priority (index 0 one-time ... 3 platinum). */
  waiting_by_priority: z.array(z.number().int().min(0)).length(4),
  /** The wait a new customer of each priority is shown now, with its range. */
  service_time_estimates: z.array(serviceTimeEstimateSchema),
  last_hour: z.object({
    joins: z.number().int().min(0),
    no_shows: z.number().int().min(0),
    /** Customer alerts (turn near, leave now) that failed or expired unsent in the last hour. */
    alerts_failed: z.number().int().min(0),
  }),
  /** Higher needs attention sooner; 0 when nothing asks for it. */
  attention: z.number().int().min(0),
  reasons: z.array(attentionReasonSchema),
});
export type OperatorShop = z.infer<typeof operatorShopSchema>;

export const OPERATOR_PAGE_MAX = 1000;

export const operatorShopsQuerySchema = z.object({
  /** Shops to skip (after sorting by attention, then id). */
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(OPERATOR_PAGE_MAX).default(500),
});

export const operatorShopsSchema = z.object({
  /** Every shop of the market, whatever the page. */
  count: z.number().int().min(0),
  offset: z.number().int().min(0),
  /** The offset of the next page, or null on the last one. */
  next_offset: z.number().int().min(0).nullable(),
  /** When the answer was built (ISO). */
  at: z.string(),
  shops: z.array(operatorShopSchema),
});
export type OperatorShops = z.infer<typeof operatorShopsSchema>;

/** What the operator board stream sends: the shops that changed since the last event. */
export const operatorBoardEventSchema = z.object({
  market: z.enum(MARKETS),
  shops: z.array(operatorShopSchema),
});
export type OperatorBoardEvent = z.infer<typeof operatorBoardEventSchema>;

export const accuracyDaySchema = z.object({
  /** Local date of the shop (market's time zone), YYYY-MM-DD. */
  date: z.string(),
  estimates: z.number().int().min(0),
  inside_range: z.number().min(0).max(1).nullable(),
  median_error: z.number().min(0).nullable(),
  longer_by_10: z.number().min(0).max(1).nullable(),
});

export const operatorAccuracySchema = z.object({
  /** The pob the figures are for, or null for every shop of the market. */
  pob_id: z.number().int().nullable(),
  summary: shopAccuracySchema.nullable(),
  per_day: z.array(accuracyDaySchema),
});
export type OperatorAccuracy = z.infer<typeof operatorAccuracySchema>;

/**
 * GET /operator/accuracy/chain/: every shop of the operator's markets (or those asked), in total
 * and per day (each estimate on its own shop's local date), with each market's total beside.
 */
export const chainAccuracySchema = z.object({
  markets: z.array(z.enum(MARKETS)),
  summary: shopAccuracySchema.nullable(),
  per_day: z.array(accuracyDaySchema),
  per_market: z.array(
    z.object({ market: z.enum(MARKETS), summary: shopAccuracySchema.nullable() }),
  ),
});
export type ChainAccuracy = z.infer<typeof chainAccuracySchema>;

export const moveOrderSchema = z
  .object({
    order_id: inputId,
    to_pob_id: inputId,
  })
  .strict();
export type MoveOrderPayload = z.infer<typeof moveOrderSchema>;

export const moveOrderAnswerSchema = z.object({
  /** The new order at the other shop. */
  order_id: z.number().int(),
  pob_id: z.number().int(),
  /** The order it replaces (now cancelled). */
  moved_from: z.number().int(),
  /** Minutes the customer is now expected to wait at the new shop. */
  wait_estimate: z.number().int().nullable(),
});
export type MoveOrderAnswer = z.infer<typeof moveOrderAnswerSchema>;

/** GET /operator/shops/{id}/orders/: the shop's waiting orders, the ones an operator may move. */
export const operatorWaitingOrderSchema = z.object({
  id: z.number().int(),
  ticket: z.number().int().nullable(),
  /** "Kalle K.", a walk-in's name, or null. */
  customer_name: z.string().nullable(),
  priority: z.number().int(),
  joined_at: z.string(),
  /** Minutes a chair is expected in; null without chairs. */
  wait_estimate: z.number().int().nullable(),
});
export const operatorWaitingOrdersSchema = z.array(operatorWaitingOrderSchema);
export type OperatorWaitingOrder = z.infer<typeof operatorWaitingOrderSchema>;

/** A customer may move themselves when a shop this near is this much shorter (and half). */
export const SELF_MOVE_MAX_KM = 5;
export const SELF_MOVE_MIN_GAIN_MIN = 15;

/** GET /customers/{id}/orders/{orderId}/shorter-wait/: a nearby shop with a much shorter wait. */
export const shorterWaitSchema = z.object({
  /** Null when no nearby shop's wait is much shorter. */
  offer: z
    .object({
      pob_id: z.number().int(),
      name: z.string(),
      /** Minutes this customer would wait there now (the median). */
      wait: z.number().int(),
      /** Minutes the order is expected to wait where it is now. */
      current_wait: z.number().int(),
      distance_km: z.number(),
    })
    .nullable(),
  /** Set when an operator moved this order here: the shop it came from (the customer may go back). */
  moved_from: z
    .object({ order_id: z.number().int(), pob_id: z.number().int(), name: z.string() })
    .nullable(),
});
export type ShorterWait = z.infer<typeof shorterWaitSchema>;

export const selfMoveSchema = z.object({ to_pob_id: inputId }).strict();

/** GET /operator/forecast/: the staffing need of one shop, hour by hour, for the next 7 days. */
export const forecastQuerySchema = z.object({
  pob_id: z.coerce.number().int().positive().max(2_147_483_647),
  /** The one-time customer's mean wait to stay under, minutes. */
  target: z.coerce.number().int().min(1).max(240).default(15),
});

export const forecastHourSchema = z.object({
  /** Start of the hour (ISO). */
  start: z.string(),
  /** The shop's local date (YYYY-MM-DD), weekday (1 Monday ... 7) and hour. */
  date: z.string(),
  weekday: z.number().int().min(1).max(7),
  hour: z.number().int().min(0).max(23),
  /** Customers expected per hour (joins that are served: no-shows and leavers taken out). */
  arrivals: z.number().min(0),
  /** Barbers the hour needs to keep the target (Erlang C with members first). */
  needed: z.number().int().min(0),
  /** The one-time mean wait with that many barbers, minutes. */
  mean_wait: z.number().min(0),
  /** Chairs that served someone in the same hour a week earlier. */
  on_duty_last_week: z.number().int().min(0),
  /**
   * Barbers the rota plans at work for at least half of the hour (a day's own shifts, else the
   * weekly template); null for a shop without named barbers (absent from older servers).
   */
  rostered: z.number().int().min(0).nullable().optional(),
});

export const forecastSchema = z.object({
  pob_id: z.number().int(),
  target: z.number().int(),
  method: z.literal('erlang_c'),
  /** Weeks of history the rates were learnt from. */
  weeks: z.number().min(0),
  mean_service_minutes: z.number(),
  hours: z.array(forecastHourSchema),
});
export type Forecast = z.infer<typeof forecastSchema>;

const spreadSchema = z.object({
  count: z.number().int().min(0),
  median: z.number().nullable(),
  p25: z.number().nullable(),
  p75: z.number().nullable(),
});
const dropoffSchema = z.object({
  joined: z.number().int().min(0),
  left: z.number().int().min(0),
  no_show: z.number().int().min(0),
});

/** GET /operator/charts/: the pictures of the last 8 weeks, of one shop or the whole market. */
export const operatorChartsSchema = z.object({
  pob_id: z.number().int().nullable(),
  weeks: z.number().int(),
  /** Per hour of the day (0..23): waits from joining to a chair, minutes. */
  waits_by_hour: z.array(
    z.object({
      hour: z.number().int(),
      count: z.number().int(),
      median: z.number().nullable(),
      p90: z.number().nullable(),
    }),
  ),
  /** [weekday 1..7 at 0..6][hour 0..23]: average joins per day. */
  joins_heatmap: z.array(z.array(z.number().min(0)).length(24)).length(7),
  /** By place in line when joining (0 = nobody ahead; the last bucket is that many or more). */
  dropoff_by_place: z.array(dropoffSchema.extend({ place: z.number().int() })),
  /** By the wait shown when joining, in buckets starting at `from` minutes. */
  dropoff_by_shown: z.array(dropoffSchema.extend({ from: z.number().int() })),
  /** Service durations, minutes. */
  durations_by_service: z.array(
    spreadSchema.extend({ title: z.string(), planned: z.number().int() }),
  ),
  durations_by_barber: z.array(spreadSchema.extend({ barber: z.string() })),
});
export type OperatorCharts = z.infer<typeof operatorChartsSchema>;

/** A market operator's account, as the chain operator manages it (/operator/accounts/). */
export const operatorAccountSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
});
export type OperatorAccount = z.infer<typeof operatorAccountSchema>;
export const operatorAccountsSchema = z.array(operatorAccountSchema);

const operatorPassword = inputText().min(PASSWORD_MIN_LENGTH).max(200);

/** POST /operator/accounts/: a new operator of the market (chain operator only). */
export const createOperatorAccountSchema = z
  .object({
    username: inputText()
      .max(40)
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9][a-z0-9._-]{2,39}$/),
    name: inputText().trim().min(1).max(80),
    password: operatorPassword,
  })
  .strict();
export type CreateOperatorAccount = z.infer<typeof createOperatorAccountSchema>;

/** POST /operator/accounts/{id}/password/: a new password; the account's sessions end. */
export const resetOperatorPasswordSchema = z.object({ password: operatorPassword }).strict();
export type ResetOperatorPassword = z.infer<typeof resetOperatorPasswordSchema>;
