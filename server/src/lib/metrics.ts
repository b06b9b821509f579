// Every Prometheus metric of the process in one registry (served at /metrics by
// plugins/metrics.ts), and the small hooks the rest of the code calls. A leaf: it imports nothing
// of Jono's, so any module may call a hook without an import circle.
//
// One registry per process (like prom-client's own default): several apps in one process (tests)
// add to the same counters; gauges of things an app holds (streams, pools) are read from the
// sources each app registers and unregisters.
import { readdir } from 'node:fs/promises';
import client from 'prom-client';

export const registry = new client.Registry();
// Process and Node.js metrics: CPU, memory, heap, GC and event-loop delay (percentiles from
// perf_hooks' monitorEventLoopDelay).
client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
// Less those that list every socket on the event loop at each scrape: with a node's 15,500
// streams, the active handles and resources (two lists of all of them) and the open files (a
// synchronous read of /proc/self/fd) held the loop 60-80 ms every 15 s (a CPU profile of the
// busy hour, session 21). The streams are counted by jono_sse_streams; the open files are read
// again below, off the event loop.
for (const name of [
  'nodejs_active_handles',
  'nodejs_active_handles_total',
  'nodejs_active_resources',
  'nodejs_active_resources_total',
  'process_open_fds',
]) {
  registry.removeSingleMetric(name);
}
if (process.platform === 'linux') {
  new client.Gauge({
    name: 'process_open_fds',
    help: 'Number of open file descriptors.',
    registers: [registry],
    async collect() {
      // Read by libuv's threads; less the one the read itself held open.
      const fds = await readdir('/proc/self/fd').catch(() => null);
      if (fds) this.set(fds.length - 1);
    },
  });
}

/** A join route's kind: the customer app, a kiosk, a barber's walk-in, a rejoin. */
export type JoinSource = 'app' | 'kiosk' | 'walk_in' | 'rejoin';
export type StreamKind = 'shop' | 'display' | 'staff' | 'order' | 'other';

const joins = new client.Counter({
  name: 'jono_joins_total',
  help: 'Joins answered, by market, source and outcome ("joined" or the refusal\'s error code)',
  labelNames: ['market', 'source', 'outcome'] as const,
  registers: [registry],
});

