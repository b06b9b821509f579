// Hand-written checks of the API answers that /home needs (shop list, profile and refresh answers;
// @jono/api-client checks error answers), and the checks they are built from: zod would add about
// 26 kB gzip to the first screen and to a shop page opened from a link. The shop page's answers
// are checked in shop-answer-guards.ts, which loads with that page. answer-guards.test.ts feeds
// the same answers to these checks and to the contract's schemas and expects the same verdicts.
import type { AnswerSchema } from '@jono/api-client';
import type { LoginAnswer, PobSummary, Profile } from '@jono/contract';

export type Check = (value: unknown) => boolean;

export function answerSchema<T>(check: Check): AnswerSchema<T> {
  return {
    safeParse: (input) => (check(input) ? { success: true, data: input as T } : { success: false }),
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
export const str: Check = (v) => typeof v === 'string';
export const num: Check = (v) => typeof v === 'number' && Number.isFinite(v);
export const int: Check = (v) => Number.isSafeInteger(v);
export const nonNegativeInt: Check = (v) => int(v) && (v as number) >= 0;
export const bool: Check = (v) => typeof v === 'boolean';
export const nullable =
  (check: Check): Check =>
  (v) =>
    v === null || check(v);
export const oneOf =
  (...values: readonly unknown[]): Check =>
  (v) =>
    values.includes(v);
export const arrayOf =
  (check: Check): Check =>
  (v) =>
    Array.isArray(v) && v.every(check);
/** Like z.object: every listed field passes its check; other fields are ignored. */
export const object =
  (shape: Record<string, Check>): Check =>
  (v) =>
    isRecord(v) && Object.entries(shape).every(([key, check]) => check(v[key]));

const openTime = object({
  weekday: (v) => int(v) && (v as number) >= 1 && (v as number) <= 7,
  open: str,
  close: str,
});

/** An 80 % interval of a wait: whole minutes, low <= high. */
const waitRange: Check = (v) =>
  object({ low: nonNegativeInt, high: nonNegativeInt })(v) &&
  (v as { low: number }).low <= (v as { high: number }).high;

/** Waits per priority, each a median and its 80 % range (serviceTimeEstimateSchema). */
export const waitEstimates = arrayOf(
  object({ priority: nonNegativeInt, wait_time: nonNegativeInt, wait_range: waitRange }),
);

/** What the shop list, the shop page and the shop's live events share. */
export const queueFields = {
  id: int,
  open: bool,
  closing_soon: bool,
  service_time_estimates: waitEstimates,
  queue_state: oneOf('open', 'closed', 'full'),
  queue_info: object({ queue_employees: nonNegativeInt }),
};

export const summaryFields = {
  ...queueFields,
  name: str,
  city: str,
  address: str,
  open_times: arrayOf(openTime),
  location: object({ latitude: str, longitude: str }),
  image: (v: unknown) => typeof v === 'string' || v === false,
  notice: nullable(str),
};

const pobSummary = object(summaryFields);

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

/** POST /refresh/ (the contract's refreshAnswerSchema). */
export const refreshAnswer = answerSchema<LoginAnswer>(
  object({ customer_id: int, access_token: str, refresh_token: str }),
);
