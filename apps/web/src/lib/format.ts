// Locale-aware formats: prices in the locale's currency, dates dd.mm.yyyy (US mm.dd.yyyy) and
// times (section 9); distances are formatted in distance.ts, which the shop list needs: the screens
// that show prices and dates load this file with their code, not with /home.
import { CURRENCY, INTL_LOCALE, type Locale } from '@jono/contract';
import { dateTimeFormat, numberFormat } from './intl-cache';

/** Cents to money in the locale's currency, e.g. 2500 → "25,00 €" in FI. */
export function formatPrice(cents: number, locale: Locale): string {
  const currency = CURRENCY[locale];
  const f = numberFormat(
    `price:${locale}`,
    () => new Intl.NumberFormat(INTL_LOCALE[locale], { style: 'currency', currency }),
  );
  return f.format(cents / 100);
}

function parts(date: Date, timeZone?: string) {
  const p = dateTimeFormat(
    `parts:${timeZone ?? ''}`,
    () =>
      new Intl.DateTimeFormat('en-GB', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }),
  ).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => p.find((x) => x.type === type)?.value ?? '';
  return {
    day: get('day'),
    month: get('month'),
    year: get('year'),
    hour: get('hour'),
    minute: get('minute'),
  };
}

/** dd.mm.yyyy, or mm.dd.yyyy in the US locale. */
export function formatDate(value: Date | string, locale: Locale, timeZone?: string): string {
  const { day, month, year } = parts(new Date(value), timeZone);
  return locale === 'US' ? `${month}.${day}.${year}` : `${day}.${month}.${year}`;
}

/** A date with a time prefix, as receipts show it: "14:05 21.11.2026". */
export function formatDateTime(value: Date | string, locale: Locale, timeZone?: string): string {
  const { hour, minute } = parts(new Date(value), timeZone);
  return `${hour}:${minute} ${formatDate(value, locale, timeZone)}`;
}

/** "HH:MM" opening time as the locale writes it ("09.00" in FI, "9:00 AM" in the US). */
export function formatClock(hhmm: string, locale: Locale): string {
  const [h, m] = hhmm.split(':').map((x) => Number.parseInt(x, 10));
  if (h === undefined || m === undefined || Number.isNaN(h) || Number.isNaN(m)) return hhmm;
  const date = new Date(Date.UTC(2026, 0, 5, h, m));
  return dateTimeFormat(
    `clock:${locale}`,
    () =>
      new Intl.DateTimeFormat(INTL_LOCALE[locale], {
        hour: 'numeric',
        minute: '2-digit',
        timeZone: 'UTC',
      }),
  ).format(date);
}

/**
 * The time of day of an instant (ISO) as the locale writes it: "14.05" in FI; on this device's
 * clock, or in `timeZone` (a shop's) when given.
 */
export function formatTimeOfDay(value: Date | string, locale: Locale, timeZone?: string): string {
  const { hour, minute } = parts(new Date(value), timeZone);
  return formatClock(`${hour}:${minute}`, locale);
}

/** Name of an ISO weekday (1 = Monday) in the locale's language. */
export function weekdayName(isoWeekday: number, intlLocale: string): string {
  // 5 January 2026 is a Monday.
  const date = new Date(Date.UTC(2026, 0, 4 + isoWeekday));
  return dateTimeFormat(
    `weekday:${intlLocale}`,
    () => new Intl.DateTimeFormat(intlLocale, { weekday: 'short', timeZone: 'UTC' }),
  ).format(date);
}
