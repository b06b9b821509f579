// The minute sweep spreads its shops over part of the minute (issue 29): each shop's refresh has
// its own moment, none waits longer than the cap, and closing stops it before the next shop.
import { describe, expect, it } from 'vitest';
import {
  runSpread,
  SWEEP_SHOP_GAP_MS,
  SWEEP_SPREAD_MAX_MS,
  sweepSpreadMs,
} from '../src/services/sweep-spread';

describe('the sweep spread', () => {
  it('gives each shop its own moment, capped for a chain', () => {
    expect(sweepSpreadMs(0)).toBe(0);
    expect(sweepSpreadMs(1)).toBe(0);
    expect(sweepSpreadMs(11)).toBe(10 * SWEEP_SHOP_GAP_MS);
    expect(sweepSpreadMs(5000)).toBe(SWEEP_SPREAD_MAX_MS);
  });

  it('starts the i-th of n steps no earlier than its share of the spread', async () => {
    const started: number[] = [];
    const t0 = performance.now();
    const steps = Array.from({ length: 5 }, () => async () => {
      started.push(performance.now() - t0);
    });
    expect(await runSpread(steps, 200, new AbortController().signal)).toBe(5);
    expect(started).toHaveLength(5);
    // Not before its moment (timers may fire late on a busy machine, never early by more than
    // the 1 ms the loop tolerates).
    started.forEach((at, i) => expect(at).toBeGreaterThanOrEqual(50 * i - 2));
  });

  it('runs at once when behind its schedule', async () => {
    let now = 0;
    const ran: number[] = [];
    // Each step takes longer than the gap: the next one never waits.
    const steps = Array.from({ length: 4 }, (_, i) => async () => {
      ran.push(i);
      now += 1_000;
    });
    const t0 = performance.now();
    expect(await runSpread(steps, 30, new AbortController().signal, () => now)).toBe(4);
    expect(ran).toEqual([0, 1, 2, 3]);
    expect(performance.now() - t0).toBeLessThan(5_000);
  });

  it('stops before the next shop when the server closes', async () => {
    const closing = new AbortController();
    const ran: number[] = [];
    const steps = Array.from({ length: 10 }, (_, i) => async () => {
      ran.push(i);
      if (i === 0) closing.abort();
    });
    const t0 = performance.now();
    // Spread over a minute: without the abort the rest would take 60 s.
    expect(await runSpread(steps, 60_000, closing.signal)).toBe(1);
    expect(ran).toEqual([0]);
    expect(performance.now() - t0).toBeLessThan(5_000);
  });

  it('stops while waiting for the next moment', async () => {
    const closing = new AbortController();
    const ran: number[] = [];
    const steps = Array.from({ length: 3 }, (_, i) => async () => {
      ran.push(i);
    });
    setTimeout(() => closing.abort(), 50);
    const t0 = performance.now();
    expect(await runSpread(steps, 60_000, closing.signal)).toBe(1);
    expect(ran).toEqual([0]);
    expect(performance.now() - t0).toBeLessThan(5_000);
  });
});
