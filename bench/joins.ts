// Join and cancel at 20, 100 and 300 concurrent customers, on PGlite and on PostgreSQL, cold (the
// first seconds after a restart) and warm (right after, on the same process). On PostgreSQL, the
// floor too (lib/join-floor.ts: a bare Fastify route taking the same advisory lock and inserting
// one row in a transaction), cold and warm at each size, and Jono's join p99 over the floor's.
import { customers as register, orderBodies } from './lib/api-client';
import { joinCancel, type JoinCancelRun } from './lib/join-cancel';
import { startJono, type JonoServer } from './lib/jono-server';
import { parseOptions, type BenchOptions } from './lib/options';
import { onEachDatabase, type Backend } from './lib/postgres';
import { join as joinPath } from 'node:path';
import { BENCH_DIR, logFile } from './lib/paths';
import { freePort, startProcess, stopAll, stopAllOnExit, waitForHttp } from './lib/processes';

export interface JoinsPoint {
  customers: number;
  /** Seconds from spawning the restarted server to its first healthy answer. */
  restartSeconds: number;
  cold: JoinCancelRun;
  warm: JoinCancelRun;
  /** PostgreSQL: the floor, cold (a fresh process) and warm, and Jono's join p99 over it. */
  floor?: { cold: JoinCancelRun; warm: JoinCancelRun };
  p99VsFloor?: { cold: number | null; warm: number | null };
  /** Jono's server CPU per cycle over the floor's, cold and warm. */
  cpuPerCycleVsFloor?: { cold: number | null; warm: number | null };
}

/** The floor's server on the same database, a fresh process (cold). */
async function startFloor(databaseUrl: string) {
  const port = await freePort(4800);
  const proc = startProcess(
    'join-floor',
    process.execPath,
    [
      // BENCH_CPU_PROF profiles the floor too, so the two servers' time compares in one run.
      ...(process.env.BENCH_CPU_PROF
        ? [
            '--cpu-prof',
            `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`,
            `--cpu-prof-name=floor-${port}.cpuprofile`,
          ]
        : []),
      '--import',
      'tsx',
      joinPath(BENCH_DIR, 'lib', 'join-floor.ts'),
      String(port),
      databaseUrl,
    ],
    { cwd: BENCH_DIR, logFile: logFile('join-floor') },
  );
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/healthz`, proc, 60_000, 20);
  return { url, proc, pgid: proc.child.pid ?? 0 };
}

const over = (a: number | null | undefined, b: number | null | undefined) =>
  a != null && b != null && b > 0 ? Math.round((a / b) * 100) / 100 : null;

export interface JoinsBackend {
  backend: Backend;
  status: 'ok' | 'skipped' | 'failed';
  note?: string;
  points: JoinsPoint[];
}

export interface JoinsResult {
  tool: string;
  durationSec: number;
  sizes: number[];
  backends: JoinsBackend[];
}

async function runBackend(
  backend: JoinsBackend['backend'],
  sizes: number[],
  durationSec: number,
  databaseUrl?: string,
): Promise<JoinsBackend> {
  const name = `joins-${backend.toLowerCase()}`;
  let jono: JonoServer = await startJono({ name, databaseUrl });
  const dataDir = jono.dataDir;
  try {
    const all = await register(jono.url, Math.max(...sizes));
    const bodies = await orderBodies(jono.url);
    if (bodies.size === 0) throw new Error('no shop is taking orders now');
    const points: JoinsPoint[] = [];
    for (const size of sizes) {
      // Cold: a restart on the same data, then the load at once.
      await jono.stop(true);
      jono = await startJono({ name, databaseUrl, dataDir });
      const setup = {
        url: jono.url,
        customers: all.slice(0, size),
        bodies,
        serverPgids: [jono.pgid],
      };
      const cold = await joinCancel(setup, durationSec);
      const warm = await joinCancel(setup, durationSec);
      const point: JoinsPoint = {
        customers: size,
        restartSeconds: jono.healthySeconds,
        cold,
        warm,
      };
      if (databaseUrl) {
        const floor = await startFloor(databaseUrl);
        try {
          const floorSetup = { ...setup, url: floor.url, serverPgids: [floor.pgid] };
          const floorCold = await joinCancel(floorSetup, durationSec);
          const floorWarm = await joinCancel(floorSetup, durationSec);
          point.floor = { cold: floorCold, warm: floorWarm };
          point.p99VsFloor = {
            cold: over(cold.joinP99Ms, floorCold.joinP99Ms),
            warm: over(warm.joinP99Ms, floorWarm.joinP99Ms),
          };
          point.cpuPerCycleVsFloor = {
            cold: over(cold.serverCpuMsPerCycle, floorCold.serverCpuMsPerCycle),
            warm: over(warm.serverCpuMsPerCycle, floorWarm.serverCpuMsPerCycle),
          };
        } finally {
          await floor.proc.stop();
        }
      }
      points.push(point);
    }
    return { backend, status: 'ok', points };
  } finally {
    await jono.stop();
  }
}

/** A comma-separated list from the environment (JOINS_SIZES, JOINS_BACKENDS), or undefined. */
const listFromEnv = (name: string) =>
  process.env[name]
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export async function runJoins(opts: BenchOptions): Promise<JoinsResult> {
  // JOINS_SIZES=100,300 and JOINS_BACKENDS=PostgreSQL narrow a run to what is being compared.
  const sizes = listFromEnv('JOINS_SIZES')?.map(Number) ?? (opts.quick ? [20] : [20, 100, 300]);
  const order = (listFromEnv('JOINS_BACKENDS') ?? ['PGlite', 'PostgreSQL']).filter(
    (b): b is Backend => b === 'PGlite' || b === 'PostgreSQL',
  );
  const durationSec = opts.duration;
  const backends = await onEachDatabase(
    order,
    (backend, url) => runBackend(backend, sizes, durationSec, url),
    (backend, status, note): JoinsBackend => ({ backend, status, note, points: [] }),
  );
  return { tool: 'autocannon 9 (in the bench process)', durationSec, sizes, backends };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  stopAllOnExit();
  const result = await runJoins(parseOptions(process.argv.slice(2)));
  console.log(JSON.stringify(result, null, 2));
  await stopAll();
}
