// A wait as every answer shows it: a median and an 80 % range, per priority.
import { z } from 'zod';

/**
 * The 80 % interval of a wait in whole minutes: one customer in ten waits less than `low`, one in
 * ten longer than `high` (calibrated on the shop's own recent waits).
 */
export const waitRangeSchema = z
  .object({ low: z.number().int().min(0), high: z.number().int().min(0) })
  .refine((r) => r.low <= r.high, { message: 'low must not exceed high' });
export type WaitRange = z.infer<typeof waitRangeSchema>;

export const serviceTimeEstimateSchema = z.object({
  priority: z.number().int().min(0),
  /** Minutes a new customer of this priority would wait now for a chair (the median). */
  wait_time: z.number().int().min(0),
  /** The 80 % interval of that wait. */
  wait_range: waitRangeSchema,
});
export type ServiceTimeEstimate = z.infer<typeof serviceTimeEstimateSchema>;
