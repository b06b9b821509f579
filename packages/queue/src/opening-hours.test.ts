import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  closingTime,
  isOpenAt,
  localDateHour,
  localTimeToEpoch,
  localWeekdayHour,
} from './opening-hours';

const HELSINKI = 'Europe/Helsinki';
const weekdays = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, open: '09:00', close: '20:00' }));
const hours = [
  ...weekdays,
  { weekday: 6, open: '10:00', close: '18:00' },
  { weekday: 7, open: '12:00', close: '16:00' },
];

describe('opening hours', () => {
  it('gives today’s closing while open, in the shop’s time zone', () => {
    // Saturday 2026-11-21, 12:00 in Helsinki (UTC+2).
    const now = Date.parse('2026-11-21T10:00:00Z');
    expect(closingTime(hours, HELSINKI, now)).toBe(Date.parse('2026-11-21T16:00:00Z'));
    expect(isOpenAt(hours, HELSINKI, now)).toBe(true);
  });

  it('is closed before opening and from the closing minute on', () => {
    expect(isOpenAt(hours, HELSINKI, Date.parse('2026-11-21T07:59:00Z'))).toBe(false);
    expect(isOpenAt(hours, HELSINKI, Date.parse('2026-11-21T08:00:00Z'))).toBe(true);
    expect(isOpenAt(hours, HELSINKI, Date.parse('2026-11-21T16:00:00Z'))).toBe(false);
  });

  it('uses the local weekday, not the UTC one', () => {
    // Monday 00:30 in Helsinki is still Sunday in UTC.
    const late = [{ weekday: 1, open: '00:00', close: '02:00' }];
    expect(isOpenAt(late, HELSINKI, Date.parse('2026-11-22T22:30:00Z'))).toBe(true);
  });

  it('follows the spring DST change in Helsinki', () => {
    // Sunday 2026-03-29: clocks go from 03:00 EET to 04:00 EEST; noon is 09:00 UTC.
    expect(closingTime(hours, HELSINKI, Date.parse('2026-03-29T09:30:00Z'))).toBe(
      Date.parse('2026-03-29T13:00:00Z'),
    );
    expect(isOpenAt(hours, HELSINKI, Date.parse('2026-03-29T08:59:00Z'))).toBe(false);
    // The Saturday before still closes at 18:00 EET, 16:00 UTC.
    expect(closingTime(hours, HELSINKI, Date.parse('2026-03-28T15:00:00Z'))).toBe(
      Date.parse('2026-03-28T16:00:00Z'),
    );
  });

  it('follows the autumn DST change in Helsinki', () => {
    // Sunday 2026-10-25: clocks go back from 04:00 EEST to 03:00 EET; 16:00 is 14:00 UTC.
    expect(closingTime(hours, HELSINKI, Date.parse('2026-10-25T12:00:00Z'))).toBe(
      Date.parse('2026-10-25T14:00:00Z'),
    );
    expect(localTimeToEpoch(HELSINKI, { year: 2026, month: 10, day: 24 }, 18 * 60)).toBe(
      Date.parse('2026-10-24T15:00:00Z'),
    );
  });

  it('keeps a shop open past midnight when it closes before it opens', () => {
    const night = [{ weekday: 5, open: '20:00', close: '02:00' }];
    // Friday 2026-11-20 23:00 and Saturday 01:30 local.
    expect(closingTime(night, HELSINKI, Date.parse('2026-11-20T21:00:00Z'))).toBe(
      Date.parse('2026-11-21T00:00:00Z'),
    );
    expect(isOpenAt(night, HELSINKI, Date.parse('2026-11-20T23:30:00Z'))).toBe(true);
    expect(isOpenAt(night, HELSINKI, Date.parse('2026-11-21T00:30:00Z'))).toBe(false);
  });

  it('runs hours that continue past midnight on as one opening', () => {
    // Friday 23:50 in Helsinki; Friday 00:00-24:00, Saturday 00:00-18:00.
    const allNight = [
      { weekday: 5, open: '00:00', close: '24:00' },
      { weekday: 6, open: '00:00', close: '18:00' },
    ];
    const now = Date.parse('2026-11-20T21:50:00Z');
    expect(closingTime(allNight, HELSINKI, now)).toBe(Date.parse('2026-11-21T16:00:00Z'));
    // A break between the days still closes at midnight.
    const withBreak = [allNight[0]!, { weekday: 6, open: '08:00', close: '18:00' }];
    expect(closingTime(withBreak, HELSINKI, now)).toBe(Date.parse('2026-11-20T22:00:00Z'));
  });

  it('ignores malformed times', () => {
    expect(
      isOpenAt(
        [{ weekday: 6, open: '9am', close: '18:00' }],
        HELSINKI,
        Date.parse('2026-11-21T10:00:00Z'),
      ),
    ).toBe(false);
  });
});

