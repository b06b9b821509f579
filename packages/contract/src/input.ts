// The building blocks of every input schema, so that no request can carry what the database
// refuses: text without control characters (PostgreSQL rejects NUL), integers in PostgreSQL's
// 32-bit `integer` range. Every body, path parameter and query string is built from these.
import { z } from 'zod';

export const INT32_MIN = -(2 ** 31);
export const INT32_MAX = 2 ** 31 - 1;

/**
 * Text without control characters: C0 (tab, line feed and carriage return allowed), DEL, C1, and
 * the bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069), which make
 * a name typed at the kiosk read backwards on the staff board and the shop's display.
 */
export const NO_CONTROL_CHARACTERS =
  // eslint-disable-next-line no-control-regex
  /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]*$/;
export const CONTROL_CHARACTERS_MESSAGE = 'Control characters are not allowed';

/** A string input; `message` (an i18n key or English text) is the answer for every refusal. */
export function inputText(message?: string) {
  return z.string(message).regex(NO_CONTROL_CHARACTERS, message ?? CONTROL_CHARACTERS_MESSAGE);
}

/** An integer input that fits PostgreSQL's `integer`. */
export function int32() {
  return z.number().int().min(INT32_MIN).max(INT32_MAX);
}

/** A row id in a body. */
export const inputId = z.number().int().positive().max(INT32_MAX);

/** A row id in a path or query string (text there, so coerced). */
export const pathId = z.coerce.number().int().positive().max(INT32_MAX);

/** True when `value` is YYYY-MM-DD naming a day of the Gregorian calendar (2026-02-30 is not). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one.
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth;
}

/** A date input: YYYY-MM-DD and a real calendar day (9999-99-99 and 2026-02-30 are refused). */
export function calendarDate(message = 'Use YYYY-MM-DD, a real date') {
  return inputText(message).max(10, { message, abort: true }).refine(isCalendarDate, message);
}
