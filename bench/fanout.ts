// Live updates at scale: thousands of shop, order and staff streams on one node, one change, and
// how long it takes to reach 50, 99 and 100 % of them, with the longest /healthz wait meanwhile;
// then reconnect storms (all clients cut off at once, coming back as the apps do, and all in the
// same instant). Order streams here are many per order (the streams over the shop's waiting
// orders): bench/busy-hour.ts and bench/long-queue.ts follow one order per stream, as in life
// (issue 29). The streams are held by separate
// load-generator processes on raw sockets (lib/stream-worker.ts), whose CPU is reported.
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import {
  customers,
  join as joinShop,
  orderBodies,
  send,
  setChairs,
  staffToken,
  MARKET,
  nextIp,
} from './lib/api-client';
import { startJono, type JonoServer } from './lib/jono-server';
import { parseOptions, type BenchOptions } from './lib/options';
import { BENCH_DIR } from './lib/paths';
import { onEachDatabase, type Backend } from './lib/postgres';
import { groupCpuSeconds, groupRssMiB } from './lib/proc';
import { registerCleanup, sleep, stopAll, stopAllOnExit } from './lib/processes';
import { percentile } from './lib/stats';
import type { StreamTarget, WorkerCommand, WorkerReport } from './lib/stream-worker';

export type StreamKind = 'shop' | 'order' | 'staff';

export interface FanoutPoint {
  kind: StreamKind;
  streams: number;
  opened: number;
  failed: number;
  /** ms from the change's request to its message on 50 / 99 / 100 % of the streams. */
  p50Ms: number | null;
  p99Ms: number | null;
  p100Ms: number | null;
  /** Streams the change never reached (within the wait). */
  missing: number;
  /** The longest /healthz answer while the change went out, ms. */
  healthzMaxMs: number;
  /** CPU over the change, % of one core: the server, and all load generators together. */
  serverCpu: number;
  clientCpu: number;
  serverRssMiB: number;
}

export interface StormResult {
  /**
   * "at once": every client connects in the same instant; "app back-off": as the apps reconnect
   * (full jitter from 1 s); "retry window": within the window the node's `retry:` field asks for
   * (reconnectSpreadMs of the streams it held).
   */
  mode: 'at once' | 'app back-off' | 'retry window';
  clients: number;
  /** Failed attempts tried again (app back-off). */
  retried: number;
  ok: number;
  failed: number;
  errors: Record<string, number>;
  /** ms from a client's connect() to its first message. */
  p50Ms: number | null;
  p99Ms: number | null;
  p100Ms: number | null;
  healthzMaxMs: number;
  serverCpu: number;
  clientCpu: number;
}

export interface FanoutBackend {
  backend: Backend;
  status: 'ok' | 'skipped' | 'failed';
  note?: string;
  /** Active orders in the measured shop (the order streams spread over them). */
  orders: number;
  points: FanoutPoint[];
  storms: StormResult[];
}

export interface FanoutResult {
  workers: number;
  sizes: number[];
  backends: FanoutBackend[];
}

const SHOP = 1;
const WAIT_MS = 30_000;

interface Worker {
  child: ChildProcess;
  ask: (
    cmd: WorkerCommand,
    expect: WorkerReport['type'],
    timeoutMs?: number,
  ) => Promise<WorkerReport>;
}

function startWorker(index: number): Worker {
  const child = fork(join(BENCH_DIR, 'lib', 'stream-worker.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  registerCleanup({
    stop: async () => void child.kill('SIGKILL'),
    kill: () => void child.kill('SIGKILL'),
  });
  const ask: Worker['ask'] = (cmd, expect, timeoutMs = 120_000) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        child.off('message', onMessage);
        reject(new Error(`stream worker ${index}: no ${expect} in ${timeoutMs / 1000} s`));
      }, timeoutMs);
      const onMessage = (msg: WorkerReport) => {
        if (msg.type !== expect) return;
        clearTimeout(timer);
        child.off('message', onMessage);
        resolve(msg);
      };
      child.on('message', onMessage);
      child.send(cmd);
    });
  return { child, ask };
}

/** Polls /healthz back to back (keep-alive) until stopped; answers the longest wait, ms. */
function healthProbe(url: string) {
  let stop = false;
  let longest = 0;
  const done = (async () => {
    while (!stop) {
      const t0 = performance.now();
      try {
        await (await fetch(`${url}/healthz`)).arrayBuffer();
      } catch {
        // Counted as a wait all the same.
      }
      longest = Math.max(longest, performance.now() - t0);
      await sleep(10);
    }
  })();
  return async () => {
    stop = true;
    await done;
    return Math.round(longest);
  };
}

/** The time by which a share p of `total` streams had the message; null if they never did. */
function reached(sorted: readonly number[], p: number, total: number): number | null {
  const i = Math.max(0, Math.ceil(p * total) - 1);
  return i < sorted.length ? (sorted[i] ?? null) : null;
}

const split = <T>(items: T[], parts: number): T[][] =>
  Array.from({ length: parts }, (_, w) => items.filter((_, i) => i % parts === w));

