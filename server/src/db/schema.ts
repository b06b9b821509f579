// Drizzle schema of one market's data. Every market has its own database (PGlite) or schema
// (PostgreSQL, via search_path), so no table carries a market column.
import { sql } from 'drizzle-orm';
import type { ContentTranslations } from '@jono/contract';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { WaitReason } from '@jono/contract';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const customers = pgTable('customers', {
  id: serial('id').primaryKey(),
  phone: text('phone').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  email: text('email'),
  firstname: text('firstname').notNull(),
  lastname: text('lastname').notNull(),
  allowEmail: boolean('allow_email').notNull().default(false),
  allowSms: boolean('allow_sms').notNull().default(true),
  appLanguage: text('app_language').notNull().default('fi_FI'),
  city: text('city'),
  dateOfBirth: text('date_of_birth'),
  postCode: text('post_code'),
  sex: text('sex'),
  streetAddress: text('street_address'),
  tutorialSeen: boolean('tutorial_seen').notNull().default(false),
  fcmToken: text('fcm_token'),
  membershipType: text('membership_type'),
  membershipBegin: text('membership_begin'),
  membershipEnd: text('membership_end'),
  credits: integer('credits').notNull().default(0),
  wpPremCredits: integer('wp_prem_credits').notNull().default(0),
  wpProdCredits: integer('wp_prod_credits').notNull().default(0),
  bonusAmount: doublePrecision('bonus_amount'),
  bonusExpires: ts('bonus_expires'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Rotating refresh tokens, stored as SHA-256 hashes; a family is one login's chain of rotations. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    family: text('family').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    revokedAt: ts('revoked_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.family)],
);

export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    /** The address that asked for the code: its checks do not count against the phone's cap. */
    requestedFrom: text('requested_from'),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('recovery_codes_customer_idx').on(t.customerId)],
);

export interface OpenTimeRow {
  weekday: number;
  open: string;
  close: string;
}

