// Today's rota of named barbers (services/rota.ts): the plan of the day or the weekly template,
// a signed-in barber until their planned end or the closing, later shifts as future capacity; at
// night, near closing and across a DST change.
import { describe, expect, it } from 'vitest';
import {
  barbersToday,
  localDay,
  planOf,
  rotaOf,
  worksToday,
  type BarberRow,
  type BarberToday,
} from '../src/services/rota';

const ZONE = 'Europe/Helsinki';
const H = 3_600_000;

const barber = (over: Partial<BarberRow> = {}): BarberRow => ({
  id: 1,
  pobId: 1,
  firstName: 'Aino',
  photo: null,
  languages: [],
  specialities: '',
  translations: {},
  staffId: null,
  week: [3].map((weekday) => ({ weekday, from: '09:00', to: '17:00' })),
  chair: null,
  onDutySince: null,
  offDutySince: null,
  removedAt: null,
  createdAt: new Date(0),
  ...over,
});

// Wednesday 18 November 2026, Helsinki is UTC+2.
const at = (hh: number, mm = 0) => Date.UTC(2026, 10, 18, hh - 2, mm);

describe('barbersToday', () => {
  it('takes the weekly template, and a day of its own over it', () => {
    expect(planOf(barber(), undefined, '2026-11-18')).toMatchObject({ source: 'week' });
    expect(planOf(barber(), undefined, '2026-11-19')).toEqual({ source: 'none', shifts: [] });
    const own = { shifts: [{ from: '12:00', to: '14:00' }] };
    expect(planOf(barber(), own, '2026-11-18')).toEqual({ source: 'day', shifts: own.shifts });
  });

  it('an off-duty barber counts from their next shift; none left means none', () => {
    const [morning] = barbersToday([barber()], [], ZONE, at(7), at(20));
    expect(morning?.nextShiftAt).toBe(at(9));
    expect(morning?.shifts).toEqual([{ from: at(9), to: at(17) }]);
    // Signed out in the middle of the shift: the rest of it is not counted (a break is a gap).
    const [midday] = barbersToday([barber()], [], ZONE, at(12), at(20));
    expect(midday?.nextShiftAt).toBeNull();
    expect(rotaOf(midday ? [midday] : [])).toEqual([]);
  });

  it('inside a planned shift without signing in: due (listed), but no chair for the engine', () => {
    const [late] = barbersToday([barber()], [], ZONE, at(12), at(20));
    expect(late).toMatchObject({ onDuty: false, dueSince: at(9), nextShiftAt: null });
    expect(worksToday(late as BarberToday)).toBe(true);
    expect(rotaOf(late ? [late] : [])).toEqual([]);
    // Signed off yesterday evening: today's shift began without them, so they are due.
    const yesterday = barber({ offDutySince: new Date(at(17) - 24 * H) });
    expect(barbersToday([yesterday], [], ZONE, at(12), at(20))[0]?.dueSince).toBe(at(9));
    // Signed off at 11:00 in the middle of the shift: it ended, they are not due again today.
    const left = barber({ offDutySince: new Date(at(11)) });
    const [gone] = barbersToday([left], [], ZONE, at(12), at(20));
    expect(gone?.dueSince).toBeNull();
    expect(worksToday(gone as BarberToday)).toBe(false);
    // After the shop closes nobody is due; before the shift starts they are later, not due.
    expect(barbersToday([barber()], [], ZONE, at(12), at(11))[0]?.dueSince).toBeNull();
    expect(barbersToday([barber()], [], ZONE, at(8), at(20))[0]).toMatchObject({
      dueSince: null,
      nextShiftAt: at(9),
    });
    // On duty is never due.
    const on = barber({ chair: 1, onDutySince: new Date(at(9)) });
    expect(barbersToday([on], [], ZONE, at(12), at(20))[0]?.dueSince).toBeNull();
  });

  it('a signed-in barber counts until their planned end, or the closing outside any shift', () => {
    const on = barber({ chair: 1, onDutySince: new Date(at(8)) });
    const [inShift] = barbersToday([on], [], ZONE, at(12), at(20));
    expect(inShift?.shiftEndsAt).toBe(at(17));
    const [late] = barbersToday([on], [], ZONE, at(18), at(20));
    expect(late?.shiftEndsAt).toBe(at(20));
    // Near closing a shift ends with the shop.
    const [closing] = barbersToday([on], [], ZONE, at(16, 50), at(16, 55));
    expect(closing?.shifts).toEqual([{ from: at(16, 50), to: at(16, 55) }]);
  });

  it('at night with the shop closed, a signed-in barber counts a bounded stretch only', () => {
    const on = barber({ chair: 1 });
    const [night] = barbersToday([on], [], ZONE, at(23, 30), null);
    // No closing known (closed): a signed-in barber counts a bounded stretch, never past it.
    expect(night?.shifts).toEqual([{ from: at(23, 30), to: at(23, 30) + 8 * H }]);
  });

  it('keeps local times across the DST change (Helsinki, 29 March 2026)', () => {
    const sunday = barber({ week: [{ weekday: 7, from: '09:00', to: '17:00' }] });
    const before = Date.UTC(2026, 2, 29, 4, 0); // 07:00 local, already UTC+3
    expect(localDay(ZONE, before)).toBe('2026-03-29');
    const [b] = barbersToday([sunday], [], ZONE, before, null);
    expect(b?.nextShiftAt).toBe(Date.UTC(2026, 2, 29, 6, 0));
    expect(b?.planned).toEqual([
      { from: Date.UTC(2026, 2, 29, 6, 0), to: Date.UTC(2026, 2, 29, 14, 0) },
    ]);
  });

  it('lists those on duty first and leaves removed barbers out', () => {
    const list = barbersToday(
      [
        barber({ id: 1, firstName: 'Off' }),
        barber({ id: 2, firstName: 'On', chair: 2 }),
        barber({ id: 3, firstName: 'Gone', removedAt: new Date(0) }),
      ],
      [],
      ZONE,
      at(8),
      at(20),
    );
    expect(list.map((b) => b.row.firstName)).toEqual(['On', 'Off']);
  });
});