/** Source addresses for worker w: each its own range of 127/8, each with its own ports. */
const sources = (w: number, round: number) =>
  Array.from({ length: 4 }, (_, k) => `127.${10 + round}.${w + 1}.${k + 1}`);

/** Opens the targets' streams, split over the workers; `batch` at a time each (0: all at once). */
function openStreams(
  jono: JonoServer,
  workers: Worker[],
  targets: StreamTarget[],
  round: number,
  batch: number,
  droppedAt?: number,
  useRetry?: boolean,
): Promise<(WorkerReport | undefined)[]> {
  return Promise.all(
    split(targets, workers.length).map((part, w) =>
      workers[w]?.ask(
        {
          type: 'open',
          host: '127.0.0.1',
          port: jono.port,
          from: sources(w, round),
          targets: part,
          batch,
          droppedAt,
          useRetry,
        },
        'opened',
        300_000,
      ),
    ),
  );
}

async function measureKind(
  jono: JonoServer,
  workers: Worker[],
  kind: StreamKind,
  sizes: number[],
  targetOf: (i: number) => StreamTarget,
  change: () => Promise<void>,
  round: number,
): Promise<FanoutPoint[]> {
  const points: FanoutPoint[] = [];
  let opened = 0;
  let failed = 0;
  for (const size of sizes) {
    // Open the streams this size adds, split over the workers, 250 at a time each.
    const targets = Array.from({ length: size - opened - failed }, (_, i) =>
      targetOf(opened + failed + i),
    );
    const reports = await openStreams(jono, workers, targets, round, 250);
    for (const r of reports) {
      if (r?.type !== 'opened') continue;
      opened += r.ok;
      failed += r.failed;
    }
    await Promise.all(workers.map((w) => w.ask({ type: 'arm' }, 'armed')));
    const stopProbe = healthProbe(jono.url);
    const server0 = groupCpuSeconds(jono.pgid);
    const t0 = performance.timeOrigin + performance.now();
    const c0 = performance.now();
    await change();
    const arrivals = await Promise.all(
      workers.map(
        (w) =>
          new Promise<WorkerReport>((resolve) => {
            const onMessage = (msg: WorkerReport) => {
              if (msg.type !== 'arrivals') return;
              clearTimeout(timer);
              w.child.off('message', onMessage);
              resolve(msg);
            };
            // Not all reached in time: ask for what arrived.
            const timer = setTimeout(() => w.child.kill('SIGUSR2'), WAIT_MS);
            w.child.on('message', onMessage);
          }),
      ),
    );
    const seconds = (performance.now() - c0) / 1000;
    const serverCpu = Math.round(((groupCpuSeconds(jono.pgid) - server0) / seconds) * 100);
    const healthzMaxMs = await stopProbe();
    const latencies: number[] = [];
    let missing = 0;
    let clientCpuMs = 0;
    for (const a of arrivals) {
      if (a.type !== 'arrivals') continue;
      latencies.push(...a.at.map((t) => t - t0));
      missing += a.missing;
      clientCpuMs += a.cpuMs;
    }
    latencies.sort((x, y) => x - y);
    const ms = (x: number | null) => (x === null ? null : Math.round(x));
    points.push({
      kind,
      streams: size,
      opened,
      failed,
      p50Ms: ms(reached(latencies, 0.5, opened)),
      p99Ms: ms(reached(latencies, 0.99, opened)),
      p100Ms: ms(reached(latencies, 1, opened)),
      missing,
      healthzMaxMs,
      serverCpu,
      clientCpu: Math.round((clientCpuMs / 1000 / seconds) * 100),
      serverRssMiB: groupRssMiB(jono.pgid),
    });
  }
  await Promise.all(workers.map((w) => w.ask({ type: 'close' }, 'closed')));
  // Let the server notice the closed sockets before the next kind.
  await sleep(2000);
  return points;
}

async function storm(
  jono: JonoServer,
  workers: Worker[],
  clients: number,
  targetOf: (i: number) => StreamTarget,
  mode: StormResult['mode'],
  round: number,
): Promise<StormResult> {
  const targets = Array.from({ length: clients }, (_, i) => targetOf(i));
  const stopProbe = healthProbe(jono.url);
  const server0 = groupCpuSeconds(jono.pgid);
  const c0 = performance.now();
  // App back-off: the clients are cut off a moment from now (once every worker has the list).
  const droppedAt =
    mode === 'at once' ? undefined : performance.timeOrigin + performance.now() + 300;
  const reports = await openStreams(
    jono,
    workers,
    targets,
    round,
    0,
    droppedAt,
    mode === 'retry window',
  );
  const seconds = (performance.now() - c0) / 1000;
  const serverCpu = Math.round(((groupCpuSeconds(jono.pgid) - server0) / seconds) * 100);
  const healthzMaxMs = await stopProbe();
  const firsts: number[] = [];
  const errors: Record<string, number> = {};
  let failed = 0;
  let retried = 0;
  let clientCpuMs = 0;
  for (const r of reports) {
    if (r?.type !== 'opened') continue;
    firsts.push(...r.firstMessageMs);
    failed += r.failed;
    retried += r.retried;
    clientCpuMs += r.cpuMs;
    for (const [k, v] of Object.entries(r.errors)) errors[k] = (errors[k] ?? 0) + v;
  }
  firsts.sort((a, b) => a - b);
  await Promise.all(workers.map((w) => w.ask({ type: 'close' }, 'closed')));
  const ms = (x: number | null) => (x === null ? null : Math.round(x));
  // Let the server notice the closed sockets before what comes next.
  await sleep(2000);
  return {
    mode,
    clients,
    retried,
    ok: firsts.length,
    failed,
    errors,
    p50Ms: ms(percentile(firsts, 0.5)),
    p99Ms: ms(percentile(firsts, 0.99)),
    p100Ms: failed === 0 ? ms(firsts[firsts.length - 1] ?? null) : null,
    healthzMaxMs,
    serverCpu,
    clientCpu: Math.round((clientCpuMs / 1000 / seconds) * 100),
  };
}

