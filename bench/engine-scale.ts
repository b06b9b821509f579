// Scale of the queue engine, in process: the time estimateQueue takes for one shop's queue of
// 10, 100 and 1000 orders, and for 10, 100 and 1000 shops of a typical queue each; the engine as
// the server ships it (lib/bundled-queue.ts).
import { buildDurationModel, mulberry32 } from '@jono/queue';
import type { QueueOrder, ServedOrder, ShopQueueState } from '@jono/queue';
import { bundledQueue } from './lib/bundled-queue';
import { parseOptions, type BenchOptions } from './lib/options';
import { interleavedMedians, round } from './lib/stats';

export interface ScalePoint {
  size: number;
  /** Median milliseconds of one recomputation at this size. */
  ms: number;
  /** ms at this size / ms at a tenth of it. */
  ratio: number | null;
}

export interface EngineResult {
  samples: number;
  ordersPerShop: number;
  queue: ScalePoint[];
  shops: ScalePoint[];
}

const MINUTE = 60_000;
const NOW = Date.UTC(2026, 10, 21, 12, 0);
const CHAIRS = 3;
/** A typical busy shop's queue when the shop count grows. */
const ORDERS_PER_SHOP = 10;

const PLANNED = [10, 15, 20, 20, 30, 25];

function history(rand: () => number): ServedOrder[] {
  return Array.from({ length: 300 }, () => {
    const serviceIds = [1 + Math.floor(rand() * 5)];
    const plannedMinutes = PLANNED[Math.floor(rand() * PLANNED.length)] ?? 20;
    return { serviceIds, plannedMinutes, actualMinutes: plannedMinutes * (0.7 + rand() * 0.7) };
  });
}

/** A shop at noon: CHAIRS orders in service, the rest waiting, some members, a day's forecast. */
export function shopState(orders: number, seed: number): ShopQueueState {
  // Deterministic (mulberry32): every run times the same queues.
  const rand = mulberry32(seed);
  const list: QueueOrder[] = Array.from({ length: orders }, (_, i) => {
    const joinedAt = NOW - (orders - i) * 2 * MINUTE;
    const r = rand();
    const priority = r < 0.75 ? 0 : r < 0.87 ? 1 : r < 0.95 ? 2 : 3;
    const inService = i < CHAIRS;
    return {
      id: i + 1,
      priority,
      joinedAt,
      rank: joinedAt,
      status: inService ? 'in_service' : 'waiting',
      startedAt: inService ? NOW - Math.floor(rand() * 15) * MINUTE : undefined,
      plannedMinutes: PLANNED[Math.floor(rand() * PLANNED.length)] ?? 20,
      serviceIds: [1 + Math.floor(rand() * 5)],
    };
  });
  const perHour = { 0: 4, 1: 1, 2: 0.6, 3: 0.4 };
  return {
    now: NOW,
    chairs: CHAIRS,
    orders: list,
    durationModel: buildDurationModel(history(rand)),
    arrivalsPerHour: perHour,
    arrivalsAhead: Array.from({ length: 8 }, (_, h) => ({
      at: NOW + (h + 1) * 60 * MINUTE,
      perHour: { 0: 3 + h * 0.5, 1: 1, 2: 0.5, 3: 0.3 },
    })),
    closesAt: NOW + 9 * 60 * MINUTE,
  };
}

function withRatios(points: { size: number; ms: number }[]): ScalePoint[] {
  return points.map((p, i) => {
    const prev = points[i - 1];
    return { size: p.size, ms: p.ms, ratio: prev && prev.ms > 0 ? round(p.ms / prev.ms, 2) : null };
  });
}

export async function runEngineScale(opts: BenchOptions): Promise<EngineResult> {
  const { estimateQueue } = await bundledQueue();
  const samples = opts.quick ? 21 : 101;
  const sizes = [10, 100, 1000];
  // Warm the JIT on every shape before timing anything.
  for (const n of sizes) for (let i = 0; i < 20; i++) estimateQueue(shopState(n, 1));

  // Sizes are timed in interleaved rounds, so that load from other processes on the shared
  // cores falls on every size alike and the ratios stay comparable.
  const queueStates = sizes.map((size) => shopState(size, size));
  const shopStates = sizes.map((size) =>
    Array.from({ length: size }, (_, i) => shopState(ORDERS_PER_SHOP, i + 1)),
  );
  const jobs = [
    ...queueStates.map((state) => () => estimateQueue(state)),
    ...shopStates.map((states) => () => {
      for (const state of states) estimateQueue(state);
    }),
  ];
  const perJob = interleavedMedians(jobs, samples);
  const queue = sizes.map((size, i) => ({ size, ms: perJob[i] ?? Number.NaN }));
  const shops = sizes.map((size, i) => ({ size, ms: perJob[sizes.length + i] ?? Number.NaN }));
  const fmt = (xs: { size: number; ms: number }[]) =>
    xs.map((x) => ({ size: x.size, ms: round(x.ms, 4) }));
  return {
    samples,
    ordersPerShop: ORDERS_PER_SHOP,
    queue: withRatios(fmt(queue)),
    shops: withRatios(fmt(shops)),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await runEngineScale(parseOptions(process.argv.slice(2))), null, 2));
}
