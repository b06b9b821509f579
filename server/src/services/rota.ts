// A shop's named barbers today (issue 30), from their rows, their days' own shifts and the clock:
// who is on duty, when each one's shift ends, when an off-duty one comes back, and the engine's
// rota for the rest of the day. Pure.
//
// Today's plan is the day's own shifts (barber_days) where the manager entered them, else the
// weekly template's shifts of that weekday. A barber signed in at a chair counts as on duty from
// now until the end of the planned shift they are in, or the closing when they are outside any;
// later planned shifts count too. A barber off duty counts from the start of each later planned
// shift: signing out in the middle of a planned shift ends that shift (a break belongs in the
// rota, as a gap between two shifts). A barber inside a planned shift that began without them
// (not signed in yet, and not signed off since it began) still works today: the board, the shop
// page and the walk-in choice list them as due (`dueSince`) and a customer may choose them, but
// the engine counts no chair for them until they sign on.
import { localDateHour, localTimeToEpoch, type ShopQueueState } from '@jono/queue';
import type { barberDays, barbers } from '../db/schema';

type RotaBarber = NonNullable<ShopQueueState['barbers']>[number];

export type BarberRow = typeof barbers.$inferSelect;
export type BarberDayRow = typeof barberDays.$inferSelect;

/** A shop's named barbers (not removed) and their days' own shifts around today. */
export interface ShopBarbers {
  rows: BarberRow[];
  days: BarberDayRow[];
}

const DAY = 86_400_000;
/** Without a closing time, a barber signed in outside any planned shift counts this long. */
const OPEN_ENDED_MS = 8 * 3_600_000;

export interface Interval {
  from: number;
  to: number;
}

export interface BarberToday {
  row: BarberRow;
  onDuty: boolean;
  /** Where today's plan came from: the day's own shifts, the weekly template, or neither. */
  source: 'day' | 'week' | 'none';
  /** Today's planned shifts (epoch ms), whole, in time order. */
  planned: Interval[];
  /** When the barber is at a chair for the rest of today, from now (the engine's rota). */
  shifts: Interval[];
  /** On duty: the end of their current stretch; null off duty. */
  shiftEndsAt: number | null;
  /** Off duty: the start of their next planned shift today; null when none is left. */
  nextShiftAt: number | null;
  /** Off duty inside a planned shift (due, not signed in): that shift's start; null otherwise. */
  dueSince: number | null;
}

/** The shop's local date (YYYY-MM-DD) at `at`. */
export function localDay(timeZone: string, at: number): string {
  const p = localDateHour(at, timeZone);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** ISO weekday (1 Monday ... 7 Sunday) of a local date. */
export function isoWeekday(day: string): number {
  const [y, m, d] = day.split('-').map(Number);
  const w = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)).getUTCDay();
  return w === 0 ? 7 : w;
}

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/** A day's HH:MM shifts as epoch intervals in the shop's zone (DST-aware). */
export function shiftsOn(
  timeZone: string,
  day: string,
  shifts: readonly { from: string; to: string }[],
): Interval[] {
  const [year, month, date] = day.split('-').map(Number);
  const d = { year: year ?? 1970, month: month ?? 1, day: date ?? 1 };
  return shifts
    .map((s) => ({
      from: localTimeToEpoch(timeZone, d, minutesOf(s.from)),
      to: localTimeToEpoch(timeZone, d, minutesOf(s.to)),
    }))
    .filter((s) => s.to > s.from)
    .sort((a, b) => a.from - b.from);
}

/** A barber's plan for a local day: the day's own shifts, else the weekly template's. */
export function planOf(
  row: Pick<BarberRow, 'week'>,
  dayRow: Pick<BarberDayRow, 'shifts'> | undefined,
  day: string,
): { source: BarberToday['source']; shifts: { from: string; to: string }[] } {
  if (dayRow) return { source: 'day', shifts: dayRow.shifts };
  const weekday = isoWeekday(day);
  const shifts = row.week
    .filter((s) => s.weekday === weekday)
    .map((s) => ({ from: s.from, to: s.to }))
    .sort((a, b) => a.from.localeCompare(b.from));
  return { source: shifts.length > 0 ? 'week' : 'none', shifts };
}

/** Every barber of the shop (removed ones left out) as they stand today at `now`. */
export function barbersToday(
  rows: readonly BarberRow[],
  days: readonly BarberDayRow[],
  timeZone: string,
  now: number,
  closesAt: number | null,
): BarberToday[] {
  const day = localDay(timeZone, now);
  const end = closesAt ?? now + OPEN_ENDED_MS;
  return rows
    .filter((r) => r.removedAt === null)
    .map((row) => {
      const own = days.find((d) => d.barberId === row.id && d.day === day);
      const plan = planOf(row, own, day);
      const planned = shiftsOn(timeZone, day, plan.shifts);
      const onDuty = row.chair !== null;
      const shifts: Interval[] = [];
      let shiftEndsAt: number | null = null;
      if (onDuty) {
        const current = planned.find((s) => s.from <= now && now < s.to);
        shiftEndsAt = Math.min(current ? current.to : end, Math.max(end, now));
        if (shiftEndsAt > now) shifts.push({ from: now, to: shiftEndsAt });
      }
      const after = shiftEndsAt ?? now;
      for (const s of planned) {
        if (s.from <= now || s.from < after) continue;
        if (s.from >= end) continue;
        shifts.push({ from: s.from, to: Math.min(s.to, end) });
      }
      const nextShiftAt = onDuty ? null : (shifts[0]?.from ?? null);
      // Due: inside a planned shift that began after they last signed off (not in yet).
      const left = row.offDutySince?.getTime() ?? -Infinity;
      const current = onDuty ? undefined : planned.find((s) => s.from <= now && now < s.to);
      const dueSince = current && now < end && left < current.from ? current.from : null;
      return {
        row,
        onDuty,
        source: plan.source,
        planned,
        shifts,
        shiftEndsAt,
        nextShiftAt,
        dueSince,
      };
    })
    .sort(
      (a, b) =>
        Number(b.onDuty) - Number(a.onDuty) ||
        (a.row.chair ?? 0) - (b.row.chair ?? 0) ||
        (a.dueSince ?? a.nextShiftAt ?? Infinity) - (b.dueSince ?? b.nextShiftAt ?? Infinity) ||
        a.row.firstName.localeCompare(b.row.firstName) ||
        a.row.id - b.row.id,
    );
}

/** Works today from now on: on duty, due in a planned shift now, or a shift left later today. */
export const worksToday = (b: BarberToday) =>
  b.onDuty || b.dueSince !== null || b.nextShiftAt !== null;

/**
 * The engine's rota: every barber at a chair now or with a shift later today, with their shifts
 * (a barber due but not signed in counts from their next shift only).
 */
export function rotaOf(today: readonly BarberToday[]): RotaBarber[] {
  return today
    .filter((b) => b.onDuty || b.nextShiftAt !== null)
    .map((b) => ({ id: b.row.id, shifts: b.shifts }));
}

/** The local day before and after `day` are read too: a shop's zone may be ahead of UTC's. */
export function daysAround(now: number): string[] {
  return [-1, 0, 1].map((d) => new Date(now + d * DAY).toISOString().slice(0, 10));
}
