import { describe, expect, it } from 'vitest';
import { MIN_REMAINING_MINUTES, remainingMinutes } from './remaining-time';

/** Real / expected durations of a history: 0.6, 0.7, ..., 1.4. */
const residuals = Array.from({ length: 9 }, (_, i) => 0.6 + i / 10);

describe('remainingMinutes', () => {
  it('is the whole expected duration before the service starts', () => {
    expect(remainingMinutes(20, 0, residuals)).toBe(20);
  });

  it('is what is left of the expected duration without a history', () => {
    expect(remainingMinutes(20, 5, null)).toBe(15);
    expect(remainingMinutes(20, 30, null)).toBe(MIN_REMAINING_MINUTES);
  });

  it("averages what is left of the history's durations longer than the service has lasted", () => {
    // 5 minutes in: every duration (12 to 28 minutes) is longer; their mean is 20.
    expect(remainingMinutes(20, 5, residuals)).toBeCloseTo(15, 6);
    // 21 minutes in: 22, 24, 26, 28 remain, 4 minutes left on average.
    expect(remainingMinutes(20, 21, residuals)).toBeCloseTo(4, 6);
  });

  it('does not extrapolate past the longest duration the shop has seen', () => {
    // A 20-minute service 20 minutes in is not expected to need another 20 (a fitted lognormal
    // with a wide spread does that); past every recorded duration, the floor.
    expect(remainingMinutes(20, 20, residuals)).toBeLessThan(6);
    expect(remainingMinutes(20, 40, residuals)).toBe(MIN_REMAINING_MINUTES);
  });
});
