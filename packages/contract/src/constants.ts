// Business constants and limits of the spec (section 9), in one place for server and apps.

export const PASSWORD_MIN_LENGTH = 8;
export const PHONE_MIN_LENGTH = 6;
export const SEARCH_DEBOUNCE_MS = 500;
export const VALIDATION_DEBOUNCE_MS = 100;

export const SHOP_LIST_REFRESH_MS = 30_000;
export const SHOP_LIST_CACHE_MS = 5_000;
export const SHOP_REFRESH_MS = 30_000;
export const ORDER_REFRESH_MS = 30_000;

export const RECOVERY_TOKEN_VALIDITY_MS = 60 * 60 * 1000;
/** Eight digits: with the per-phone caps, under 1 in 10,000 a month to guess (docs/security.md). */
export const RECOVERY_CODE_LENGTH = 8;
/** A code that proves a phone (registration, a kiosk walk-in's number): six digits, 15 minutes. */
export const PHONE_CODE_LENGTH = 6;
export const PHONE_CODE_VALIDITY_MS = 15 * 60 * 1000;

export const ACCESS_TOKEN_TTL_S = 15 * 60;
export const REFRESH_TOKEN_TTL_S = 30 * 24 * 60 * 60;

export const SERVICE_AMOUNT = 1;
export const NOTIFICATION_DEFAULT_MS = 10_000;
export const NOTICE_MS = 5_000;
export const GEOLOCATION_TIMEOUT_MS = 10_000;
export const SURVEY_NOTICE_MS = 10_000;
export const POST_ORDER_DELAY_MS = 750;
export const TRACKING_REDIRECT_MS = 500;
export const CHECK_IN_ANIMATION_FALLBACK_MS = 500;
export const SHORT_SCREEN_HEIGHT = 660;
export const SHOP_NOTICE_DELAY_MS = 1_000;
export const SHOP_NOTICE_DURATION_MS = 5_000;

/** Wait changes of more than this many minutes count as a change (tracking messages). */
export const WAIT_CHANGE_MINUTES = 10;
/** Timer colour class thresholds in minutes. */
export const TIMER_THRESHOLDS = [0, 5, 15, 30, 60] as const;
/** "Your turn is near" notification threshold in minutes. */
export const TURN_NEAR_MINUTES = 10;

export const EARTH_RADIUS_KM = 6371;
export const KM_TO_MILES = 0.6214;

export const MAP_ZOOM_LIST = 12;
export const MAP_ZOOM_SHOP = 15;
export const FALLBACK_IMAGE_COUNT = 12;
export const FIXED_HEADER_HEIGHT = 75;

export const TUTORIAL_SLIDES = 3;
export const BENEFIT_SLIDES_PER_VIEW = 2.1;
export const BENEFIT_SLIDE_SPACING = 20;

/** Unread messages: from the last month and not marked read. */
export const UNREAD_MESSAGE_WINDOW_DAYS = 31;

/** Membership levels and their queue priority; a one-time customer has priority 0. */
export const MEMBERSHIP_PRIORITY = { none: 0, silver: 1, gold: 2, platinum: 3 } as const;
export type MembershipType = Exclude<keyof typeof MEMBERSHIP_PRIORITY, 'none'>;
export const PRIORITY_LEVELS = [3, 2, 1, 0] as const;

/** Bonus programme: countries with the bonus screen, and with the teaser (section 2). */
export const BONUS_COUNTRIES: readonly string[] = [];
export const BONUS_TEASER_COUNTRIES: readonly string[] = ['FI'];

/**
 * Longest text a person may give, per field (characters). Every screen must hold its layout with
 * the longest: a first name is shown on the board, the shop screen and the kiosk.
 */
export const TEXT_MAX = {
  firstName: 40,
  lastName: 60,
  /** A walk-in's or kiosk customer's name (the screen shows the first word). */
  walkInName: 40,
  staffName: 60,
  shopName: 80,
  serviceTitle: 80,
} as const;
