// Decision 011's measurement (issue 29, Deliver 6): PGlite on the server's event loop against
// PGlite in a worker thread (PGLITE_THREAD=on, server/src/db/pglite-worker.ts), with PostgreSQL
// beside them, in one run.
//
// 1. The cost of a statement, in this process through the server's own db layer (drizzle over
//    openMarketDbs): the round trip and the CPU of the calling (event-loop) thread for a one-row
//    read and for a 1,000-row read (rows that cross threads by structured clone in the worker).
// 2. The built server under write pressure: a customer's order list (GET
//    /customers/{id}/orders/, a statement on every request, no cache) read every 25 ms from a
//    prober on its own process (open loop), alone and then beside join+cancel cycles of
//    concurrent customers (autocannon, this process): the read's p50/p99, the cycles per second,
//    the join p99, the server's CPU and its main thread's. A second prober reads the shop list
//    (GET /pobs/, answered from memory, rebuilt after a change) at the same time: its tail is the
//    event loop's, not the database connection's.
// Each database runs `rounds` times in the order A B C, C B A, ... (drift on a shared machine
// falls on each alike). The load average is read before and after.
//
// npx tsx bench/pglite-thread.ts [--seconds=20] [--customers=50] [--rounds=2] [--kinds=loop,worker,pg]
// (BENCH_PORT=P: Jono on P, PostgreSQL from PG_PORT, default 5446)
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openMarketDbs } from '../server/src/db/client';
import { customers as register, orderBodies } from './lib/api-client';
import { joinCancel } from './lib/join-cancel';
import { startJono } from './lib/jono-server';
import { BENCH_DIR, logFile, PORT_BASE, tempDir } from './lib/paths';
import { postgresInstalled, startPostgres, type PgCluster } from './lib/postgres';
import { groupCpuSeconds, groupRssMiB } from './lib/proc';
import { run, stopAll, stopAllOnExit } from './lib/processes';
import { percentile } from './lib/stats';

type Kind = 'PGlite (event loop)' | 'PGlite (worker thread)' | 'PostgreSQL';
const ALL_KINDS: Kind[] = ['PGlite (event loop)', 'PGlite (worker thread)', 'PostgreSQL'];
/** --kinds=loop,worker,pg (default all three). */
const kindsArg = process.argv.find((x) => x.startsWith('--kinds='))?.slice('--kinds='.length);
const KINDS = kindsArg
  ? ALL_KINDS.filter((k) =>
      kindsArg
        .split(',')
        .some((w) => (w === 'pg' ? k === 'PostgreSQL' : k.includes(w === 'loop' ? 'event' : w))),
    )
  : ALL_KINDS;

const arg = (name: string, fallback: number) => {
  const a = process.argv.find((x) => x.startsWith(`--${name}=`));
  return a ? Number(a.slice(name.length + 3)) : fallback;
};
const SECONDS = arg('seconds', 20);
const CUSTOMERS = arg('customers', 50);
const ROUNDS = arg('rounds', 2);
const PG_PORT = Number(process.env.PG_PORT ?? 5446);
const CLK_TCK = 100;

/** CPU seconds of one thread (the main thread of a process is the one whose id is the pid). */
function threadCpuSeconds(pid: number, tid = pid): number {
  const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLK_TCK;
}
const processCpuSeconds = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
const ms = (x: number | null) => (x === null ? null : Math.round(x * 100) / 100);
const load = () => loadavg().map((x) => Math.round(x * 100) / 100);

interface StatementFigures {
  statements: number;
  p50Ms: number | null;
  p99Ms: number | null;
  /** CPU of the calling thread (the event loop) per statement, ms. */
  loopCpuMs: number;
  /** CPU of the whole process per statement (the worker thread's included), ms. */
  processCpuMs: number;
}

async function timeStatements(n: number, one: (i: number) => Promise<unknown>) {
  for (let i = 0; i < Math.min(50, n); i++) await one(i); // warm: plans, caches, JIT
  const lat: number[] = [];
  const loop0 = threadCpuSeconds(process.pid);
  const proc0 = processCpuSeconds();
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await one(i);
    lat.push(performance.now() - t0);
  }
  const loopCpu = threadCpuSeconds(process.pid) - loop0;
  const procCpu = processCpuSeconds() - proc0;
  lat.sort((a, b) => a - b);
  return {
    statements: n,
    p50Ms: ms(percentile(lat, 0.5)),
    p99Ms: ms(percentile(lat, 0.99)),
    loopCpuMs: ms((loopCpu * 1000) / n) ?? 0,
    processCpuMs: ms((procCpu * 1000) / n) ?? 0,
  } satisfies StatementFigures;
}

