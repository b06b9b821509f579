// Opening hours in the shop's own IANA time zone, computed with Intl only (no clock, no I/O).

export interface OpenTime {
  /** ISO weekday, 1 = Monday ... 7 = Sunday. */
  weekday: number;
  /** Local "HH:MM"; a close at or before the open means the shop closes after midnight. */
  open: string;
  close: string;
}

interface LocalDate {
  year: number;
  month: number;
  day: number;
  weekday: number;
  minutes: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const DAY_MS = 86_400_000;
/**
 * A zone's offset from UTC is a whole number of quarter hours and changes only at a quarter hour
 * (true of every zone since the 1970s), so it is looked up once per zone and quarter: Intl's
 * formatToParts is slow, and the arrival forecast asks for local hours many times per estimate.
 */
const QUARTER_MS = 15 * 60_000;
const offsets = new Map<string, Map<number, number>>();
const QUARTERS_KEPT = 20_000;

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Milliseconds to add to UTC for the local wall-clock time of `at` in `timeZone`. */
export function offsetAt(timeZone: string, at: number): number {
  const quarter = Math.floor(at / QUARTER_MS);
  let zone = offsets.get(timeZone);
  if (!zone) {
    zone = new Map();
    offsets.set(timeZone, zone);
  }
  let offset = zone.get(quarter);
  if (offset === undefined) {
    const start = quarter * QUARTER_MS;
    const parts: Record<string, string> = {};
    for (const p of formatter(timeZone).formatToParts(start)) parts[p.type] = p.value;
    const num = (k: string) => Number(parts[k] ?? 0);
    const wall = Date.UTC(
      num('year'),
      num('month') - 1,
      num('day'),
      num('hour'),
      num('minute'),
      num('second'),
    );
    offset = wall - start;
    if (zone.size >= QUARTERS_KEPT) zone.clear();
    zone.set(quarter, offset);
  }
  return offset;
}

function localDate(timeZone: string, at: number): LocalDate & { second: number } {
  const local = at + offsetAt(timeZone, at);
  const days = Math.floor(local / DAY_MS);
  const ms = local - days * DAY_MS;
  const civil = civilDate(days);
  return {
    year: civil.year,
    month: civil.month,
    day: civil.day,
    weekday: isoWeekday(days),
    minutes: Math.floor(ms / 60_000),
    second: Math.floor((ms % 60_000) / 1000),
  };
}

/** ISO weekday (1 Monday) of a count of days since 1 January 1970, a Thursday. */
const isoWeekday = (days: number) => ((((days + 3) % 7) + 7) % 7) + 1;

/**
 * The proleptic Gregorian date of a count of days since 1 January 1970, by integer arithmetic
 * (H. Hinnant's civil_from_days): what Date's getUTC* answer, without a Date per call (the engine
 * asks for local dates many times per estimate).
 */
function civilDate(days: number): { year: number; month: number; day: number } {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const month = mp < 10 ? mp + 3 : mp - 9;
  return {
    year: yoe + era * 400 + (month <= 2 ? 1 : 0),
    month,
    day: doy - Math.floor((153 * mp + 2) / 5) + 1,
  };
}

/** ISO weekday (1 Monday) and hour of an instant in a time zone. */
export function localWeekdayHour(at: number, timeZone: string): { weekday: number; hour: number } {
  const local = at + offsetAt(timeZone, at);
  const days = Math.floor(local / DAY_MS);
  return {
    weekday: isoWeekday(days),
    hour: Math.floor((local - days * DAY_MS) / 3_600_000),
  };
}

/** Local calendar date and hour (0-23) of an instant in a time zone, from the cached offset. */
export function localDateHour(
  at: number,
  timeZone: string,
): { year: number; month: number; day: number; hour: number } {
  const l = localDate(timeZone, at);
  return { year: l.year, month: l.month, day: l.day, hour: Math.floor(l.minutes / 60) };
}

/** Epoch ms of a local wall-clock time (a time skipped by a DST change lands within an hour). */
export function localTimeToEpoch(
  timeZone: string,
  date: { year: number; month: number; day: number },
  minutes: number,
): number {
  const wall = Date.UTC(date.year, date.month - 1, date.day) + minutes * 60_000;
  let guess = wall;
  for (let i = 0; i < 3; i++) {
    const l = localDate(timeZone, guess);
    const shown = Date.UTC(l.year, l.month - 1, l.day) + (l.minutes * 60 + l.second) * 1000;
    guess += wall - shown;
  }
  return guess;
}

/** Parsed "HH:MM" values (a shop's handful, asked for at every estimate). */
const hhMm = new Map<string, number | null>();
const HH_MM_KEPT = 4096;

function parseHhMm(value: string): number | null {
  const known = hhMm.get(value);
  if (known !== undefined) return known;
  const m = /^(\d{1,2}):(\d{2})$/.exec(value);
  let parsed: number | null = null;
  if (m) {
    const minutes = Number(m[1]) * 60 + Number(m[2]);
    if (Number(m[2]) < 60 && minutes <= 24 * 60) parsed = minutes;
  }
  if (hhMm.size >= HH_MM_KEPT) hhMm.clear();
  hhMm.set(value, parsed);
  return parsed;
}

/**
 * The last closing time answered per opening hours (the array itself: a shop's read is asked
 * several times per change and sweep) and zone, with the minute it was asked in. Exact: opening
 * and closing are whole local minutes, and offsets whole quarter hours (offsetAt), so every
 * boundary falls on a whole UTC minute and the answer cannot change within one.
 */
const closings = new WeakMap<
  readonly OpenTime[],
  Map<string, { minute: number; closes: number | null }>
>();

/** Epoch ms of the closing of the opening period the shop is in now, or null when closed. */
export function closingTime(
  openTimes: readonly OpenTime[],
  timeZone: string,
  now: number,
): number | null {
  const minute = Math.floor(now / 60_000);
  let zones = closings.get(openTimes);
  const known = zones?.get(timeZone);
  if (known && known.minute === minute) return known.closes;
  const closes = closingTimeOf(openTimes, timeZone, now);
  if (!zones) {
    zones = new Map();
    closings.set(openTimes, zones);
  }
  zones.set(timeZone, { minute, closes });
  return closes;
}

function closingTimeOf(
  openTimes: readonly OpenTime[],
  timeZone: string,
  now: number,
): number | null {
  const today = localDate(timeZone, now);
  const yesterday = localDate(timeZone, now - DAY_MS);
  let closes: number | null = null;
  for (const t of openTimes) {
    const open = parseHhMm(t.open);
    const close = parseHhMm(t.close);
    if (open === null || close === null) continue;
    const overnight = close <= open;
    for (const [day, offset] of [
      [today, 0],
      [yesterday, -1],
    ] as const) {
      if (t.weekday !== day.weekday || (offset === -1 && !overnight)) continue;
      const opensAt = localTimeToEpoch(timeZone, day, open);
      const closeDay = overnight ? nextDay(day) : day;
      const closesAt = localTimeToEpoch(timeZone, closeDay, close);
      if (opensAt <= now && now < closesAt) closes = Math.max(closes ?? closesAt, closesAt);
    }
  }
  return closes === null ? null : continuedClosing(openTimes, timeZone, closes);
}

/**
 * Hours that run on without a break (24:00 today, 00:00 tomorrow) are one opening: a shop open
 * around the clock never "closes" at midnight, so orders are not refused near it.
 */
function continuedClosing(
  openTimes: readonly OpenTime[],
  timeZone: string,
  closes: number,
): number {
  let end = closes;
  for (let step = 0; step < 7; step++) {
    const at = localDate(timeZone, end);
    const next = openTimes.find(
      (t) => t.weekday === at.weekday && parseHhMm(t.open) === at.minutes && t.open !== t.close,
    );
    const open = next ? parseHhMm(next.open) : null;
    const close = next ? parseHhMm(next.close) : null;
    if (open === null || close === null) break;
    const closeDay = close <= open ? nextDay(at) : at;
    const later = localTimeToEpoch(timeZone, closeDay, close);
    if (later <= end) break;
    end = later;
  }
  return end;
}

export function isOpenAt(openTimes: readonly OpenTime[], timeZone: string, now: number): boolean {
  return closingTime(openTimes, timeZone, now) !== null;
}

function nextDay(d: LocalDate) {
  const next = new Date(Date.UTC(d.year, d.month - 1, d.day) + DAY_MS);
  return { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
}
