// Idle memory and time to healthy with every market (five), on PGlite and on PostgreSQL: the
// first start on an empty database (migrations and demo seed), then a restart on the same data.
import { startJono } from './lib/jono-server';
import { parseOptions } from './lib/options';
import { onEachDatabase, type Backend } from './lib/postgres';
import { groupRssMiB } from './lib/proc';
import { sleep, stopAll, stopAllOnExit } from './lib/processes';

export interface FootprintBackend {
  backend: Backend;
  status: 'ok' | 'skipped' | 'failed';
  note?: string;
  markets?: number;
  /** Seconds to the first healthy answer: first start (empty database) and restart. */
  firstStartSeconds?: number;
  restartSeconds?: number;
  /** Resident memory of the server's processes after IDLE_SECONDS idle, MiB. */
  firstIdleRssMiB?: number;
  restartIdleRssMiB?: number;
}

export interface FootprintResult {
  idleSeconds: number;
  backends: FootprintBackend[];
}

const MARKETS = 'fi,ee,no,dk,se';
const IDLE_SECONDS = 10;

async function measure(
  backend: FootprintBackend['backend'],
  databaseUrl?: string,
): Promise<FootprintBackend> {
  const name = `footprint-${backend.toLowerCase()}`;
  const first = await startJono({ name, databaseUrl, markets: MARKETS });
  await sleep(IDLE_SECONDS * 1000);
  const firstIdleRssMiB = groupRssMiB(first.pgid);
  await first.stop(true);
  const again = await startJono({ name, databaseUrl, markets: MARKETS, dataDir: first.dataDir });
  try {
    await sleep(IDLE_SECONDS * 1000);
    return {
      backend,
      status: 'ok',
      markets: MARKETS.split(',').length,
      firstStartSeconds: first.healthySeconds,
      restartSeconds: again.healthySeconds,
      firstIdleRssMiB,
      restartIdleRssMiB: groupRssMiB(again.pgid),
    };
  } finally {
    await again.stop();
  }
}

export async function runFootprint(): Promise<FootprintResult> {
  const backends = await onEachDatabase(
    ['PGlite', 'PostgreSQL'],
    (backend, url) => measure(backend, url),
    (backend, status, note): FootprintBackend => ({ backend, status, note }),
  );
  return { idleSeconds: IDLE_SECONDS, backends };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  stopAllOnExit();
  parseOptions(process.argv.slice(2));
  console.log(JSON.stringify(await runFootprint(), null, 2));
  await stopAll();
}
