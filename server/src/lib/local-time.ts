// A shop's local calendar: the start of its day (tickets, once-a-day rules) and the hour (no
// messages at night), read with Intl in the shop's IANA time zone.
import { localTimeToEpoch } from '@jono/queue';

function parts(timeZone: string, at: number) {
  const values = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, Number(p.value)]),
  );
  return {
    year: values.year ?? 1970,
    month: values.month ?? 1,
    day: values.day ?? 1,
    hour: values.hour ?? 0,
  };
}

/** Epoch ms of the local midnight that began the shop's day. */
export function localDayStart(timeZone: string, at: number): number {
  const p = parts(timeZone, at);
  return localTimeToEpoch(timeZone, { year: p.year, month: p.month, day: p.day }, 0);
}

/** Local hour 0-23. */
export function localHour(timeZone: string, at: number): number {
  return parts(timeZone, at).hour;
}

/** Night: no leave-now messages between 21:00 and 08:00 local time. */
export function isNight(timeZone: string, at: number): boolean {
  const hour = localHour(timeZone, at);
  return hour >= 21 || hour < 8;
}
