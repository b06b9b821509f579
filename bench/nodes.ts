// One node and two nodes behind nginx (deploy/nginx/jono.conf, as `npm run cluster` runs it) on
// one PostgreSQL: the shop list (wrk, gzip) and the join-and-cancel cycle through the balancer.
import { startBalancer } from '@jono/deploy/nginx';
import { customers as register, MARKET, orderBodies } from './lib/api-client';
import { joinCancel, type JoinCancelRun } from './lib/join-cancel';
import { startJono, type JonoServer } from './lib/jono-server';
import { parseOptions, type BenchOptions } from './lib/options';
import { logFile, PORT_BASE } from './lib/paths';
import { postgresInstalled, startPostgres } from './lib/postgres';
import { groupCpuSeconds } from './lib/proc';
import { freePort, registerCleanup, stopAll, stopAllOnExit } from './lib/processes';
import { wrk, wrkInstalled, type WrkFigures } from './lib/wrk';

export interface NodesPoint {
  nodes: number;
  shopList?: WrkFigures;
  joinCancel?: JoinCancelRun;
  /** nginx's CPU over the join-and-cancel run, % of one core. */
  nginxCpu?: number;
}

export interface NodesResult {
  status: 'ok' | 'skipped' | 'failed';
  note?: string;
  customers: number;
  durationSec: number;
  points: NodesPoint[];
}

export async function runNodes(opts: BenchOptions): Promise<NodesResult> {
  const customers = opts.customers;
  const base = { customers, durationSec: opts.duration, points: [] as NodesPoint[] };
  if (!postgresInstalled()) return { ...base, status: 'skipped', note: 'no PostgreSQL 15' };
  if (!wrkInstalled()) return { ...base, status: 'skipped', note: 'wrk is not installed' };
  const pg = await startPostgres();
  const started: JonoServer[] = [];
  try {
    const a = await startJono({ name: 'node-a', databaseUrl: pg.url });
    started.push(a);
    // The second node shares the first one's DATA_DIR (its token key) and does not seed.
    const b = await startJono({
      name: 'node-b',
      databaseUrl: pg.url,
      dataDir: a.dataDir,
      env: { SEED: 'off' },
    });
    started.push(b);
    const people = await register(a.url, customers, 40_000);
    const bodies = await orderBodies(a.url);
    const points: NodesPoint[] = [];
    for (const nodes of [[a], [a, b]]) {
      const port = await freePort(PORT_BASE + 30);
      const lb = await startBalancer({
        nodes: nodes.map((n) => `127.0.0.1:${n.port}`),
        port,
        workers: 1,
        logFile: logFile(`nginx-${nodes.length}-nodes`),
        // autocannon is one address: let each join claim its own (see the join-and-cancel notes).
        passClientForwardedFor: true,
      });
      const unregister = registerCleanup({ stop: () => lb.stop(), kill: () => void lb.stop() });
      try {
        const pgids = nodes.map((n) => n.pgid);
        const list = {
          url: `${lb.url}/api/${MARKET}/pobs/`,
          headers: { 'Accept-Encoding': 'gzip' },
          connections: 50,
          threads: 1,
          serverPgids: pgids,
        };
        await wrk({ ...list, durationSec: 1 });
        const shopList = await wrk({ ...list, durationSec: opts.duration });
        const setup = { url: lb.url, customers: people, bodies, serverPgids: pgids };
        await joinCancel(setup, opts.warmup);
        const nginx0 = groupCpuSeconds(lb.child.pid ?? 0);
        const t0 = performance.now();
        const run = await joinCancel(setup, opts.duration);
        const seconds = (performance.now() - t0) / 1000;
        const nginx1 = groupCpuSeconds(lb.child.pid ?? 0);
        points.push({
          nodes: nodes.length,
          shopList,
          joinCancel: run,
          nginxCpu: Math.round(((nginx1 - nginx0) / seconds) * 100),
        });
      } finally {
        unregister();
        await lb.stop();
      }
    }
    return { ...base, status: 'ok', points };
  } finally {
    // The second node first, keeping the data directory the first one's stop removes.
    const [first, second] = started;
    await second?.stop(true);
    await first?.stop();
    await pg.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  stopAllOnExit();
  console.log(JSON.stringify(await runNodes(parseOptions(process.argv.slice(2))), null, 2));
  await stopAll();
}
