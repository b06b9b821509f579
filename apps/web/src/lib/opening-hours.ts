// A shop's week of opening hours as the shop page lists it: every day of the week, starting on
// the market's first day, each either open from-to, open 24 hours, or closed.
import type { Locale } from '@jono/contract';

export interface OpenTime {
  weekday: number;
  open: string;
  close: string;
}

export type DayHours =
  | { weekday: number; kind: 'closed' }
  | { weekday: number; kind: 'allDay' }
  | { weekday: number; kind: 'open'; open: string; close: string };

/** ISO weekday the week starts on: Sunday in the US, Monday in every Jono market. */
export function firstDayOfWeek(locale: Locale): number {
  return locale === 'US' ? 7 : 1;
}

const minutes = (hhmm: string): number | null => {
  const match = /^(\d{1,2}):(\d{2})$/.exec(hhmm);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
};

/** A day open from midnight to midnight (00:00-24:00, or 00:00-00:00) is open 24 hours. */
function isAllDay(time: OpenTime): boolean {
  return minutes(time.open) === 0 && (minutes(time.close) === 24 * 60 || time.close === time.open);
}

export function weekHours(times: readonly OpenTime[], locale: Locale): DayHours[] {
  const first = firstDayOfWeek(locale);
  return Array.from({ length: 7 }, (_, i) => {
    const weekday = ((first - 1 + i) % 7) + 1;
    const time = times.find((t) => t.weekday === weekday);
    if (!time) return { weekday, kind: 'closed' };
    if (isAllDay(time)) return { weekday, kind: 'allDay' };
    return { weekday, kind: 'open', open: time.open, close: time.close };
  });
}

/** The Intl locale of the interface language, with the market's region: en-FI, sv-SE, et-EE. */
export function intlLocaleOf(language: string, locale: Locale): string {
  const tag =
    language === 'ee' ? 'et' : language === 'dk' ? 'da' : language === 'no' ? 'nb' : language;
  return `${tag}-${locale}`;
}
