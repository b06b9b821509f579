import { describe, expect, it } from 'vitest';
import { intlLocaleOf, localClock, nextOpening, weekHours } from './opening-hours';
import { weekdayName } from './format';

describe('a shop week of opening hours', () => {
  it('says open 24 hours for a day from midnight to midnight', () => {
    const week = weekHours([{ weekday: 1, open: '00:00', close: '24:00' }], 'FI');
    expect(week[0]).toEqual({ weekday: 1, kind: 'allDay' });
  });

  it('lists a day without hours as closed instead of leaving it out', () => {
    const week = weekHours([{ weekday: 1, open: '09:00', close: '18:00' }], 'NO');
    expect(week).toHaveLength(7);
    expect(week[0]).toEqual({ weekday: 1, kind: 'open', open: '09:00', close: '18:00' });
    expect(week.slice(1).every((d) => d.kind === 'closed')).toBe(true);
  });

  it('starts the week on the market first day', () => {
    expect(weekHours([], 'SE').map((d) => d.weekday)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(weekHours([], 'US').map((d) => d.weekday)).toEqual([7, 1, 2, 3, 4, 5, 6]);
  });

  it('names the weekdays in the interface language', () => {
    expect(weekdayName(1, intlLocaleOf('en', 'FI'))).toBe('Mon');
    expect(weekdayName(1, intlLocaleOf('fi', 'FI'))).toBe('ma');
    expect(weekdayName(1, intlLocaleOf('dk', 'DK'))).toMatch(/^man/);
  });
});

describe('when a closed shop opens next', () => {
  const standard = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, open: '09:00', close: '19:00' }));
  // Thursday 19 November 2026 in Helsinki (UTC+2).
  const at = (hh: number, mm: number) => Date.UTC(2026, 10, 19, hh - 2, mm);

  it('opens today at 9.00 when it is 03:19 local time', () => {
    expect(nextOpening(standard, 'Europe/Helsinki', at(3, 19))).toEqual({
      today: true,
      time: '09:00',
    });
  });

  it('opens the next day with hours after closing, and on Monday after a Friday evening', () => {
    expect(nextOpening(standard, 'Europe/Helsinki', at(20, 55))).toEqual({
      today: false,
      weekday: 5,
      time: '09:00',
    });
    const fridayNight = Date.UTC(2026, 10, 20, 21, 0);
    expect(nextOpening(standard, 'Europe/Helsinki', fridayNight)).toEqual({
      today: false,
      weekday: 1,
      time: '09:00',
    });
  });

  it('reads the local clock across the DST change', () => {
    // 25 October 2026, 01:30 UTC is 03:30 EET (Sunday), after the clocks went back.
    expect(localClock('Europe/Helsinki', Date.UTC(2026, 9, 25, 1, 30))).toEqual({
      weekday: 7,
      minutes: 3 * 60 + 30,
    });
    expect(localClock('Europe/Helsinki', Date.UTC(2026, 9, 25, 0, 30))).toEqual({
      weekday: 7,
      minutes: 3 * 60 + 30,
    });
  });

  it('has no next opening without hours', () => {
    expect(nextOpening([], 'Europe/Helsinki', at(12, 0))).toBeNull();
  });
});
