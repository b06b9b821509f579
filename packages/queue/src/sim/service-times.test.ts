import { describe, expect, it } from 'vitest';
import { createRandom } from './random';
import { DEFAULT_SCENARIO } from './scenario';
import { drawFamily, drawOrderMinutesBeyond, recordedMinutes, serviceLaws } from './service-times';
import type { ServiceFamily } from './service-times';

const moments = (xs: number[]) => {
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  const sd = Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / xs.length);
  return { mean, cv: sd / mean };
};

describe('service-time laws', { timeout: 20_000 }, () => {
  it.each<[ServiceFamily, number]>([
    [{ kind: 'lognormal', cv: 0.3 }, 0.3],
    [{ kind: 'gamma', cv: 0.5 }, 0.5],
    [{ kind: 'gamma', cv: 1.5 }, 1.5],
    [{ kind: 'exponential', cv: 1 }, 1],
  ])('%j draws the mean asked for with its spread', (family, cv) => {
    const random = createRandom(3);
    const m = moments(Array.from({ length: 40_000 }, () => drawFamily(random, family, 20)));
    expect(m.mean).toBeCloseTo(20, 0);
    expect(m.cv).toBeGreaterThan(cv * 0.93);
    expect(m.cv).toBeLessThan(cv * 1.07);
  });

  it('the heavy-tailed family keeps its mean but has a long right tail', () => {
    const random = createRandom(4);
    const xs = Array.from({ length: 40_000 }, () =>
      drawFamily(random, { kind: 'heavy', cv: 0.25 }, 20),
    ).sort((a, b) => a - b);
    expect(moments(xs).mean).toBeCloseTo(20, 0);
    expect(xs[Math.floor(0.97 * xs.length)] ?? 0).toBeGreaterThan(2 * (xs[xs.length >> 1] ?? 0));
  });

  it('gives each shop its own means, which the planned minutes do not tell', () => {
    const a = serviceLaws(DEFAULT_SCENARIO, createRandom(1));
    const b = serviceLaws(DEFAULT_SCENARIO, createRandom(2));
    expect([...a.keys()].sort()).toEqual([1, 2, 3, 4, 5]);
    expect(a.get(1)?.mean).not.toBe(b.get(1)?.mean);
  });

  it('draws a service under way longer than it has lasted', () => {
    const laws = serviceLaws(DEFAULT_SCENARIO, createRandom(1));
    const type = DEFAULT_SCENARIO.orderTypes[0];
    if (!type) throw new Error('no order type');
    const random = createRandom(5);
    for (let i = 0; i < 200; i++) {
      expect(drawOrderMinutesBeyond(random, laws, type, 25)).toBeGreaterThan(25);
    }
  });

  it('records a share of finishes wrongly: early or forgotten', () => {
    const random = createRandom(6);
    const scenario = { ...DEFAULT_SCENARIO, misrecordShare: 0.2 };
    const recorded = Array.from({ length: 5000 }, () => recordedMinutes(random, scenario, 20));
    const wrong = recorded.filter((m) => m !== 20);
    expect(wrong.length / recorded.length).toBeCloseTo(0.2, 1);
    expect(wrong.some((m) => m <= 10) && wrong.some((m) => m >= 50)).toBe(true);
  });
});