export const pobs = pgTable('pobs', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  city: text('city').notNull(),
  address: text('address').notNull(),
  latitude: text('latitude').notNull(),
  longitude: text('longitude').notNull(),
  timeZone: text('time_zone').notNull(),
  image: text('image'),
  notice: text('notice'),
  /** The notice in other languages than the market's (the column above holds the market's own). */
  translations: jsonb('translations').$type<ContentTranslations<'notice'>>().notNull().default({}),
  /** Set by staff: open, full, or closed for the day. */
  queueState: text('queue_state').notNull().default('open'),
  /** Barbers on duty. */
  chairs: integer('chairs').notNull().default(2),
  openTimes: jsonb('open_times').$type<OpenTimeRow[]>().notNull(),
  /** What the in-shop display shows of who is next: `first_name` or `number` (the ticket). */
  displayNames: text('display_names').notNull().default('first_name'),
  /** Minutes a late customer who set off on the leave-now alert keeps first place. */
  holdGraceMinutes: integer('hold_grace_minutes').notNull().default(10),
  /**
   * The last word to everyone waiting (POST /staff/notices/), with its translations by interface
   * language and when it was sent: shown on the tracking screen of every order waiting then.
   */
  waitingNotice: text('waiting_notice'),
  waitingNoticeTranslations: jsonb('waiting_notice_translations')
    .$type<Record<string, string>>()
    .notNull()
    .default({}),
  waitingNoticeAt: ts('waiting_notice_at'),
  /**
   * The shop's alert default for orders whose customer did not choose (services/order-alerts.ts):
   * when this many are ahead, or this many minutes before (not both; neither: about 10 minutes
   * before or next in line), and by which channel (push, sms; null: push where subscribed, else SMS).
   */
  alertDefaultAhead: integer('alert_default_ahead'),
  alertDefaultMinutes: integer('alert_default_minutes'),
  alertDefaultChannel: text('alert_default_channel'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const serviceGroups = pgTable('service_groups', {
  id: serial('id').primaryKey(),
  pobId: integer('pob_id')
    .notNull()
    .references(() => pobs.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  displayOrder: integer('display_order').notNull().default(0),
  details: text('details').notNull().default(''),
  parent: integer('parent'),
  translations: jsonb('translations')
    .$type<ContentTranslations<'title' | 'details'>>()
    .notNull()
    .default({}),
});

/** Services of a shop; an extra service has `parentServiceId` (the service it is added to). */
export const services = pgTable(
  'services',
  {
    id: serial('id').primaryKey(),
    pobId: integer('pob_id')
      .notNull()
      .references(() => pobs.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').references(() => serviceGroups.id, { onDelete: 'set null' }),
    parentServiceId: integer('parent_service_id'),
    title: text('title').notNull(),
    displayOrder: integer('display_order').notNull().default(0),
    details: text('details').notNull().default(''),
    longDescription: text('long_description').notNull().default(''),
    /** Title, details and long description in other languages than the market's. */
    translations: jsonb('translations')
      .$type<ContentTranslations<'title' | 'details' | 'long_description'>>()
      .notNull()
      .default({}),
    price: integer('price').notNull(),
    duration: integer('duration').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [index('services_pob_idx').on(t.pobId)],
);

export interface OrderItemSnapshot {
  service_id: number;
  group_id: number;
  title: string;
  price: number;
  duration: number;
  extras: { service_id: number; title: string; price: number; duration: number }[];
}

export interface WaitBasisRecord {
  wait: number;
  start: number;
  chairs: number;
  /** Orders ahead (in service or waiting) and how many of them had a higher priority. */
  ahead: number[];
  higherAhead: number;
  /** Chairs on duty with nobody in them (missing in records made before it was kept). */
  idle?: number;
  /** How many are ahead and the newest id ahead (`ahead` lists ids only for the first few). */
  aheadCount?: number;
  newestAhead?: number;
}

export interface WaitChangeRecord {
  /** Minutes the expected start moved (positive: later). */
  minutes: number;
  reason: WaitReason;
  at: string;
}

export interface BarberChangeRecord {
  at: string;
  from: number | null;
  to: number | null;
  by: 'customer' | 'staff' | 'jono';
  /** The staff member who changed it with the customer's consent. */
  staffId?: number;
  /** Why Jono changed it, or why a customer's change was free. */
  reason?: 'removed' | 'no_shift_left' | 'off_duty';
}

export interface BarberReleasedRecord {
  firstName: string;
  reason: 'removed' | 'no_shift_left';
  at: string;
}

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    pobId: integer('pob_id')
      .notNull()
      .references(() => pobs.id),
    /** Null for a walk-in without a known customer. */
    customerId: integer('customer_id').references(() => customers.id),
    source: text('source').notNull().default('app'),
    walkInName: text('walk_in_name'),
    status: text('status').notNull().default('active'),
    priority: integer('priority').notNull().default(0),
    /** Sort key within a priority; the queue engine's `rank`. */
    rank: doublePrecision('rank').notNull(),
    customerAtPob: boolean('customer_at_pob').notNull().default(false),
    checkedInAt: ts('checked_in_at'),
    /**
     * How the customer's presence became known, when not by their own "I'm here", staff or a
     * walk-in: 'position' (the app saw them within the shop's arrival radius, issue 31; they may
     * say "not yet", which undoes it). Null otherwise; the position itself is never stored.
     */
    presenceSource: text('presence_source'),
    joinedAt: ts('joined_at').notNull().defaultNow(),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
    /**
     * When the order's turn came (the closed loop's measure of an estimate shown while the
     * customer was away): it sat, or staff seated someone behind them while they were away, or
     * marked them a no-show. Null before, and in orders older than it.
     */
    turnAt: ts('turn_at'),
    chair: integer('chair'),
    plannedMinutes: integer('planned_minutes').notNull(),
    /** Wait shown when the order joined (minutes), for the accuracy report. */
    shownWait: integer('shown_wait'),
    /** Latest estimate (minutes, the median), kept current on every queue change. */
    waitEstimate: integer('wait_estimate'),
    /** Latest 80 % interval of the wait (minutes), kept with waitEstimate. */
    waitLow: integer('wait_low'),
    waitHigh: integer('wait_high'),
    notifiedAt: ts('notified_at'),
    /** Staff member who started the service. */
    startedBy: integer('started_by'),
    /** The last staff action (start, finish, no_show, cancel) and when, for the console's undo. */
    lastAction: text('last_action'),
    lastActionAt: ts('last_action_at'),
    /** Where the customer was before the last Start (undo of a Start restores it exactly). */
    startPresence: jsonb('start_presence').$type<{ atShop: boolean; checkedInAt: string | null }>(),
    items: jsonb('items').$type<OrderItemSnapshot[]>().notNull(),
    /** The shop's number of the order that day (1, 2, ...), shown on the display and kiosk. */
    ticket: integer('ticket'),
    /** Kiosk walk-ins: the number that gets "your turn is near" by SMS (no account). */
    notifyPhone: text('notify_phone'),
    /** Minutes the customer needs to reach the shop (shared position or "N minutes away"). */
    travelMinutes: integer('travel_minutes'),
    travelMode: text('travel_mode'),
    /** A shared position's straight-line estimate before the shop's learnt factor (learning). */
    travelBaseMinutes: integer('travel_base_minutes'),
    travelSharedAt: ts('travel_shared_at'),
    /** When the leave-now alert was claimed (once per order, across processes). */
    leaveAlertAt: ts('leave_alert_at'),
    /** When the customer set off (the alert, or "I am on my way"): on the way from then. */
    setOffAt: ts('set_off_at'),
    /** Protected spot: first place among those waiting until then, while on the way. */
    heldUntil: ts('held_until'),
    /** Self-defer: not to be called before this time; how many times the customer deferred. */
    deferredUntil: ts('deferred_until'),
    deferCount: integer('defer_count').notNull().default(0),
    /** The no-show or cancelled order this one rejoined at the same place. */
    rejoinedFrom: integer('rejoined_from'),
    /** The order of another shop this one was moved from (by an operator or the customer). */
    movedFrom: integer('moved_from'),
    /** The engine's record behind the last wait the customer saw, and why it last changed. */
    waitBasis: jsonb('wait_basis').$type<WaitBasisRecord>(),
    waitChange: jsonb('wait_change').$type<WaitChangeRecord>(),
    /**
     * The customer's own alert choice for this order (null: the shop's default): alert when this
     * many are ahead, or this many minutes before the turn, by this channel (push, sms, none).
     */
    alertAhead: integer('alert_ahead'),
    alertMinutes: integer('alert_minutes'),
    alertChannel: text('alert_channel'),
    /** The barber the customer chose (issue 30); null: the first available. */
    barberId: integer('barber_id'),
    /** The barber who served: the chair's barber at Start (null in a shop without named barbers). */
    servedBy: integer('served_by'),
    /** Changes of barber the customer made (BARBER_CHANGES_MAX); free ones are not counted. */
    barberChanges: integer('barber_changes').notNull().default(0),
    /** Every change of the order's barber: by whom (customer, staff with consent, Jono) and when. */
    barberLog: jsonb('barber_log').$type<BarberChangeRecord[]>().notNull().default([]),
    /** The chosen barber was removed or had no shift left: the order became first available. */
    barberReleased: jsonb('barber_released').$type<BarberReleasedRecord>(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('orders_pob_status_idx').on(t.pobId, t.status),
    // A shop's orders by day (its history, the daily summary) and by ticket (the next ticket at
    // every join reads the day's highest, one index entry instead of the shop's every order).
    index('orders_pob_joined_idx').on(t.pobId, t.joinedAt),
    index('orders_pob_ticket_idx').on(t.pobId, t.ticket),
    index('orders_customer_idx').on(t.customerId),
    uniqueIndex('orders_one_active_per_customer')
      .on(t.customerId)
      .where(sql`status = 'active' and customer_id is not null`),
  ],
);

/**
 * Every estimate shown for an order (at joining and at each change of it), for the closed loop:
 * the calibration learns from the model's numbers here and the wait that followed (the order's
 * started_at), and `npm run accuracy` reports from them.
 */
export const waitEstimates = pgTable(
  'wait_estimates',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    pobId: integer('pob_id').notNull(),
    priority: integer('priority').notNull(),
    at: ts('at').notNull(),
    /** The model's 10th, 50th and 90th percentiles (minutes, before calibration). */
    modelP10: doublePrecision('model_p10').notNull(),
    modelP50: doublePrecision('model_p50').notNull(),
    modelP90: doublePrecision('model_p90').notNull(),
    /** What was shown: the median and the 80 % interval (whole minutes). */
    wait: integer('wait').notNull(),
    low: integer('low').notNull(),
    high: integer('high').notNull(),
  },
  (t) => [
    index('wait_estimates_pob_at_idx').on(t.pobId, t.at),
    index('wait_estimates_order_idx').on(t.orderId),
  ],
);

export interface ReceiptRowRecord {
  amount: number;
  name: string;
  price: number;
  vat_amount: number;
  vat: number;
}

export const receipts = pgTable(
  'receipts',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').references(() => orders.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    pobId: integer('pob_id')
      .notNull()
      .references(() => pobs.id),
    created: ts('created').notNull().defaultNow(),
    rows: jsonb('rows').$type<ReceiptRowRecord[]>().notNull(),
    status: text('status').notNull().default('paid'),
    type: text('type').notNull().default('sale'),
  },
  (t) => [index('receipts_customer_idx').on(t.customerId)],
);

/** Messages from the operator; `customerId` null means every customer of the market. */
export const messages = pgTable('messages', {
  id: serial('id').primaryKey(),
  customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  content: text('content').notNull(),
  translations: jsonb('translations')
    .$type<ContentTranslations<'title' | 'content'>>()
    .notNull()
    .default({}),
  date: ts('date').notNull().defaultNow(),
});

export const messageReads = pgTable(
  'message_reads',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    readAt: ts('read_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.customerId] })],
);

export const benefits = pgTable('benefits', {
  id: serial('id').primaryKey(),
  customerId: integer('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' }),
  title: text('title'),
  value: text('value'),
  isRedeemable: boolean('is_redeemable').notNull().default(true),
  redeemCode: text('redeem_code'),
  dateIssued: ts('date_issued').notNull().defaultNow(),
  dateRedeemed: ts('date_redeemed'),
});

export const staff = pgTable('staff', {
  id: serial('id').primaryKey(),
  pobId: integer('pob_id')
    .notNull()
    .references(() => pobs.id, { onDelete: 'cascade' }),
  username: text('username').notNull().unique(),
  name: text('name').notNull(),
  role: text('role').notNull().default('barber'),
  passwordHash: text('password_hash').notNull(),
  tokenVersion: bigint('token_version', { mode: 'number' }).notNull().default(0),
});

/**
 * Operators: read the live queues of every shop of their markets and move customers between
 * shops (docs/decisions/009-operators-across-market-schemas.md). A market operator's row lives in
 * its market's schema with `markets` = that market; the chain operator's row lives in its home
 * market's schema with every market it covers, and signs in at any of them.
 */
export const operators = pgTable('operators', {
  id: serial('id').primaryKey(),
  username: text('username').notNull().unique(),
  name: text('name').notNull(),
  /** The markets the operator sees (the row's own market first). */
  markets: text('markets').array().notNull(),
  passwordHash: text('password_hash').notNull(),
  tokenVersion: bigint('token_version', { mode: 'number' }).notNull().default(0),
});

/**
 * Attempt counters of the rate limits and lockouts (per IP, per account, per account and
 * address), kept in the database so that every process of a market counts on the same ones.
 * `key` is a SHA-256 of what is counted (it holds phones and addresses otherwise).
 */
export const rateCounters = pgTable(
  'rate_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: ts('reset_at').notNull(),
  },
  (t) => [index('rate_counters_reset_idx').on(t.resetAt)],
);

/** Addresses an account has logged in or recovered its password from: they keep their own allowance. */
export const knownAddresses = pgTable(
  'known_addresses',
  {
    /** `customer:{phone}` or `staff:{username}`, as typed at login. */
    identity: text('identity').notNull(),
    address: text('address').notNull(),
    lastSeen: ts('last_seen').notNull(),
  },
  (t) => [primaryKey({ columns: [t.identity, t.address] })],
);

/** Display screens and door kiosks, each locked to one shop by a code a manager creates. */
/**
 * Codes that prove a phone (issue 27): `register` before an account is created for the number,
 * `kiosk` before Jono sends a kiosk walk-in's number anything else (`order_id` is that walk-in).
 * Stored as salted SHA-256 like recovery codes; used once.
 */
export const phoneCodes = pgTable(
  'phone_codes',
  {
    id: serial('id').primaryKey(),
    purpose: text('purpose').notNull(),
    phone: text('phone').notNull(),
    orderId: integer('order_id'),
    codeHash: text('code_hash').notNull(),
    requestedFrom: text('requested_from'),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('phone_codes_phone_idx').on(t.phone)],
);

export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    pobId: integer('pob_id')
      .notNull()
      .references(() => pobs.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    label: text('label').notNull(),
    /** SHA-256 of the code; the code itself is shown once, when created. */
    codeHash: text('code_hash').notNull().unique(),
    createdAt: ts('created_at').notNull().defaultNow(),
    revokedAt: ts('revoked_at'),
    /** The code's last use (at most once a minute); an unused code expires (DEVICE_CODE_IDLE_DAYS). */
    lastUsedAt: ts('last_used_at'),
  },
  (t) => [index('devices_pob_idx').on(t.pobId)],
);

