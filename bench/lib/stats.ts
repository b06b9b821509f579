// Small statistics helpers for in-process timings.
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const hi = sorted[mid] ?? Number.NaN;
  const lo = sorted[mid - 1] ?? hi;
  return sorted.length % 2 === 1 ? hi : (lo + hi) / 2;
}

export const round = (x: number, digits = 1) => {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
};

/**
 * Times fn: calibrates a batch to at least minBatchMs, then answers the median ms per call over
 * `samples` batches, fewer when they would take longer than budgetMs (at least 11).
 */
export function timeMedian(
  fn: () => unknown,
  samples: number,
  minBatchMs = 2,
  budgetMs = 3000,
): number {
  let reps = 1;
  for (;;) {
    const t0 = performance.now();
    for (let i = 0; i < reps; i++) fn();
    if (performance.now() - t0 >= minBatchMs || reps >= 1 << 20) break;
    reps *= 2;
  }
  const perCall: number[] = [];
  const started = performance.now();
  for (let s = 0; s < samples; s++) {
    if (s >= 11 && performance.now() - started > budgetMs) break;
    const t0 = performance.now();
    for (let i = 0; i < reps; i++) fn();
    perCall.push((performance.now() - t0) / reps);
  }
  return median(perCall);
}

/**
 * Median ms per call of each job, timed in interleaved rounds (one batch of every job per
 * round); each job's batch repeats it until it lasts at least minBatchMs. Stops after `rounds`
 * rounds or budgetMs (at least 11 rounds).
 */
export function interleavedMedians(
  jobs: (() => unknown)[],
  rounds: number,
  minBatchMs = 2,
  budgetMs = 20_000,
): number[] {
  const reps = jobs.map((fn) => {
    let n = 1;
    for (;;) {
      const t0 = performance.now();
      for (let i = 0; i < n; i++) fn();
      if (performance.now() - t0 >= minBatchMs || n >= 1 << 20) return n;
      n *= 2;
    }
  });
  const samples: number[][] = jobs.map(() => []);
  const started = performance.now();
  for (let r = 0; r < rounds; r++) {
    if (r >= 11 && performance.now() - started > budgetMs) break;
    jobs.forEach((fn, j) => {
      const n = reps[j] ?? 1;
      const t0 = performance.now();
      for (let i = 0; i < n; i++) fn();
      samples[j]?.push((performance.now() - t0) / n);
    });
  }
  return samples.map((xs) => median(xs));
}

/** The p-quantile (0..1) of ascending values, nearest rank; null when empty. */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1));
  return sorted[i] ?? null;
}
