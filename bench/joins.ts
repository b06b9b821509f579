// Join and cancel at 20, 100 and 300 concurrent customers, on PGlite and on PostgreSQL, cold (the
// first seconds after a restart) and warm (right after, on the same process).
import { customers as register, orderBodies } from './lib/api-client';
import { joinCancel, type JoinCancelRun } from './lib/join-cancel';
import { startJono, type JonoServer } from './lib/jono-server';
import { parseOptions, type BenchOptions } from './lib/options';
import { onEachDatabase, type Backend } from './lib/postgres';
import { stopAll, stopAllOnExit } from './lib/processes';

export interface JoinsPoint {
  customers: number;
  /** Seconds from spawning the restarted server to its first healthy answer. */
  restartSeconds: number;
  cold: JoinCancelRun;
  warm: JoinCancelRun;
}

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
      points.push({ customers: size, restartSeconds: jono.healthySeconds, cold, warm });
    }
    return { backend, status: 'ok', points };
  } finally {
    await jono.stop();
  }
}

export async function runJoins(opts: BenchOptions): Promise<JoinsResult> {
  const sizes = opts.quick ? [20] : [20, 100, 300];
  const durationSec = opts.duration;
  const backends = await onEachDatabase(
    ['PGlite', 'PostgreSQL'],
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