/** Part 1: one-row and 1,000-row reads through drizzle, on each database. */
async function statementCost(kind: Kind, pg?: PgCluster) {
  const dataDir = kind === 'PostgreSQL' ? undefined : tempDir('pglite-thread');
  const dbs = await openMarketDbs({
    markets: ['fi'],
    dataDir,
    pgliteThread: kind === 'PGlite (worker thread)',
    databaseUrl: kind === 'PostgreSQL' ? pg?.url : undefined,
    schemaPrefix: 'bench_',
  });
  try {
    const m = dbs.markets.get('fi');
    if (!m) throw new Error('no fi');
    // An order-like row: ids, a status, times, a few numbers and a JSON list of items.
    await m.db.execute(sql`drop table if exists bench_rows`);
    await m.db.execute(sql`create table bench_rows (
      id serial primary key, pob_id int not null, customer_id int, status text not null,
      source text not null, rank bigint not null, planned_minutes int not null,
      customer_at_pob boolean not null, joined_at timestamptz not null,
      checked_in_at timestamptz, started_at timestamptz, items jsonb not null, note text)`);
    await m.db.execute(sql`insert into bench_rows (pob_id, customer_id, status, source, rank,
      planned_minutes, customer_at_pob, joined_at, checked_in_at, items, note)
      select 1, g, 'active', 'app', g * 1000, 20 + g % 30, g % 3 = 0,
        now() - g * interval '1 minute', case when g % 3 = 0 then now() end,
        jsonb_build_array(jsonb_build_object('service_id', 1 + g % 5, 'count', 1)),
        case when g % 10 = 0 then 'a note' end
      from generate_series(1, 1000) g`);
    await m.db.execute(sql`analyze bench_rows`);
    const small = await timeStatements(2000, (i) =>
      m.db.execute(sql`select id, status, rank from bench_rows where id = ${1 + (i % 1000)}`),
    );
    const large = await timeStatements(100, async () => {
      const r = (await m.db.execute(sql`select * from bench_rows order by rank`)) as unknown as {
        rows: unknown[];
      };
      if (r.rows.length !== 1000) throw new Error(`read ${r.rows.length} rows`);
    });
    return { small, large };
  } finally {
    await dbs.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

interface Probe {
  count: number;
  errors: number;
  p50Ms: number | null;
  p99Ms: number | null;
  maxMs: number | null;
}

async function probe(url: string, token: string, seconds: number): Promise<Probe> {
  const r = await run(
    process.execPath,
    ['--import', 'tsx', join(BENCH_DIR, 'lib', 'read-probe.ts'), url, token, String(seconds), '25'],
    { cwd: BENCH_DIR, timeoutMs: (seconds + 60) * 1000 },
  );
  const line = r.output.trim().split('\n').at(-1) ?? '';
  if (r.code !== 0) throw new Error(`read probe failed: ${r.output}`);
  return JSON.parse(line) as Probe;
}

/** Part 2: the built server, a read prober beside join+cancel cycles. */
async function underLoad(kind: Kind, pg?: PgCluster) {
  const jono = await startJono({
    name: `pglite-thread-${kind === 'PostgreSQL' ? 'pg' : kind.includes('worker') ? 'worker' : 'loop'}`,
    port: PORT_BASE,
    databaseUrl: kind === 'PostgreSQL' ? pg?.url : undefined,
    // A fresh schema per run on the one PostgreSQL cluster.
    schemaPrefix: kind === 'PostgreSQL' ? `b${Date.now().toString(36)}_` : undefined,
    env: { PGLITE_THREAD: kind === 'PGlite (worker thread)' ? 'on' : 'off' },
  });
  try {
    const all = await register(jono.url, CUSTOMERS + 1);
    const reader = all[CUSTOMERS];
    if (!reader) throw new Error('no reader');
    const bodies = await orderBodies(jono.url);
    if (bodies.size === 0) throw new Error('no shop is taking orders now');
    const readUrl = `${jono.url}/api/fi/customers/${reader.id}/orders/`;
    const listUrl = `${jono.url}/api/fi/pobs/`;
    const quiet = await probe(readUrl, reader.token, 5);
    const quietList = await probe(listUrl, '-', 5);
    const main0 = threadCpuSeconds(jono.pgid);
    const all0 = groupCpuSeconds(jono.pgid);
    const t0 = performance.now();
    const [loaded, loadedList, cycles] = await Promise.all([
      probe(readUrl, reader.token, SECONDS),
      probe(listUrl, '-', SECONDS),
      joinCancel(
        { url: jono.url, customers: all.slice(0, CUSTOMERS), bodies, serverPgids: [jono.pgid] },
        SECONDS,
      ),
    ]);
    const seconds = (performance.now() - t0) / 1000;
    return {
      /** Resident memory after the load, MiB (PostgreSQL's own processes not included). */
      serverRssMiB: groupRssMiB(jono.pgid),
      quiet,
      loaded,
      quietList,
      loadedList,
      cyclesPerSec: cycles.cyclesPerSec,
      joinP50Ms: cycles.joinP50Ms,
      joinP99Ms: cycles.joinP99Ms,
      joinErrors: cycles.figures?.errors,
      clientCpu: cycles.clientCpu,
      /** % of one core over the loaded stretch (its cancel clean-up included). */
      serverCpu: Math.round(((groupCpuSeconds(jono.pgid) - all0) / seconds) * 100),
      serverMainThreadCpu: Math.round(((threadCpuSeconds(jono.pgid) - main0) / seconds) * 100),
    };
  } finally {
    await jono.stop();
  }
}

type Run = Awaited<ReturnType<typeof underLoad>> & Awaited<ReturnType<typeof statementCost>>;

const median = (xs: (number | null | undefined)[]) => {
  const v = xs.filter((x): x is number => typeof x === 'number').sort((a, b) => a - b);
  if (v.length === 0) return null;
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? (v[mid] ?? null) : ((v[mid - 1] ?? 0) + (v[mid] ?? 0)) / 2;
};
const ratio = (a: number | null, b: number | null) =>
  a !== null && b !== null && b > 0 ? Math.round((a / b) * 100) / 100 : null;

/** Medians over the rounds, and the ratios decision 011 turns on. */
function summarize(runs: Record<Kind, Run[]>) {
  const m = (kind: Kind, pick: (r: Run) => number | null | undefined) =>
    median((runs[kind] ?? []).map(pick));
  const rows: Record<string, Record<string, number | null>> = {};
  for (const kind of KINDS) {
    rows[kind] = {
      'small read ms p50': m(kind, (r) => r.small.p50Ms),
      'small read loop CPU ms': m(kind, (r) => r.small.loopCpuMs),
      'small read process CPU ms': m(kind, (r) => r.small.processCpuMs),
      '1,000 rows ms p50': m(kind, (r) => r.large.p50Ms),
      '1,000 rows loop CPU ms': m(kind, (r) => r.large.loopCpuMs),
      '1,000 rows process CPU ms': m(kind, (r) => r.large.processCpuMs),
      'order list p99 quiet': m(kind, (r) => r.quiet.p99Ms),
      'order list p99 loaded': m(kind, (r) => r.loaded.p99Ms),
      'order list p50 loaded': m(kind, (r) => r.loaded.p50Ms),
      'shop list p99 loaded': m(kind, (r) => r.loadedList.p99Ms),
      'cycles/s': m(kind, (r) => r.cyclesPerSec),
      'join p50': m(kind, (r) => r.joinP50Ms),
      'join p99': m(kind, (r) => r.joinP99Ms),
      'server CPU %': m(kind, (r) => r.serverCpu),
      'main thread CPU %': m(kind, (r) => r.serverMainThreadCpu),
      'server RSS MiB': m(kind, (r) => r.serverRssMiB),
    };
  }
  const pg = rows.PostgreSQL ?? {};
  for (const kind of KINDS.slice(0, 2)) {
    const r = rows[kind] ?? {};
    r['order list p99 / PostgreSQL'] = ratio(
      r['order list p99 loaded'] ?? null,
      pg['order list p99 loaded'] ?? null,
    );
    r['shop list p99 / PostgreSQL'] = ratio(
      r['shop list p99 loaded'] ?? null,
      pg['shop list p99 loaded'] ?? null,
    );
  }
  const loop = rows['PGlite (event loop)'] ?? {};
  const worker = rows['PGlite (worker thread)'] ?? {};
  worker['cycles/s / event loop'] = ratio(worker['cycles/s'] ?? null, loop['cycles/s'] ?? null);
  worker['join p99 / event loop'] = ratio(worker['join p99'] ?? null, loop['join p99'] ?? null);
  return rows;
}

async function main() {
  stopAllOnExit();
  if (!postgresInstalled()) throw new Error('PostgreSQL 15 is not installed');
  const startedLoad = load();
  const startedAt = new Date().toISOString();
  const pg = await startPostgres(PG_PORT);
  const statements: Record<string, unknown[]> = {};
  const servers: Record<string, unknown[]> = {};
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? KINDS : [...KINDS].reverse();
      for (const kind of order) {
        const before = load();
        const cost = await statementCost(kind, pg);
        const loaded = await underLoad(kind, pg);
        const entry = { round, loadBefore: before, loadAfter: load(), ...cost, ...loaded };
        console.log(kind, JSON.stringify(entry));
        (statements[kind] ??= []).push(cost);
        (servers[kind] ??= []).push(entry);
      }
    }
  } finally {
    await pg.stop();
    await stopAll();
  }
  const summary = summarize(servers as Record<Kind, Run[]>);
  console.table(summary);
  const result = {
    summary,
    startedAt,
    seconds: SECONDS,
    customers: CUSTOMERS,
    rounds: ROUNDS,
    loadBefore: startedLoad,
    loadAfter: load(),
    runs: servers,
  };
  mkdirSync(join(BENCH_DIR, '.tmp'), { recursive: true });
  const file = join(BENCH_DIR, '.tmp', 'pglite-thread.json');
  writeFileSync(file, JSON.stringify(result, null, 2));
  console.log(`written ${file}; logs in ${logFile('pglite-thread-loop')}`);
}

await main();
