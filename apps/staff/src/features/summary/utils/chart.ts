// Numbers of the week chart: the mean wait customers were shown and the mean wait that followed.
import type { StaffSummary } from '@jono/contract';

export interface ChartDay {
  date: string;
  served: number;
  actual: number | null;
  shown: number | null;
}

export function chartDays(summaries: readonly StaffSummary[]): ChartDay[] {
  return summaries.map((day) => ({
    date: day.date,
    served: day.served,
    actual: day.mean_wait_minutes,
    // bias = mean(actual - shown), so the mean shown is the mean actual minus the bias.
    shown:
      day.mean_wait_minutes === null || day.estimate_bias_minutes === null
        ? null
        : Math.max(0, day.mean_wait_minutes - day.estimate_bias_minutes),
  }));
}

/** A round top for the y axis (5, 10, 15, 20, 30, 45, 60, 90, 120 ...). */
export function axisMax(values: readonly (number | null)[]): number {
  const max = Math.max(0, ...values.filter((v): v is number => v !== null));
  const steps = [5, 10, 15, 20, 30, 45, 60, 90, 120, 180, 240];
  return steps.find((step) => step >= max) ?? Math.ceil(max / 60) * 60;
}
