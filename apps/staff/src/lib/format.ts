// Formatting of money, minutes and times for the console's language and the shop's market.
import { MARKET_INFO, type Market } from '@jono/contract';

export function formatMoney(cents: number, market: Market, locale: string): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: MARKET_INFO[market].currency,
  }).format(cents / 100);
}

/** Whole minutes between an ISO time and now (never negative). */
export function minutesSince(iso: string, now: number): number {
  return Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000));
}

/** HH:MM of an instant in the shop's time zone (never the tablet's). */
export function formatClock(iso: string, locale: string, timeZone: string): string {
  return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone }).format(
    new Date(iso),
  );
}

/** The local calendar date (YYYY-MM-DD) of an instant in a time zone. */
export function localDate(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
  return parts;
}

/** The n dates before and including `date` (YYYY-MM-DD), oldest first. */
export function previousDates(date: string, n: number): string[] {
  const base = Date.parse(`${date}T12:00:00Z`);
  return Array.from({ length: n }, (_, i) =>
    new Date(base - (n - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}

/** Minutes since local midnight of an instant in a time zone (the shop's clock). */
export function localMinutes(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return part('hour') * 60 + part('minute');
}

/** The ISO weekday (1 Monday ... 7 Sunday) of a calendar date YYYY-MM-DD. */
export function isoWeekday(date: string): number {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}