describe('local weekday and hour', () => {
  // Zones with whole-hour, half-hour and 45-minute offsets, half-hour daylight saving (Lord Howe)
  // and both hemispheres, at any instant of 2020-2031 and on the quarter hours around changes.
  const zones = [
    HELSINKI,
    'Europe/Tallinn',
    'Europe/Oslo',
    'America/St_Johns',
    'Asia/Kathmandu',
    'Australia/Lord_Howe',
    'Pacific/Chatham',
    'America/Sao_Paulo',
  ];
  /** Intl's own reading of an instant: ISO weekday, calendar date and hour (0-23). */
  const reference = (at: number, timeZone: string) => {
    const parts = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(at);
    const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
    return {
      weekday: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(part('weekday')) + 1,
      year: Number(part('year')),
      month: Number(part('month')),
      day: Number(part('day')),
      hour: Number(part('hour')) % 24,
    };
  };

  it('agrees with Intl at every instant, daylight-saving changes included', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2031, 0, 1) }),
        fc.constantFrom(...zones),
        (at, zone) => {
          const { weekday, hour } = reference(at, zone);
          expect(localWeekdayHour(at, zone)).toEqual({ weekday, hour });
        },
      ),
      { numRuns: 3000 },
    );
    // The last minute before and the first after the spring and autumn changes in Helsinki.
    for (const change of [Date.UTC(2026, 2, 29, 1), Date.UTC(2026, 9, 25, 1)]) {
      for (const at of [change - 60_000, change - 1, change, change + 60_000]) {
        const { weekday, hour } = reference(at, HELSINKI);
        expect(localWeekdayHour(at, HELSINKI)).toEqual({ weekday, hour });
      }
    }
  });
  it('gives the local date and hour Intl gives', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2031, 0, 1) }),
        fc.constantFrom(...zones),
        (at, zone) => {
          const { weekday: _weekday, ...date } = reference(at, zone);
          expect(localDateHour(at, zone)).toEqual(date);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('gives the calendar date Date gives over four centuries, leap days and 1900 and 2100 included', () => {
    const check = (at: number) => {
      const d = new Date(at);
      expect(localDateHour(at, 'UTC')).toEqual({
        year: d.getUTCFullYear(),
        month: d.getUTCMonth() + 1,
        day: d.getUTCDate(),
        hour: d.getUTCHours(),
      });
    };
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1800, 0, 1), max: Date.UTC(2200, 0, 1) }), check),
      { numRuns: 5000 },
    );
    for (const [y, m, d] of [
      [1900, 1, 28],
      [1900, 1, 29],
      [1900, 2, 1],
      [1969, 11, 31],
      [1970, 0, 1],
      [2000, 1, 29],
      [2024, 1, 29],
      [2100, 1, 28],
      [2100, 2, 1],
    ] as const) {
      for (const ms of [0, 1, 86_399_999]) check(Date.UTC(y, m, d) + ms);
    }
  });
});

describe('closing time asked again', () => {
  const zones = ['Europe/Helsinki', 'Europe/Oslo', 'America/New_York', 'Asia/Kolkata'];
  const time = fc
    .tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 15, 30, 45, 59))
    .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
  const week = fc.array(
    fc.record({ weekday: fc.integer({ min: 1, max: 7 }), open: time, close: time }),
    { maxLength: 9 },
  );

  it('answers what a fresh computation answers, at any instant of any minute', () => {
    fc.assert(
      fc.property(
        week,
        fc.constantFrom(...zones),
        fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2027, 0, 1) }),
        fc.array(fc.integer({ min: -90_000, max: 90_000 }), { minLength: 1, maxLength: 12 }),
        (openTimes, zone, start, steps) => {
          // The same array asked at instants around one another (kept answers), against a copy
          // asked once (nothing kept for it).
          let at = start;
          for (const step of steps) {
            at += step;
            const copy = openTimes.map((t) => ({ ...t }));
            expect(closingTime(openTimes, zone, at)).toBe(closingTime(copy, zone, at));
          }
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('opens and closes on the minute, DST changes included', () => {
    const open = [
      { weekday: 7, open: '02:30', close: '04:00' },
      { weekday: 7, open: '09:00', close: '20:00' },
    ];
    // Sunday 2026-03-29, Helsinki: 03:00 local skips to 04:00 (01:00 UTC); 02:30-04:00 local is
    // half an hour (00:30-01:00 UTC), 09:00 local is 06:00 UTC.
    for (const [iso, closes] of [
      ['2026-03-29T00:29:59.999Z', null],
      ['2026-03-29T00:30:00.000Z', '2026-03-29T01:00:00.000Z'],
      ['2026-03-29T00:59:59.999Z', '2026-03-29T01:00:00.000Z'],
      ['2026-03-29T01:00:00.000Z', null],
      ['2026-03-29T05:59:59.999Z', null],
      ['2026-03-29T06:00:00.000Z', '2026-03-29T17:00:00.000Z'],
      ['2026-03-29T16:59:59.999Z', '2026-03-29T17:00:00.000Z'],
      ['2026-03-29T17:00:00.000Z', null],
    ] as const) {
      expect(closingTime(open, HELSINKI, Date.parse(iso))).toBe(
        closes === null ? null : Date.parse(closes),
      );
    }
  });
});
