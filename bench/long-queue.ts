// The cost of a change in a long queue (issue 29, Deliver 2), on PostgreSQL with real sockets: a
// shop with 1,000 waiting and one with 50, every waiting customer following their own order's
// stream (held by load-generator processes), and staff changing the chairs on duty (every wait
// moves) one change at a time. Reports per shop the server's CPU per change (less the idle
// CPU of the same window), the delivery delay of the order messages (from their as_of), and
// /healthz while the long shop's changes go out. Targets: /healthz p99 <= 100 ms during them,
// and a change at 1,000 waiting costing at most 10x one at 50 (server/test/change-cost.test.ts
// checks the same in process). Run: `npx tsx bench/long-queue.ts [--long 1000] [--changes 10]`;
// --long 200 validates it. Prints JSON.
import { loadavg } from 'node:os';
import { TokenService } from '../server/src/lib/tokens';
import {
  healthProbe,
  openAll,
  record,
  recorded,
  seed,
  startWorker,
  tagOf,
  type ShopState,
} from './busy-hour';
import { MARKET } from './lib/api-client';
import { startJono } from './lib/jono-server';
import { startPostgres } from './lib/postgres';
import { groupCpuSeconds, groupRssMiB } from './lib/proc';
import { sleep, stopAll, stopAllOnExit } from './lib/processes';
import { percentile } from './lib/stats';
import type { StreamTarget } from './lib/stream-worker';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const LONG = arg('long', 1000);
const SHORT = arg('short', 50);
const CHANGES = arg('changes', 10);
/** Time given to each change to reach every stream before the next. */
const SETTLE_MS = arg('settle', 4000);
const JWT_SECRET = 'long-queue-bench-secret-that-is-long-enough-0123456789';

stopAllOnExit();
const pgCluster = await startPostgres();
const jono = await startJono({
  name: 'long-queue',
  databaseUrl: pgCluster.url,
  env: { JWT_SECRET },
});
const shops = await seed(pgCluster.url, new TokenService(JWT_SECRET), [LONG, SHORT]);
const api = `/api/${MARKET}`;
const targets: StreamTarget[] = shops.flatMap((s) =>
  s.waiting.map((o) => ({
    path: `${api}/customers/${o.customer}/orders/${o.id}/events`,
    token: o.token,
    tag: tagOf(s.id, 0),
  })),
);
const workers = [startWorker(), startWorker()];
const opened = await openAll(workers, jono.port, targets, 0);
await sleep(3000);

const ms = (x: number | null | undefined) => (x == null ? null : Math.round(x));

async function measure(shop: ShopState) {
  // The idle CPU of a window as long as a change's (timers, heartbeats, the sweep).
  const idle0 = groupCpuSeconds(jono.pgid);
  await sleep(SETTLE_MS);
  const idleMs = (groupCpuSeconds(jono.pgid) - idle0) * 1000;
  await record(workers);
  const probe = healthProbe(jono.url);
  const cpu: number[] = [];
  const answers: number[] = [];
  for (let i = 0; i < CHANGES; i++) {
    const c0 = groupCpuSeconds(jono.pgid);
    const t0 = performance.now();
    const res = await fetch(`${jono.url}${api}/staff/shop/`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${shop.staffToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ chairs: i % 2 === 0 ? 3 : 2 }),
    });
    await res.arrayBuffer();
    answers.push(performance.now() - t0);
    await sleep(SETTLE_MS - (performance.now() - t0));
    cpu.push((groupCpuSeconds(jono.pgid) - c0) * 1000 - idleMs);
  }
  const healthz = await probe();
  const { arrivals, cpuMs } = await recorded(workers);
  const delays = arrivals
    .filter((a) => a.tag === tagOf(shop.id, 0) && a.asOf !== undefined)
    .map((a) => a.at - (a.asOf ?? a.at))
    .sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  answers.sort((a, b) => a - b);
  return {
    waiting: shop.waiting.length,
    changes: CHANGES,
    serverCpuMsPerChange: ms(percentile(cpu, 0.5)),
    patchAnswerMs: { p50: ms(percentile(answers, 0.5)), max: ms(answers[answers.length - 1]) },
    orderMessages: delays.length,
    deliveryMs: { p50: ms(percentile(delays, 0.5)), p99: ms(percentile(delays, 0.99)) },
    healthzMs: {
      p50: ms(percentile(healthz, 0.5)),
      p99: ms(percentile(healthz, 0.99)),
      max: ms(healthz[healthz.length - 1]),
    },
    clientCpuMs: Math.round(cpuMs),
  };
}

const [longShop, shortShop] = shops as [ShopState, ShopState];
const short = await measure(shortShop);
const long = await measure(longShop);
console.log(
  JSON.stringify(
    {
      loadAverage: loadavg().map((x) => Math.round(x * 100) / 100),
      opened,
      short,
      long,
      costRatio:
        long.serverCpuMsPerChange !== null && short.serverCpuMsPerChange
          ? Math.round((long.serverCpuMsPerChange / short.serverCpuMsPerChange) * 10) / 10
          : null,
      serverRssMiB: groupRssMiB(jono.pgid),
    },
    null,
    2,
  ),
);
for (const w of workers) w.child.kill('SIGKILL');
await jono.stop();
await pgCluster.stop();
await stopAll();
process.exit(0);
