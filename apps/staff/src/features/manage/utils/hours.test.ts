import { describe, expect, it } from 'vitest';
import { invalidDays, openTimesFromWeek, weekFromOpenTimes } from './hours';

describe('opening hours form', () => {
  it('turns the API week into seven rows and back, leaving closed days out', () => {
    const week = weekFromOpenTimes([
      { weekday: 1, open: '09:00', close: '18:00' },
      { weekday: 7, open: '00:00', close: '24:00' },
    ]);
    expect(week).toHaveLength(7);
    expect(week[1]?.open).toBe(false);
    expect(openTimesFromWeek(week)).toEqual([
      { weekday: 1, open: '09:00', close: '18:00' },
      { weekday: 7, open: '00:00', close: '24:00' },
    ]);
  });

  it('flags a day that closes before it opens', () => {
    const week = weekFromOpenTimes([{ weekday: 2, open: '18:00', close: '09:00' }]);
    expect(invalidDays(week)).toEqual([2]);
  });
});
