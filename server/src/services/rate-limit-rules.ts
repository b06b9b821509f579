// The rate limits' figures and their refusal (429), shared by the per-IP limits
// (plugins/rate-limits.ts) and the per-account ones (account-guard.ts).
import { HttpError } from '../lib/http-error';
import type { Limit } from './rate-counters';

export interface RateLimitSettings {
  /** Per IP and route, every attempt. */
  login: Limit;
  register: Limit;
  recovery: Limit;
  orders: Limit;
  /** Stream tickets per IP (each opens a minute of streams; a shop's devices share an address). */
  streamTickets: Limit;
  /** Walk-ins one door kiosk adds an hour. */
  kioskJoinsPerDevice: Limit;
  /** Walk-ins all kiosks of one shop add an hour. */
  kioskJoinsPerShop: Limit;
  /** Messages a shop's managers send a day, together. */
  messagesPerShop: Limit;
  /** Wrong device codes per address (checked before the code: services/devices.ts). */
  deviceCodeFailuresPerAddress: Limit;
  /** Wrong current passwords (password change with an access token) per account and address. */
  currentPasswordFailuresPerAddress: Limit;
  /** Wrong current passwords per account from every address together. */
  currentPasswordFailuresPerAccount: Limit;
  /** Wrong passwords per account (customer phone or staff username) and address. */
  loginFailuresPerAddress: Limit;
  /** Wrong passwords per account from every address it has never logged in from, together. */
  loginFailuresPerAccount: Limit;
  /** Wrong passwords per account from one address it has logged in from. */
  loginFailuresPerKnownAddress: Limit;
  /** Recovery codes asked for per phone and address. */
  codeRequestsPerAddress: Limit;
  /** Recovery codes asked for per phone from addresses it has never logged in from, together. */
  codeRequestsPerAccount: Limit;
  /** Wrong recovery codes per phone and address (a day: an address that asked for a code gets only these). */
  codeFailuresPerAddress: Limit;
  /** Wrong recovery codes per phone from addresses that neither know the account nor asked for its code. */
  codeFailuresPerAccount: Limit;
  /** Codes that prove a phone (registration, kiosk walk-ins) sent to one number. */
  phoneCodesPerNumber: Limit;
  /** Codes that prove a phone asked for from one address. */
  phoneCodesPerAddress: Limit;
  /** The cost ceiling: code SMS the market sends to unproven numbers an hour (503 once spent; env SMS_CODES_PER_HOUR). */
  codeSmsPerMarket: Limit;
  /** Wrong phone codes per number and address. */
  phoneCodeFailuresPerAddress: Limit;
  /** Wrong phone codes per number from every address together. */
  phoneCodeFailuresPerNumber: Limit;
  /** SMS replies acted on per phone (more are recorded and not answered). */
  smsReplies: Limit;
  /** Staff notices to everyone waiting, per shop and day. */
  shopNotices: Limit;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const DEFAULT_LIMITS: RateLimitSettings = {
  login: { max: 10, windowMs: MINUTE },
  register: { max: 5, windowMs: MINUTE },
  recovery: { max: 5, windowMs: MINUTE },
  orders: { max: 20, windowMs: MINUTE },
  streamTickets: { max: 60, windowMs: MINUTE },
  deviceCodeFailuresPerAddress: { max: 10, windowMs: 15 * MINUTE },
  kioskJoinsPerDevice: { max: 30, windowMs: HOUR },
  kioskJoinsPerShop: { max: 60, windowMs: HOUR },
  messagesPerShop: { max: 50, windowMs: DAY },
  currentPasswordFailuresPerAddress: { max: 5, windowMs: 15 * MINUTE },
  currentPasswordFailuresPerAccount: { max: 10, windowMs: DAY },
  loginFailuresPerAddress: { max: 5, windowMs: 15 * MINUTE },
  loginFailuresPerAccount: { max: 10, windowMs: DAY },
  loginFailuresPerKnownAddress: { max: 20, windowMs: DAY },
  codeRequestsPerAddress: { max: 3, windowMs: HOUR },
  codeRequestsPerAccount: { max: 3, windowMs: DAY },
  codeFailuresPerAddress: { max: 5, windowMs: DAY },
  codeFailuresPerAccount: { max: 10, windowMs: DAY },
  phoneCodesPerNumber: { max: 3, windowMs: HOUR },
  phoneCodesPerAddress: { max: 10, windowMs: HOUR },
  codeSmsPerMarket: { max: 200, windowMs: HOUR },
  phoneCodeFailuresPerAddress: { max: 5, windowMs: DAY },
  phoneCodeFailuresPerNumber: { max: 10, windowMs: DAY },
  smsReplies: { max: 10, windowMs: 10 * MINUTE },
  shopNotices: { max: 3, windowMs: DAY },
};

/** For end-to-end suites on one machine (RELAXED_RATE_LIMITS=true, never in production). */
export const RELAXED_LIMITS: RateLimitSettings = Object.fromEntries(
  Object.entries(DEFAULT_LIMITS).map(([k, v]) => [k, { ...v, max: v.max * 100 }]),
) as unknown as RateLimitSettings;

export function tooMany(retryAfterS: number): HttpError {
  return new HttpError(429, 'rate_limited', `Too many attempts. Try again in ${retryAfterS} s.`);
}
