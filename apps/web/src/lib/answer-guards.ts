// Hand-written checks of the API answers that /home needs (shop list, profile, error and refresh
// answers): zod would add about 26 kB gzip to the first screen. answer-guards.test.ts feeds the
// same answers to these checks and to the contract's schemas and expects the same verdicts.
import type { ApiError, LoginAnswer, Profile, PobSummary } from '@jono/contract';

/** What the API client needs of a schema: a zod schema or one of the checks below fits. */
export interface AnswerSchema<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false };
}

type Check = (value: unknown) => boolean;

function answerSchema<T>(check: Check): AnswerSchema<T> {
  return {
    safeParse: (input) => (check(input) ? { success: true, data: input as T } : { success: false }),
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const str: Check = (v) => typeof v === 'string';
const num: Check = (v) => typeof v === 'number' && Number.isFinite(v);
const int: Check = (v) => Number.isSafeInteger(v);
const nonNegativeInt: Check = (v) => int(v) && (v as number) >= 0;
const bool: Check = (v) => typeof v === 'boolean';
const nullable =
  (check: Check): Check =>
  (v) =>
    v === null || check(v);
const oneOf =
  (...values: readonly unknown[]): Check =>
  (v) =>
    values.includes(v);
const arrayOf =
  (check: Check): Check =>
  (v) =>
    Array.isArray(v) && v.every(check);
/** Like z.object: every listed field passes its check; other fields are ignored. */
const object =
  (shape: Record<string, Check>): Check =>
  (v) =>
    isRecord(v) && Object.entries(shape).every(([key, check]) => check(v[key]));

const openTime = object({
  weekday: (v) => int(v) && (v as number) >= 1 && (v as number) <= 7,
  open: str,
  close: str,
});

const pobSummary = object({
  id: int,
  name: str,
  city: str,
  address: str,
  open: bool,
  open_times: arrayOf(openTime),
  closing_soon: bool,
  location: object({ latitude: str, longitude: str }),
  service_time_estimates: arrayOf(object({ priority: nonNegativeInt, wait_time: nonNegativeInt })),
  queue_state: oneOf('open', 'closed', 'full'),
  queue_info: object({ queue_employees: nonNegativeInt }),
  image: (v) => typeof v === 'string' || v === false,
  notice: nullable(str),
});

const membership = object({
  type: oneOf('silver', 'gold', 'platinum'),
  priority: int,
  begin_date: str,
  end_date: str,
  credits: int,
  wp_prem_credits: int,
  wp_prod_credits: int,
});

const bonus = object({
  amount: num,
  expirationDate: nullable(str),
  benefits: arrayOf(
    object({
      id: int,
      title: nullable(str),
      value: nullable(str),
      isRedeemable: bool,
      redeemCode: nullable(str),
      dateIssued: str,
      dateRedeemed: nullable(str),
    }),
  ),
});

const profile = object({
  id: int,
  phone: str,
  email: nullable(str),
  firstname: str,
  lastname: str,
  allow_email: bool,
  allow_sms: bool,
  app_language: oneOf('fi_FI', 'et_EE', 'en_GB', 'nb_NO', 'sv_SE', 'da_DK', 'de_DE'),
  city: nullable(str),
  date_of_birth: nullable(str),
  post_code: nullable(str),
  sex: nullable(str),
  street_address: nullable(str),
  tutorial_seen: bool,
  active_order_id: nullable(int),
  fcm_token: nullable(str),
  membership: nullable(membership),
  bonus: nullable(bonus),
});

/** GET /pobs/ (the contract's pobListSchema). */
export const shopListAnswer = answerSchema<PobSummary[]>(arrayOf(pobSummary));

/** GET /customers/{id}/ (the contract's profileSchema). */
export const profileAnswer = answerSchema<Profile>(profile);

/** Every error answer (the contract's errorSchema). */
export const errorAnswer = answerSchema<ApiError>(
  object({
    error: str,
    message: str,
    fields: (v) => v === undefined || (isRecord(v) && Object.values(v).every(str)),
  }),
);

/** POST /refresh/ (the contract's refreshAnswerSchema). */
export const refreshAnswer = answerSchema<LoginAnswer>(
  object({ customer_id: int, access_token: str, refresh_token: str }),
);
