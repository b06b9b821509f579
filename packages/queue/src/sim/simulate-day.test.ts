import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO } from './scenario';
import { simulateDay } from './simulate-day';

const options = { meanServiceMinutes: 19, measure: true, keepRecords: true };
const day = (fields: Partial<typeof DEFAULT_SCENARIO>) =>
  simulateDay({ ...DEFAULT_SCENARIO, cancelRate: 0, ...fields }, 7, options);

describe('simulateDay', () => {
  it('serves every walk-in it accepts and shows each a whole-minute wait', () => {
    const { records, servedCount } = day({ appShare: 0 });
    const accepted = records.filter((r) => r.outcome !== 'refused');
    expect(accepted.length).toBeGreaterThan(30);
    expect(accepted.every((r) => r.outcome === 'served')).toBe(true);
    expect(servedCount).toBe(accepted.length);
    for (const r of accepted) {
      expect(Number.isInteger(r.shownJono) && r.shownJono! >= 0).toBe(true);
      expect(r.actualWait!).toBeGreaterThanOrEqual(0);
    }
  });

  it('marks app customers who never come as no-shows once called', () => {
    const { records, servedCount } = day({ appShare: 1, noShowRate: 1 });
    const accepted = records.filter((r) => r.outcome !== 'refused');
    expect(servedCount).toBe(0);
    expect(accepted.every((r) => r.outcome === 'no_show' && r.actualWait !== null)).toBe(true);
  });

  it('refuses orders that would end after closing', () => {
    const { records } = day({ chairs: 1, ratePerHour: 12 });
    expect(records.some((r) => r.outcome === 'refused')).toBe(true);
    expect(
      day({ chairs: 1, ratePerHour: 12, refuseAfterClosing: false }).records,
    ).not.toContainEqual(expect.objectContaining({ outcome: 'refused' }));
  });

  it('lets cancelling customers leave the queue', () => {
    const { records } = simulateDay({ ...DEFAULT_SCENARIO, cancelRate: 1, chairs: 1 }, 7, options);
    expect(records.filter((r) => r.outcome === 'cancelled').length).toBeGreaterThan(5);
  });
});
