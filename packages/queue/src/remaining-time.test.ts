import { describe, expect, it } from 'vitest';
import { MIN_REMAINING_MINUTES, normalCdf, remainingMinutes } from './remaining-time';

describe('remainingMinutes', () => {
  it('is the whole expected duration before the service starts', () => {
    expect(remainingMinutes(20, 0, 0.3)).toBe(20);
  });

  it('is what is left of the expected duration without a known spread', () => {
    expect(remainingMinutes(20, 5, null)).toBe(15);
    expect(remainingMinutes(20, 30, null)).toBe(MIN_REMAINING_MINUTES);
  });

  it('expects an overrunning service to need a little more, not nothing', () => {
    const early = remainingMinutes(20, 5, 0.3);
    const late = remainingMinutes(20, 25, 0.3);
    expect(early).toBeGreaterThan(14);
    expect(early).toBeLessThan(17);
    expect(late).toBeGreaterThanOrEqual(MIN_REMAINING_MINUTES);
    expect(late).toBeLessThan(6);
  });

  it('uses an accurate normal CDF', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 6);
    expect(normalCdf(1.96)).toBeCloseTo(0.975, 3);
    expect(normalCdf(-1.96)).toBeCloseTo(0.025, 3);
  });
});
