import { describe, expect, it } from 'vitest';
import { runScenario, simulateScenario } from './run-scenario';
import { DEFAULT_SCENARIO } from './scenario';

const small = { ...DEFAULT_SCENARIO, historyDays: 2, days: 1 };

describe('runScenario', () => {
  it('is reproducible from its seed', () => {
    expect(runScenario(small)).toEqual(runScenario(small));
    expect(runScenario({ ...small, seed: 2 })).not.toEqual(runScenario(small));
  }, 30_000);

  it('reports every estimator per priority class and wait bucket', () => {
    const result = runScenario({ ...small, memberShare: 0.5, ratePerHour: 9 });
    expect(result.customers).toBeGreaterThan(50);
    expect(result.byPriority.map((g) => g.group)).toEqual(['one-time', 'members']);
    expect(result.byBucket.length).toBeGreaterThan(1);
    expect(result.byBucket.reduce((n, g) => n + g.jono.n, 0)).toBe(result.customers);
    for (const g of [result, ...result.byPriority]) {
      expect(g.oracle.n).toBe(g.jono.n);
      expect(g.naive.n).toBe(g.jono.n);
    }
  }, 30_000);

  it('keeps the shop records of every day, as the server would hold them', () => {
    const { history } = simulateScenario(small);
    const days = new Set(history.orders.map((o) => Math.floor(o.joinedAt / 86_400_000)));
    expect(days.size).toBe(3);
    expect(new Set(history.orders.map((o) => o.id)).size).toBe(history.orders.length);
    expect(history.orders.every((o) => o.status !== 'active')).toBe(true);
  }, 30_000);
});
