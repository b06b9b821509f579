// Rota intervals as the manager types them ("HH:MM" in the shop's time): minutes of the day, and
// the checks the form runs before saving (the server checks again).

export interface Interval {
  from: string;
  to: string;
}

export type IntervalProblem = 'format' | 'order' | 'outside' | 'overlap';

const HHMM = /^([01]\d|2[0-4]):([0-5]\d)$/;

/** Minutes since midnight of "HH:MM" ("24:00" is 1440), or null when it is not a time. */
export function toMinutes(value: string): number | null {
  const match = HHMM.exec(value);
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return minutes > 24 * 60 ? null : minutes;
}

/** "HH:MM" of minutes since midnight (1440 is "24:00"). */
export function fromMinutes(minutes: number): string {
  const clamped = Math.max(0, Math.min(24 * 60, Math.round(minutes)));
  return `${String(Math.floor(clamped / 60)).padStart(2, '0')}:${String(clamped % 60).padStart(2, '0')}`;
}

/**
 * The first problem of each interval (null when it is fine): not a time, not ending after it
 * starts, outside the opening hours (when the day has them), or overlapping another interval of
 * the same list. An overlap is reported on both intervals.
 */
export function intervalProblems(
  intervals: readonly Interval[],
  opening: Interval | null,
): (IntervalProblem | null)[] {
  const parsed = intervals.map((interval) => ({
    from: toMinutes(interval.from),
    to: toMinutes(interval.to),
  }));
  const open = opening ? toMinutes(opening.from) : null;
  const close = opening ? toMinutes(opening.to) : null;
  return parsed.map(({ from, to }, index) => {
    if (from === null || to === null) return 'format';
    if (to <= from) return 'order';
    if (open !== null && close !== null && (from < open || to > close)) return 'outside';
    const overlaps = parsed.some(
      (other, otherIndex) =>
        otherIndex !== index &&
        other.from !== null &&
        other.to !== null &&
        other.to > other.from &&
        other.from < to &&
        from < other.to,
    );
    return overlaps ? 'overlap' : null;
  });
}

/** The intervals sorted by start, for display. */
export function sortedIntervals<T extends Interval>(intervals: readonly T[]): T[] {
  return [...intervals].sort((a, b) => (toMinutes(a.from) ?? 0) - (toMinutes(b.from) ?? 0));
}

/** A day as the form edits it: working hours and the breaks inside them. */
export interface DayPlan {
  shifts: Interval[];
  breaks: Interval[];
}

/**
 * The API's shifts of a day (a break is the gap between two) as the form shows them: one working
 * span from the first start to the last end, and each gap as a break.
 */
export function planFromShifts(shifts: readonly Interval[]): DayPlan {
  const sorted = sortedIntervals(shifts);
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  if (!first || !last) return { shifts: [], breaks: [] };
  const breaks: Interval[] = [];
  for (let index = 1; index < sorted.length; index++) {
    const before = sorted[index - 1];
    const after = sorted[index];
    if (before && after && before.to < after.from) breaks.push({ from: before.to, to: after.from });
  }
  return { shifts: [{ from: first.from, to: last.to }], breaks };
}

/** The shifts the API takes: the working hours with the breaks cut out, in time order. */
export function shiftsFromPlan(plan: DayPlan): Interval[] {
  let pieces = sortedIntervals(plan.shifts).map((shift) => ({
    from: toMinutes(shift.from) ?? 0,
    to: toMinutes(shift.to) ?? 0,
  }));
  for (const pause of plan.breaks) {
    const from = toMinutes(pause.from) ?? 0;
    const to = toMinutes(pause.to) ?? 0;
    pieces = pieces.flatMap((piece) =>
      to <= piece.from || from >= piece.to
        ? [piece]
        : [
            { from: piece.from, to: from },
            { from: to, to: piece.to },
          ].filter((part) => part.to > part.from),
    );
  }
  return pieces.map((piece) => ({ from: fromMinutes(piece.from), to: fromMinutes(piece.to) }));
}

export type BreakProblem = IntervalProblem | 'outsideShift';

/** Any problem the rota forms name; 'closed': a shift on a day the shop is closed. */
export type RotaProblem = BreakProblem | 'closed';

/** Each break's first problem: as intervalProblems, and it must lie inside one working span. */
export function breakProblems(plan: DayPlan): (BreakProblem | null)[] {
  const own = intervalProblems(plan.breaks, null);
  return plan.breaks.map((pause, index) => {
    const problem = own[index] ?? null;
    if (problem) return problem;
    const inside = plan.shifts.some((shift) => {
      const from = toMinutes(shift.from);
      const to = toMinutes(shift.to);
      return (
        from !== null &&
        to !== null &&
        (toMinutes(pause.from) ?? -1) >= from &&
        (toMinutes(pause.to) ?? Infinity) <= to
      );
    });
    return inside ? null : 'outsideShift';
  });
}

/** Minutes of the day of an API interval (for the timeline). */
export function minutesOf(interval: Interval): { from: number; to: number } {
  return { from: toMinutes(interval.from) ?? 0, to: toMinutes(interval.to) ?? 0 };
}
