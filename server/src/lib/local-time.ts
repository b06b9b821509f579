// A shop's local calendar: the start of its day (tickets, once-a-day rules) and the hour, in the
// shop's IANA time zone. Read through @jono/queue's opening hours, which ask Intl once per zone
// and quarter hour (a new Intl.DateTimeFormat per call had cost about 6 % of a join's CPU).
import { localDateHour, localTimeToEpoch } from '@jono/queue';

/** Epoch ms of the local midnight that began the shop's day. */
export function localDayStart(timeZone: string, at: number): number {
  const p = localDateHour(at, timeZone);
  return localTimeToEpoch(timeZone, { year: p.year, month: p.month, day: p.day }, 0);
}

/** Local hour 0-23. */
export function localHour(timeZone: string, at: number): number {
  return localDateHour(at, timeZone).hour;
}
