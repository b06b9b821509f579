// Accuracy of shown waits: mean absolute error and percentiles of |shown - actual| in minutes.

export interface AccuracySummary {
  mae: number;
  p50: number;
  p90: number;
}

/** Nearest-rank percentile of already sorted values; 0 for none. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? 0;
}

export function summarizeErrors(errors: readonly number[]): AccuracySummary {
  const sorted = [...errors].sort((a, b) => a - b);
  const mae = sorted.length === 0 ? 0 : sorted.reduce((a, b) => a + b, 0) / sorted.length;
  return {
    mae: round1(mae),
    p50: round1(percentile(sorted, 50)),
    p90: round1(percentile(sorted, 90)),
  };
}

const round1 = (x: number) => Math.round(x * 10) / 10;
