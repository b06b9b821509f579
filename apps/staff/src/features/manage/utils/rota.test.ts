import { describe, expect, it } from 'vitest';
import {
  breakProblems,
  fromMinutes,
  intervalProblems,
  planFromShifts,
  shiftsFromPlan,
  sortedIntervals,
  toMinutes,
} from './rota';

describe('rota intervals', () => {
  it('reads and writes times of the day, midnight as 24:00', () => {
    expect(toMinutes('09:30')).toBe(570);
    expect(toMinutes('24:00')).toBe(1440);
    expect(toMinutes('24:30')).toBeNull();
    expect(toMinutes('9:30')).toBeNull();
    expect(fromMinutes(570)).toBe('09:30');
    expect(fromMinutes(1440)).toBe('24:00');
  });

  it('accepts disjoint intervals inside the opening hours, touching ones included', () => {
    const problems = intervalProblems(
      [
        { from: '09:00', to: '12:00' },
        { from: '12:00', to: '18:00' },
      ],
      { from: '09:00', to: '18:00' },
    );
    expect(problems).toEqual([null, null]);
  });

  it('names the problem of each interval', () => {
    const problems = intervalProblems(
      [
        { from: '10:00', to: '09:00' },
        { from: '08:00', to: '10:00' },
        { from: '11:00', to: '13:00' },
        { from: '12:30', to: '14:00' },
        { from: 'noon', to: '14:00' },
      ],
      { from: '09:00', to: '18:00' },
    );
    expect(problems).toEqual(['order', 'outside', 'overlap', 'overlap', 'format']);
  });

  it('checks only overlaps on a day without opening hours', () => {
    expect(intervalProblems([{ from: '06:00', to: '23:00' }], null)).toEqual([null]);
  });

  it('sorts by start', () => {
    expect(
      sortedIntervals([
        { from: '13:00', to: '14:00' },
        { from: '09:00', to: '10:00' },
      ]).map((i) => i.from),
    ).toEqual(['09:00', '13:00']);
  });
});

describe('a day plan', () => {
  it('shows the API shifts as working hours with the gaps as breaks', () => {
    expect(
      planFromShifts([
        { from: '13:30', to: '18:00' },
        { from: '09:00', to: '13:00' },
      ]),
    ).toEqual({
      shifts: [{ from: '09:00', to: '18:00' }],
      breaks: [{ from: '13:00', to: '13:30' }],
    });
    expect(planFromShifts([])).toEqual({ shifts: [], breaks: [] });
  });

  it('cuts the breaks out of the working hours for the API', () => {
    expect(
      shiftsFromPlan({
        shifts: [{ from: '09:00', to: '18:00' }],
        breaks: [
          { from: '15:00', to: '15:15' },
          { from: '12:00', to: '12:30' },
        ],
      }),
    ).toEqual([
      { from: '09:00', to: '12:00' },
      { from: '12:30', to: '15:00' },
      { from: '15:15', to: '18:00' },
    ]);
  });

  it('round-trips any valid day', () => {
    const shifts = [
      { from: '08:00', to: '11:00' },
      { from: '11:45', to: '16:00' },
      { from: '17:00', to: '20:00' },
    ];
    expect(shiftsFromPlan(planFromShifts(shifts))).toEqual(shifts);
  });

  it('refuses a break outside the working hours', () => {
    expect(
      breakProblems({
        shifts: [{ from: '09:00', to: '12:00' }],
        breaks: [
          { from: '11:30', to: '12:30' },
          { from: '10:00', to: '10:30' },
        ],
      }),
    ).toEqual(['outsideShift', null]);
  });
});
