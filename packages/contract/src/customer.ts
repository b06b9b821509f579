// The customer profile and what a customer may change in it (section 3).
import { z } from 'zod';
import type { LANGUAGES } from './markets';
import { TEXT_MAX } from './constants';
import { inputText } from './input';
import { emailSchema } from './rules';

export const membershipSchema = z.object({
  type: z.enum(['silver', 'gold', 'platinum']),
  priority: z.number().int(),
  begin_date: z.string(),
  end_date: z.string(),
  /** Service credits. */
  credits: z.number().int(),
  /** "M Extra" credits. */
  wp_prem_credits: z.number().int(),
  /** Product credits. */
  wp_prod_credits: z.number().int(),
});
export type Membership = z.infer<typeof membershipSchema>;

export const benefitSchema = z.object({
  id: z.number().int(),
  title: z.string().nullable(),
  /** "15 %" or "10 €": percent or money amount, as printed on the card. */
  value: z.string().nullable(),
  isRedeemable: z.boolean(),
  redeemCode: z.string().nullable(),
  dateIssued: z.string(),
  dateRedeemed: z.string().nullable(),
});
export type Benefit = z.infer<typeof benefitSchema>;

export const bonusSchema = z.object({
  amount: z.number(),
  expirationDate: z.string().nullable(),
  benefits: z.array(benefitSchema),
});
export type Bonus = z.infer<typeof bonusSchema>;

export const appLanguageSchema = z.enum([
  'fi_FI',
  'et_EE',
  'en_GB',
  'nb_NO',
  'sv_SE',
  'da_DK',
  'de_DE',
]);
export const APP_LANGUAGE_OF = {
  fi: 'fi_FI',
  ee: 'et_EE',
  en: 'en_GB',
  no: 'nb_NO',
  sv: 'sv_SE',
  dk: 'da_DK',
  de: 'de_DE',
} as const satisfies Record<(typeof LANGUAGES)[number], z.infer<typeof appLanguageSchema>>;

export const profileSchema = z.object({
  id: z.number().int(),
  phone: z.string(),
  email: z.string().nullable(),
  firstname: z.string(),
  lastname: z.string(),
  allow_email: z.boolean(),
  allow_sms: z.boolean(),
  app_language: appLanguageSchema,
  city: z.string().nullable(),
  date_of_birth: z.string().nullable(),
  post_code: z.string().nullable(),
  sex: z.string().nullable(),
  street_address: z.string().nullable(),
  tutorial_seen: z.boolean(),
  active_order_id: z.number().int().nullable(),
  /** The Web Push subscription (JSON) when push is enabled, else null. */
  fcm_token: z.string().nullable(),
  membership: membershipSchema.nullable(),
  bonus: bonusSchema.nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

/**
 * The push services browsers subscribe with (Chrome and Android, Firefox, Safari, Edge), as their
 * documentation names them. The server posts to a subscription's endpoint, so only these hosts
 * are accepted, matched exactly: never an address literal, a private, loopback or link-local
 * address, or any other host (a blind SSRF otherwise). The server then connects to the URL parsed
 * here and to no other reading of the text (services/push-transport.ts).
 */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
] as const;
/**
 * Services with one host per region or node: exactly one DNS label (letters, digits, hyphens)
 * before these. `169.254.169.254;.push.apple.com` passed a suffix check while another URL parser
 * connected to 169.254.169.254.
 */
export const PUSH_SERVICE_HOST_SUFFIXES = ['.push.apple.com', '.notify.windows.com'] as const;
export const PUSH_ENDPOINT_MESSAGE =
  'The push endpoint must be an https address of a browser push service (Google, Mozilla, Apple or Microsoft)';

const DNS_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** True when `host` (lower case, as the WHATWG parser gives it) is a documented push host. */
export function isPushServiceHost(host: string): boolean {
  if ((PUSH_SERVICE_HOSTS as readonly string[]).includes(host)) return true;
  return PUSH_SERVICE_HOST_SUFFIXES.some(
    (suffix) => host.endsWith(suffix) && DNS_LABEL.test(host.slice(0, -suffix.length)),
  );
}

/**
 * The endpoint parsed once with the WHATWG parser, when it is an https URL on the default port of
 * a known push service, without user or password; null otherwise. The request is made to this
 * parsed URL, never to the text again.
 */
export function parsePushEndpoint(value: string): URL | null {
  if (value.length > 2000) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.port !== '' || url.username || url.password) return null;
  return isPushServiceHost(url.hostname) ? url : null;
}

/** An https URL on the default port of a known push service, without user or password. */
export function isPushServiceEndpoint(value: string): boolean {
  return parsePushEndpoint(value) !== null;
}

/** A Web Push subscription as the browser's PushSubscription.toJSON() gives it. */
export const pushSubscriptionSchema = z
  .object({
    endpoint: inputText().max(2000).refine(isPushServiceEndpoint, PUSH_ENDPOINT_MESSAGE),
    expirationTime: z.number().nullable().optional(),
    keys: z.object({ p256dh: inputText().max(200), auth: inputText().max(100) }).strict(),
  })
  .strict();

/** PATCH /customers/{id}/: the fields a customer may change. Email save is {email} or {email, allow_email}. */
export const profilePatchSchema = z
  .object({
    email: emailSchema.optional(),
    allow_email: z.boolean().optional(),
    allow_sms: z.boolean().optional(),
    fcm_token: inputText()
      .max(4000)
      .nullable()
      .superRefine((v, ctx) => {
        if (v === null) return;
        const parsed = parsePushSubscription(v);
        if (parsed.success) return;
        const endpointRefused = parsed.error.issues.some(
          (i) => i.path[0] === 'endpoint' && i.message === PUSH_ENDPOINT_MESSAGE,
        );
        ctx.addIssue({
          code: 'custom',
          message: endpointRefused
            ? PUSH_ENDPOINT_MESSAGE
            : 'fcm_token must be a Web Push subscription (JSON) or null',
        });
      })
      .optional(),
    app_language: appLanguageSchema.optional(),
    tutorial_seen: z.boolean().optional(),
    firstname: inputText().trim().min(1).max(TEXT_MAX.firstName).optional(),
    lastname: inputText().trim().min(1).max(TEXT_MAX.lastName).optional(),
    city: inputText().max(100).nullable().optional(),
    post_code: inputText().max(20).nullable().optional(),
    street_address: inputText().max(200).nullable().optional(),
  })
  .strict();
export type ProfilePatch = z.infer<typeof profilePatchSchema>;

/** A stored or sent `fcm_token`: the subscription it holds, checked. */
export function parsePushSubscription(json: string) {
  return pushSubscriptionSchema.safeParse(safeJson(json));
}

function safeJson(v: string): unknown {
  try {
    return JSON.parse(v);
  } catch {
    return undefined;
  }
}