/** One try of an outbox message: when, and the provider's answer or the error. */
export interface OutboxAttempt {
  at: string;
  ok: boolean;
  error?: string;
}

/**
 * Every message Jono sends (SMS, Web Push), written in the transaction of the change that caused
 * it and sent by the outbox worker (services/outbox.ts): claimed with SKIP LOCKED, retried with
 * backoff until `deadline`, each attempt recorded, delivery reports from the provider applied by
 * `providerId`. `key` makes a message idempotent: the same key is written once.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull().unique(),
    channel: text('channel').notNull(),
    purpose: text('purpose').notNull(),
    /** The phone (sms) or the customer id (push: the subscription is read when sending). */
    recipient: text('recipient').notNull(),
    customerId: integer('customer_id'),
    orderId: integer('order_id'),
    pobId: integer('pob_id'),
    body: text('body').notNull(),
    /**
     * pending, sending, sent, delivered, failed, expired, replaced (a push sent by SMS instead),
     * unknown (a send cut off by a crash that the provider could not confirm: not sent again).
     */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    /** After this the message is pointless and is not sent (expired). */
    deadline: ts('deadline'),
    claimToken: text('claim_token'),
    claimedUntil: ts('claimed_until'),
    /**
     * Set just before a request to a provider that takes no idempotency key (46elks, Twilio),
     * cleared with its outcome: a row claimed again with it set may have been accepted already
     * (a crash in between), and is looked up at the provider before any resend (outbox.ts).
     */
    sendStartedAt: ts('send_started_at'),
    provider: text('provider'),
    providerId: text('provider_id'),
    lastError: text('last_error'),
    attemptLog: jsonb('attempt_log').$type<OutboxAttempt[]>().notNull().default([]),
    createdAt: ts('created_at').notNull().defaultNow(),
    sentAt: ts('sent_at'),
    deliveredAt: ts('delivered_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status in ('pending', 'sending')`),
    index('outbox_provider_idx').on(t.provider, t.providerId),
    index('outbox_order_idx').on(t.orderId),
    // The operator board's failed-alert count per shop over the last hour (operator-board.ts).
    index('outbox_failed_alerts_idx')
      .on(t.updatedAt, t.pobId)
      .where(
        sql`status in ('failed', 'expired', 'unknown') and purpose in ('turnNear', 'leaveNow')`,
      ),
  ],
);

