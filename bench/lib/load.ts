// An autocannon run reduced to the figures the report shows.
import type { AutocannonResult } from 'autocannon';

export interface LoadFigures {
  /** Mean requests per second over the measured run. */
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Connection errors, timeouts and non-2xx answers. */
  errors: number;
  non2xx: number;
  /** Requests not answered within autocannon's timeout (10 s). */
  timeouts: number;
  statusCodes: Record<string, number>;
}

export function figures(result: AutocannonResult): LoadFigures {
  const statusCodes: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) {
    statusCodes[code] = Number(count);
  }
  return {
    reqPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts + result.non2xx,
    non2xx: result.non2xx,
    timeouts: result.timeouts,
    statusCodes,
  };
}
