// Validation rules of section 5, defined once: the server enforces them, the apps show them.
// Each issue's message is an i18n key; `ruleMessage` gives the English text the API answers with.
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, PHONE_CODE_LENGTH, PHONE_MIN_LENGTH, TEXT_MAX } from './constants';
import { inputText } from './input';

/** At least 8 characters with an uppercase letter, a lowercase letter and a digit. */
export function isSecurePassword(value: string): boolean {
  return (
    value.length >= PASSWORD_MIN_LENGTH &&
    /\p{Lu}/u.test(value) &&
    /\p{Ll}/u.test(value) &&
    /\d/.test(value)
  );
}

/**
 * Registration's simple pattern: text, at sign, text, dot, at least 2 word characters. The part
 * before the first at sign has none, so the pattern is linear (`^\S+@\S+` was quadratic: 60,000
 * at signs took 13 s).
 */
export const SIMPLE_EMAIL = /^[^\s@]+@\S+\.\w{2,}$/;
/** Email settings' standard pattern: local part, @, dotted labels with a 2+ letter top level, or [IPv4]. */
export const STANDARD_EMAIL =
  /^(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|(".+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}])|(([a-zA-Z\-0-9]+\.)+[a-zA-Z]{2,}))$/;

/** Phone in E.164 as the API stores it: + and 6 to 15 digits. */
export const E164 = /^\+[1-9]\d{5,14}$/;

/**
 * Length of the national significant number (digits after the dial code, without the trunk 0)
 * per dial code of the country list: Norway and Denmark have 8-digit numbers, Estonia 7 or 8,
 * Sweden 7 to 9, Finland 6 to 10 (mobile 9 or 10), Germany 6 to 11, the US 10.
 */
export const PHONE_LENGTHS: Readonly<Record<string, { min: number; max: number }>> = {
  '+358': { min: 6, max: 10 },
  '+372': { min: 7, max: 8 },
  '+47': { min: 8, max: 8 },
  '+45': { min: 8, max: 8 },
  '+46': { min: 7, max: 9 },
  '+49': { min: 6, max: 11 },
  '+1': { min: 10, max: 10 },
};

/**
 * A phone number in E.164 whose length fits its country's numbers (by the longest dial code it
 * starts with); a number of a country outside the list needs only to be E.164.
 */
export function isValidPhone(e164: string): boolean {
  if (!E164.test(e164)) return false;
  const dialCode = Object.keys(PHONE_LENGTHS)
    .filter((code) => e164.startsWith(code))
    .sort((a, b) => b.length - a.length)[0];
  if (dialCode === undefined) return true;
  const rule = PHONE_LENGTHS[dialCode];
  const digits = e164.length - dialCode.length;
  return rule === undefined || (digits >= rule.min && digits <= rule.max);
}

/** Turns what a person typed ("040 123 4567", "+358 40-123") into E.164 with a dial code. */
export function normalisePhone(input: string, dialCode = '+358'): string {
  const trimmed = input.replace(/[\s\-().]/g, '');
  if (trimmed.startsWith('+')) return trimmed;
  if (trimmed.startsWith('00')) return `+${trimmed.slice(2)}`;
  return `${dialCode}${trimmed.replace(/^0/, '')}`;
}

export const MESSAGES_EN: Record<string, string> = {
  'register.phoneError': 'Check the phone number',
  'register.passwordError':
    'Check the password: at least 8 characters with an uppercase letter, a lowercase letter and a digit',
  'register.firstnameError': 'Check the first name',
  'register.lastnameError': 'Check the last name',
  'register.emailError': 'Check the email address',
  'register.termsError': 'The terms of use must be accepted',
  'register.codeError': 'Enter the 6-digit code from the text message',
  'register.codeInvalid': 'The code is wrong or has expired',
  'login.phoneError': 'Enter your phone number',
  'login.passwordError': 'Enter your password',
  'recovery.phoneError': 'Missing phone parameter',
  'recovery.tokenError': 'Missing token parameter',
  'recovery.passwordError': 'Missing password parameter',
  'recovery.passwordWeak': 'Password too weak',
  'recovery.passwordMatch': 'Check the passwords',
  'recovery.invalidPhone': 'Invalid phone number',
  'updatePassword.oldPasswordError': 'Enter your current password',
  'updatePassword.newPasswordError': 'The new password must be at least 8 characters',
  'updatePassword.matchError': 'The passwords do not match',
  'email.error': 'Check the email address',
  'bonus.emailError': 'Check the email address',
};

export function ruleMessage(key: string): string {
  return MESSAGES_EN[key] ?? key;
}

const phone = (key: string) => inputText(key).trim().min(PHONE_MIN_LENGTH, key);

export const registrationSchema = z
  .object({
    phone: phone('register.phoneError').refine(isValidPhone, 'register.phoneError'),
    firstname: inputText('register.firstnameError')
      .trim()
      .min(1, 'register.firstnameError')
      .max(TEXT_MAX.firstName, 'register.firstnameError'),
    lastname: inputText('register.lastnameError')
      .trim()
      .min(1, 'register.lastnameError')
      .max(TEXT_MAX.lastName, 'register.lastnameError'),
    email: inputText('register.emailError')
      .trim()
      .max(254, { message: 'register.emailError', abort: true })
      .regex(SIMPLE_EMAIL, 'register.emailError'),
    password: inputText('register.passwordError')
      .max(200, 'register.passwordError')
      .refine(isSecurePassword, 'register.passwordError'),
    terms_accepted: z.literal(true, 'register.termsError'),
    allow_email: z.boolean().default(false),
    allow_sms: z.boolean().default(true),
    /** The code sent by SMS to the phone (POST /auth/register-code/): proves the number. */
    code: inputText('register.codeError')
      .trim()
      .max(PHONE_CODE_LENGTH, { message: 'register.codeError', abort: true })
      .regex(/^\d+$/, 'register.codeError')
      .length(PHONE_CODE_LENGTH, 'register.codeError'),
  })
  .strict();

/** Registration step one: a code by SMS to the phone to register (answered alike for every number). */
export const registerCodeSchema = z
  .object({
    phone: phone('register.phoneError').refine(isValidPhone, 'register.phoneError'),
  })
  .strict();
export type RegisterCodePayload = z.infer<typeof registerCodeSchema>;
export type RegistrationPayload = z.input<typeof registrationSchema>;

export const loginSchema = z
  .object({
    phone: inputText('login.phoneError')
      .trim()
      .min(1, 'login.phoneError')
      .max(32, 'login.phoneError'),
    password: inputText('login.passwordError')
      .min(1, 'login.passwordError')
      .max(200, 'login.passwordError'),
    rememberLogin: z.boolean().optional(),
  })
  .strict();
export type LoginPayload = z.infer<typeof loginSchema>;

/** Recovery step one. The recovery errors of section 8 are the messages. */
export const resetTokenSchema = z
  .object({
    phone: inputText('recovery.phoneError')
      .trim()
      .min(1, 'recovery.phoneError')
      .max(32, 'recovery.invalidPhone')
      .regex(E164, 'recovery.invalidPhone'),
  })
  .strict();
export type ResetTokenPayload = z.infer<typeof resetTokenSchema>;

/** Recovery step two: code from the SMS, phone, new password and the password again. */
export const resetSchema = z
  .object({
    phone: inputText('recovery.phoneError')
      .trim()
      .min(1, 'recovery.phoneError')
      .max(32, 'recovery.invalidPhone')
      .regex(E164, 'recovery.invalidPhone'),
    token: inputText('recovery.tokenError')
      .trim()
      .min(1, 'recovery.tokenError')
      .max(32, 'recovery.tokenError'),
    password: inputText('recovery.passwordError')
      .min(1, 'recovery.passwordError')
      .max(200, 'recovery.passwordWeak')
      .refine(isSecurePassword, 'recovery.passwordWeak'),
    password_again: inputText('recovery.passwordMatch').max(200).optional(),
  })
  .strict()
  .refine((v) => v.password_again === undefined || v.password_again === v.password, {
    message: 'recovery.passwordMatch',
    path: ['password_again'],
  });
export type ResetPayload = z.infer<typeof resetSchema>;

/** POST /password/. The form's confirmation field is checked in the app (passwordFormSchema). */
export const passwordChangeSchema = z
  .object({
    old_password: inputText('updatePassword.oldPasswordError')
      .min(1, 'updatePassword.oldPasswordError')
      .max(200),
    new_password: inputText('updatePassword.newPasswordError')
      .min(PASSWORD_MIN_LENGTH, 'updatePassword.newPasswordError')
      .max(200, 'updatePassword.newPasswordError'),
  })
  .strict();
export type PasswordChangePayload = z.infer<typeof passwordChangeSchema>;

export const passwordFormSchema = z
  .object({
    current: z.string().min(1, 'updatePassword.oldPasswordError'),
    password: z.string().min(PASSWORD_MIN_LENGTH, 'updatePassword.newPasswordError'),
    confirm: z.string(),
  })
  .refine((v) => v.confirm === v.password, {
    message: 'updatePassword.matchError',
    path: ['confirm'],
  });
export type PasswordForm = z.infer<typeof passwordFormSchema>;

export const emailSchema = inputText('email.error')
  .trim()
  .max(254, { message: 'email.error', abort: true })
  .regex(STANDARD_EMAIL, 'email.error');

/** Turns zod issues into the API's `fields` map: field name to English message. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    if (!(key in fields)) fields[key] = ruleMessage(issue.message);
  }
  return fields;
}