async function runBackend(
  backend: FanoutBackend['backend'],
  opts: BenchOptions,
  sizes: number[],
  workerCount: number,
  databaseUrl?: string,
): Promise<FanoutBackend> {
  const jono = await startJono({ name: `fanout-${backend.toLowerCase()}`, databaseUrl });
  const workers = Array.from({ length: workerCount }, (_, i) => startWorker(i));
  try {
    const base = jono.url;
    const staff = await staffToken(base, SHOP);
    const body = (await orderBodies(base)).get(SHOP);
    if (!body) throw new Error(`shop ${SHOP} is not taking orders`);
    const orderCount = opts.quick ? 10 : 100;
    const people = await customers(base, orderCount, 20_000);
    const orders = await Promise.all(
      people.map(async (c) => ({ c, orderId: await joinShop(base, c, body) })),
    );
    // Three chairs, all busy: every waiting customer's wait depends on the chairs on duty, so a
    // fourth chair and back moves every waiting order (an order stream is sent only a message
    // that differs from the one it has, issue 29: with a free chair the first in line would wait
    // nothing either way and get no message).
    await setChairs(base, staff, 3);
    const seated = orders.slice(0, 3);
    for (const o of seated) {
      const res = await send(`${base}/api/${MARKET}/staff/orders/${o.orderId}/start/`, {
        body: {},
        token: staff,
      });
      if (res.status !== 200) throw new Error(`start answered ${res.status}`);
    }
    const waiting = orders.slice(seated.length);
    let chairs = 3;
    const change = async () => {
      chairs = chairs === 3 ? 4 : 3;
      await setChairs(base, staff, chairs);
    };
    const api = `/api/${MARKET}`;
    // Order streams spread over the shop's orders, as many customers each follow their own,
    // opened as the apps open them: a stream ticket first (POST /stream-ticket/), each client from
    // an address of its own.
    const ticketPath = `${api}/stream-ticket/`;
    const orderTarget = (i: number): StreamTarget => {
      const o = waiting[i % waiting.length];
      return {
        path: `${api}/customers/${o?.c.id}/orders/${o?.orderId}/events`,
        token: o?.c.token,
        ticketPath,
        client: nextIp(),
      };
    };
    const kinds: [StreamKind, (i: number) => StreamTarget][] = [
      ['shop', () => ({ path: `${api}/pobs/${SHOP}/events`, client: nextIp() })],
      ['order', orderTarget],
      [
        'staff',
        () => ({ path: `${api}/staff/events`, token: staff, ticketPath, client: nextIp() }),
      ],
    ];
    const points: FanoutPoint[] = [];
    let round = 0;
    for (const [kind, targetOf] of kinds) {
      points.push(...(await measureKind(jono, workers, kind, sizes, targetOf, change, round++)));
    }
    const clients = sizes[sizes.length - 1] ?? 1000;
    const storms = [
      await storm(jono, workers, clients, orderTarget, 'app back-off', 9),
      await storm(jono, workers, clients, orderTarget, 'retry window', 11),
      await storm(jono, workers, clients, orderTarget, 'at once', 10),
    ];
    return { backend, status: 'ok', orders: waiting.length, points, storms };
  } finally {
    for (const w of workers) w.child.kill('SIGKILL');
    await jono.stop();
  }
}

export async function runFanout(opts: BenchOptions): Promise<FanoutResult> {
  const sizes = opts.quick ? [200, 1000] : [1000, 5000, 10_000];
  const workerCount = 3;
  const backends = await onEachDatabase(
    ['PostgreSQL', 'PGlite'],
    (backend, url) => runBackend(backend, opts, sizes, workerCount, url),
    (backend, status, note): FanoutBackend => ({
      backend,
      status,
      note,
      orders: 0,
      points: [],
      storms: [],
    }),
  );
  return { workers: workerCount, sizes, backends };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  stopAllOnExit();
  const result = await runFanout(parseOptions(process.argv.slice(2)));
  console.log(JSON.stringify(result, null, 2));
  await stopAll();
}
