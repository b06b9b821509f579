// A small seeded PRNG and the distributions the simulator draws from, so runs are reproducible.

export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  uniform(min: number, max: number): number;
  exponential(mean: number): number;
  normal(): number;
  /** Lognormal with the given mean and spread (sigma of the log). */
  lognormal(mean: number, sigma: number): number;
  /** Gamma with the given shape and scale 1 (Marsaglia and Tsang). */
  gamma(shape: number): number;
  chance(p: number): boolean;
  pick<T extends { weight: number }>(items: readonly T[]): T;
}

/**
 * mulberry32's state as an object that can be seeded again: a Monte Carlo reseeds one per run
 * instead of making a closure per run (wait-distribution.ts).
 */
export class Mulberry32 {
  private a = 0;
  constructor(seed = 0) {
    this.seed(seed);
  }
  seed(seed: number): void {
    this.a = seed >>> 0;
  }
  /** Uniform in [0, 1). */
  next(): number {
    this.a = (this.a + 0x6d2b79f5) >>> 0;
    let t = this.a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
}

/** mulberry32: 32-bit state, fast, and good enough for simulation. */
export function mulberry32(seed: number): () => number {
  const m = new Mulberry32(seed);
  return () => m.next();
}

/** Independent-looking seeds for day n of a run, so days do not share a stream. */
export function deriveSeed(seed: number, n: number): number {
  let h = Math.imul((seed >>> 0) ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(n + 1, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * With `antithetic`, every uniform u becomes 1 - u: a run paired with its antithetic twin
 * cancels much of the noise of a long queue simulation (used to check against Erlang C).
 */
export function createRandom(seed: number, antithetic = false): Random {
  const draw = mulberry32(seed);
  const next = antithetic ? () => 1 - draw() : draw;
  const random: Random = {
    next,
    uniform: (min, max) => min + (max - min) * next(),
    exponential: (mean) => -mean * Math.log(Math.max(1 - next(), Number.MIN_VALUE)),
    normal: () => {
      // Box-Muller, keeping the log away from 0.
      const u = Math.max(1 - next(), Number.MIN_VALUE);
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * next());
    },
    lognormal: (mean, sigma) => mean * Math.exp(sigma * random.normal() - (sigma * sigma) / 2),
    gamma: (shape) => {
      // For shape < 1: Gamma(shape + 1) x U^(1 / shape).
      const boost = shape < 1 ? Math.pow(Math.max(1 - next(), Number.MIN_VALUE), 1 / shape) : 1;
      const d = (shape < 1 ? shape + 1 : shape) - 1 / 3;
      const c = 1 / Math.sqrt(9 * d);
      for (;;) {
        const x = random.normal();
        const v = (1 + c * x) ** 3;
        if (v <= 0) continue;
        const u = Math.max(1 - next(), Number.MIN_VALUE);
        if (Math.log(u) < 0.5 * x * x + d - d * v + d * Math.log(v)) return d * v * boost;
      }
    },
    chance: (p) => next() < p,
    pick: (items) => {
      const total = items.reduce((sum, item) => sum + item.weight, 0);
      let r = next() * total;
      for (const item of items) {
        r -= item.weight;
        if (r < 0) return item;
      }
      const last = items[items.length - 1];
      if (!last) throw new Error('pick from an empty list');
      return last;
    },
  };
  return random;
}
