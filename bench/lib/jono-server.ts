// Starts Jono as a child process on a fresh data directory, the way an operator would.
import { rmSync } from 'node:fs';
import { freePort, startProcess, waitForHttp } from './processes';
import { logFile, REPO_DIR, tempDir } from './paths';

export interface JonoServer {
  url: string;
  dataDir: string;
  stop: () => Promise<void>;
}

export async function startJono(opts: {
  name: string;
  databaseUrl?: string;
  port?: number;
}): Promise<JonoServer> {
  const port = opts.port ?? (await freePort(4600));
  const dataDir = tempDir('data');
  // BENCH_CPU_PROF=<dir>: each Jono writes a V8 CPU profile there when it stops (open it in
  // Chrome DevTools' Performance panel) to see where a benchmark's time goes.
  const profileDir = process.env.BENCH_CPU_PROF;
  const [command, args] = profileDir
    ? [process.execPath, ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, '--import', 'tsx']]
    : ['npx', ['tsx']];
  const proc = startProcess('jono', command, [...args, 'server/src/server.ts'], {
    cwd: REPO_DIR,
    logFile: logFile(`jono-${opts.name}`),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Only the market the bench calls: the others would only lengthen the start.
      MARKETS: 'fi',
      SEED: 'auto',
      // Per-IP rate limits key on X-Forwarded-For (see the join-and-cancel benchmark).
      TRUST_PROXY: 'true',
      ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
    },
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${url}/healthz`, proc, 240_000);
  } catch (err) {
    await proc.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  return {
    url,
    dataDir,
    stop: async () => {
      await proc.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