/** Inbound SMS, once per provider message id: the same webhook twice acts once. */
export const smsInbound = pgTable(
  'sms_inbound',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    providerId: text('provider_id').notNull(),
    fromPhone: text('from_phone').notNull(),
    text: text('text').notNull(),
    /** What the reply did: the word understood and its outcome (ok or the refusal's code). */
    outcome: text('outcome'),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sms_inbound_provider_id_idx').on(t.provider, t.providerId),
    index('sms_inbound_from_idx').on(t.fromPhone, t.receivedAt),
  ],
);

/** A shop's word to everyone waiting, with its translations (language code to text). */
export const shopNotices = pgTable(
  'shop_notices',
  {
    id: serial('id').primaryKey(),
    pobId: integer('pob_id')
      .notNull()
      .references(() => pobs.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id'),
    text: text('text').notNull(),
    translations: jsonb('translations').$type<Record<string, string>>().notNull().default({}),
    recipients: integer('recipients').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('shop_notices_pob_idx').on(t.pobId, t.createdAt)],
);

/** One shift of a barber's weekly template: ISO weekday (1 Monday ... 7 Sunday), HH:MM local. */
export interface WeeklyShiftRow {
  weekday: number;
  from: string;
  to: string;
}

/**
 * A shop's named barbers (issue 30). On duty while `chair` is set (signed in there since
 * `onDutySince`); the shop's `chairs` is kept equal to how many are on duty. A removed barber
 * keeps their row for the history of who served.
 */
export const barbers = pgTable(
  'barbers',
  {
    id: serial('id').primaryKey(),
    pobId: integer('pob_id')
      .notNull()
      .references(() => pobs.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    photo: text('photo'),
    languages: jsonb('languages').$type<string[]>().notNull().default([]),
    specialities: text('specialities').notNull().default(''),
    translations: jsonb('translations')
      .$type<ContentTranslations<'specialities'>>()
      .notNull()
      .default({}),
    staffId: integer('staff_id'),
    /** The weekly template of shifts; a day's own rota (barber_days) replaces it that day. */
    week: jsonb('week').$type<WeeklyShiftRow[]>().notNull().default([]),
    chair: integer('chair'),
    onDutySince: ts('on_duty_since'),
    /**
     * When the barber last signed off duty: a planned shift they left counts as ended, one that
     * began after it without them as due (not signed in yet).
     */
    offDutySince: ts('off_duty_since'),
    removedAt: ts('removed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('barbers_pob_idx').on(t.pobId),
    uniqueIndex('barbers_one_per_chair')
      .on(t.pobId, t.chair)
      .where(sql`chair is not null`),
  ],
);

/** A barber's own shifts of one local day (YYYY-MM-DD), replacing the weekly template; [] a day off. */
export const barberDays = pgTable(
  'barber_days',
  {
    barberId: integer('barber_id')
      .notNull()
      .references(() => barbers.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    shifts: jsonb('shifts').$type<{ from: string; to: string }[]>().notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.barberId, t.day] })],
);
