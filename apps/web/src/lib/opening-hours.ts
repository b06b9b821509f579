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

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const zoneClocks = new Map<string, Intl.DateTimeFormat>();

/** The ISO weekday and minutes since midnight at `now` in the shop's time zone. */
export function localClock(timeZone: string, now: number): { weekday: number; minutes: number } {
  let format = zoneClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    zoneClocks.set(timeZone, format);
  }
  const parts = format.formatToParts(new Date(now));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    weekday: WEEKDAYS.indexOf(part('weekday')) + 1,
    minutes: Number(part('hour')) * 60 + Number(part('minute')),
  };
}

/** When a shop that is closed now opens next: later today, or on a later day of the week. */
export type NextOpening =
  { today: true; time: string } | { today: false; weekday: number; time: string };

/**
 * The next opening after `now` in the shop's time zone, from its week of hours; null when it has
 * no hours at all. Before a day's opening that is the same day ("opens at 9.00"), after its
 * closing the next day with hours.
 */
export function nextOpening(
  times: readonly OpenTime[],
  timeZone: string,
  now: number,
): NextOpening | null {
  const { weekday, minutes: at } = localClock(timeZone, now);
  const today = times.find((t) => t.weekday === weekday);
  const opens = today ? minutes(today.open) : null;
  if (today && opens !== null && opens > at) return { today: true, time: today.open };
  for (let i = 1; i <= 7; i++) {
    const day = ((weekday - 1 + i) % 7) + 1;
    const time = times.find((t) => t.weekday === day);
    if (time) return { today: false, weekday: day, time: time.open };
  }
  return null;
}
