// A week of opening hours as the form edits it: one range per weekday, or closed.
import type { OpenTime } from '@jono/contract';

export interface DayHours {
  weekday: number;
  open: boolean;
  from: string;
  to: string;
}

export function weekFromOpenTimes(openTimes: readonly OpenTime[]): DayHours[] {
  return [1, 2, 3, 4, 5, 6, 7].map((weekday) => {
    const day = openTimes.find((entry) => entry.weekday === weekday);
    return day
      ? { weekday, open: true, from: day.open.slice(0, 5), to: day.close.slice(0, 5) }
      : { weekday, open: false, from: '09:00', to: '18:00' };
  });
}

/** The API's open_times; a closed day is left out. */
export function openTimesFromWeek(week: readonly DayHours[]): OpenTime[] {
  return week
    .filter((day) => day.open)
    .map((day) => ({ weekday: day.weekday, open: day.from, close: day.to }));
}

/** Weekdays whose closing is not after the opening ("24:00" closes at midnight). */
export function invalidDays(week: readonly DayHours[]): number[] {
  return week.filter((day) => day.open && !(day.to > day.from)).map((day) => day.weekday);
}
