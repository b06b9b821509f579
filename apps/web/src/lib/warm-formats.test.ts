import { describe, expect, it, vi } from 'vitest';
import { warmShopPageFormats } from './warm-formats';

describe('warming the shop page formatters', () => {
  it('builds each in a task of its own, never all in one task', async () => {
    const moments: (() => void)[] = [];
    warmShopPageFormats('FI', 'fi', (work) => moments.push(work));
    // Nothing is built in the caller's task.
    expect(moments).toHaveLength(1);
    let tasks = 0;
    for (;;) {
      const work = moments.shift();
      if (work) {
        work();
        tasks++;
        // One step per task: the next is queued, never run inside this one.
        expect(moments.length).toBeLessThanOrEqual(1);
        continue;
      }
      // The barbers' module loads before its step is queued.
      const more = await vi
        .waitFor(() => expect(moments.length).toBeGreaterThan(0), { timeout: 2000 })
        .then(() => true)
        .catch(() => false);
      if (!more) break;
    }
    // The zone clock, price, time of day, clock, weekday, the barbers' module, spoken languages.
    expect(tasks).toBe(7);
  });
});