const joinSeconds = new client.Histogram({
  name: 'jono_join_duration_seconds',
  help: 'Time from a join request to its answer (joined or refused), by market and source',
  labelNames: ['market', 'source'] as const,
  buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

const deliverySeconds = new client.Histogram({
  name: 'jono_queue_change_delivery_seconds',
  help: "Time from this node hearing a shop's queue change to the new state written to every stream of the shop",
  labelNames: ['market'] as const,
  buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  registers: [registry],
});

const sweepShopSeconds = new client.Histogram({
  name: 'jono_queue_sweep_shop_seconds',
  help: "One shop's refresh in the minute sweep (its queue read, estimate, moved estimates stored and frames), wall time",
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
  registers: [registry],
});

/** Why a shop's history was read: its first estimate (or one expired), its age, a lesson. */
export type HistoryReadCause = 'asker' | 'aged' | 'learnt';

const historyReadSeconds = new client.Histogram({
  name: 'jono_history_read_seconds',
  help: "One shop's history read and built into the engine's inputs (wall time), by why: 'asker' (its first estimate waited for it), 'aged' (10 minutes old, in the background), 'learnt' (a finish or undo, in the background)",
  labelNames: ['cause'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  registers: [registry],
});
for (const cause of ['asker', 'aged', 'learnt'] as const) historyReadSeconds.zero({ cause });

const streams = new client.Gauge({
  name: 'jono_sse_streams',
  help: 'Open Server-Sent Events streams, by kind (shop page, shop display, staff console, order)',
  labelNames: ['kind'] as const,
  registers: [registry],
});
// Every kind is shown from the start, so a dashboard has a 0 line rather than no data.
for (const kind of ['shop', 'display', 'staff', 'order', 'other'] as const)
  streams.set({ kind }, 0);

const dropped = new client.Counter({
  name: 'jono_sse_dropped_total',
  help: 'Streams dropped because the client read too slowly (512 kB unsent); it reconnects',
  registers: [registry],
});

const sms = new client.Counter({
  name: 'jono_sms_total',
  help: 'SMS by market and result: sent, failed (after any retry) or retried',
  labelNames: ['market', 'result'] as const,
  registers: [registry],
});

const push = new client.Counter({
  name: 'jono_push_total',
  help: 'Web Push messages by result: sent, gone (subscription expired), failed or retried',
  labelNames: ['result'] as const,
  registers: [registry],
});

const rateLimited = new client.Counter({
  name: 'jono_rate_limit_refusals_total',
  help: 'Requests refused with 429 by a rate limit, by route',
  labelNames: ['route'] as const,
  registers: [registry],
});

/** A market's database connections now. */
export interface PoolUse {
  market: string;
  /** Connections open (PGlite: its one connection). */
  total: number;
  idle: number;
  /** Statements or transactions waiting for a connection (PGlite: for their turn). */
  waiting: number;
}
const poolSources = new Set<() => PoolUse[]>();
new client.Gauge({
  name: 'jono_db_pool_connections',
  help: 'Database connections per market and state (total, idle, waiting: requests queued for one)',
  labelNames: ['market', 'state'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const source of poolSources) {
      for (const use of source()) {
        for (const state of ['total', 'idle', 'waiting'] as const) {
          this.inc({ market: use.market, state }, use[state]);
        }
      }
    }
  },
});

/** Registers a source of pool use; answers the function that removes it (the app's close). */
export function watchPools(source: () => PoolUse[]): () => void {
  poolSources.add(source);
  return () => poolSources.delete(source);
}

const estimateError = new client.Gauge({
  name: 'jono_estimate_error_minutes',
  help: 'Mean absolute error of the waits shown (|actual - median shown|), per shop, over the closed loop window',
  labelNames: ['market', 'shop'] as const,
  registers: [registry],
});
const estimateCoverage = new client.Gauge({
  name: 'jono_estimate_range_coverage_ratio',
  help: 'Of the waits shown as a range, the share that fell inside it (aim 0.75-0.85), per shop',
  labelNames: ['market', 'shop'] as const,
  registers: [registry],
});
const estimateLonger = new client.Gauge({
  name: 'jono_estimate_longer_ratio',
  help: 'Share of customers who waited longer than the median shown (aim 0.45-0.55), per shop',
  labelNames: ['market', 'shop'] as const,
  registers: [registry],
});
const estimateOutcomes = new client.Gauge({
  name: 'jono_estimate_outcomes',
  help: 'Shown waits with a known outcome behind the estimate accuracy figures, per shop',
  labelNames: ['market', 'shop'] as const,
  registers: [registry],
});

export interface ShopAccuracy {
  shop: string;
  n: number;
  mae: number;
  longer: number;
  /** Null when no range was shown. */
  inside: number | null;
}

/** The shops each market has figures for, so that a shop gone from the window is removed. */
const accuracyShops = new Map<string, string[]>();

/** Sets a market's estimate accuracy figures (the previous ones of the market are replaced). */
export function estimateAccuracy(market: string, shops: readonly ShopAccuracy[]): void {
  for (const shop of accuracyShops.get(market) ?? []) {
    for (const gauge of [estimateError, estimateCoverage, estimateLonger, estimateOutcomes]) {
      gauge.remove({ market, shop });
    }
  }
  accuracyShops.set(
    market,
    shops.map((s) => s.shop),
  );
  for (const s of shops) {
    const labels = { market, shop: s.shop };
    estimateOutcomes.set(labels, s.n);
    estimateError.set(labels, s.mae);
    estimateLonger.set(labels, s.longer);
    if (s.inside !== null) estimateCoverage.set(labels, s.inside);
  }
}

// ---- hooks called from the rest of the code ----

/** A join was answered: `outcome` is "joined" or the refusal's error code. */
export function joinAnswered(
  market: string,
  source: JoinSource,
  outcome: string,
  seconds: number,
): void {
  joins.inc({ market, source, outcome });
  joinSeconds.observe({ market, source }, seconds);
}

/** A shop's new state reached all its streams `seconds` after this node heard of the change. */
export function changeDelivered(market: string, seconds: number): void {
  deliverySeconds.observe({ market }, seconds);
}

export function sweptShop(seconds: number): void {
  sweepShopSeconds.observe(seconds);
}

export function historyRead(cause: HistoryReadCause, seconds: number): void {
  historyReadSeconds.observe({ cause }, seconds);
}

export function streamOpened(kind: StreamKind): void {
  streams.inc({ kind });
}

export function streamClosed(kind: StreamKind): void {
  streams.dec({ kind });
}

export function streamDropped(): void {
  dropped.inc();
}

export function smsResult(market: string, result: 'sent' | 'failed' | 'retried'): void {
  sms.inc({ market, result });
}

export function pushResult(result: 'sent' | 'gone' | 'failed' | 'retried'): void {
  push.inc({ result });
}

export function rateLimitRefused(route: string): void {
  rateLimited.inc({ route });
}

/** A stream's kind from the route that opened it. */
export function streamKindOf(routeUrl: string | undefined): StreamKind {
  if (!routeUrl) return 'other';
  if (routeUrl.includes('/display')) return 'display';
  if (routeUrl.includes('/staff/')) return 'staff';
  if (routeUrl.includes('/orders/')) return 'order';
  if (routeUrl.includes('/pobs/')) return 'shop';
  return 'other';
}
