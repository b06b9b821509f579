// The minute sweep spread over part of the minute. A sweep refreshes every shop with customers
// waiting: a read of its queue, the estimate, the moved estimates stored and each listener's
// frame, a few milliseconds of the event loop per shop between its round trips. Run back to back
// for 500 shops, that is seconds in which every await of a customer's request (a join is about
// ten) queues behind one more shop's burst: the busy hour's slowest answers (issue 29). Spread,
// each shop has its own moment, so a request meets at most a burst or two.
import { setTimeout as sleep } from 'node:timers/promises';

/** Between two shops' refreshes of one sweep, at least this long (when the sweep has time). */
export const SWEEP_SHOP_GAP_MS = 40;
/**
 * A sweep spreads its shops over at most this long: the last shop's refresh comes at most this
 * much later in the minute than it would back to back, so "turn near" and the estimates moving
 * with time are never more than this late.
 */
export const SWEEP_SPREAD_MAX_MS = 20_000;

/** How long a sweep of `shops` shops is spread over. */
export const sweepSpreadMs = (shops: number) =>
  Math.min(SWEEP_SPREAD_MAX_MS, Math.max(0, shops - 1) * SWEEP_SHOP_GAP_MS);

/**
 * Runs the steps one after another, the i-th of n not before `spreadMs * i / (n - 1)` after the
 * first (real time, `clock` in ms); behind that schedule, at once. Aborted, it stops before the
 * next step. Answers how many steps ran. A step's failure is the step's own business: it must
 * not throw (the sweep logs a shop's failure and goes on).
 */
export async function runSpread(
  steps: readonly (() => Promise<void>)[],
  spreadMs: number,
  signal: AbortSignal,
  clock: () => number = () => performance.now(),
): Promise<number> {
  const start = clock();
  const n = steps.length;
  let ran = 0;
  for (const [i, step] of steps.entries()) {
    if (signal.aborted) break;
    const at = n > 1 ? start + (spreadMs * i) / (n - 1) : start;
    const wait = at - clock();
    if (wait > 1) await sleep(wait, undefined, { signal }).catch(() => undefined);
    if (signal.aborted) break;
    await step();
    ran++;
  }
  return ran;
}
