import { describe, expect, it } from 'vitest';
import { intlLocaleOf, weekHours } from './opening-hours';
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
