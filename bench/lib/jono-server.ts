// Starts Jono as a child process the way an operator would (the server command of deploy/,
// NODE_ENV=production), on a fresh data directory or on one kept from an earlier start.
import { rmSync } from 'node:fs';
import { buildServer, serverCommand } from '@jono/deploy/nodes';
import { freePort, startProcess, waitForHttp, type Started } from './processes';
import { logFile, PORT_BASE, REPO_DIR, tempDir } from './paths';
import { smsSinkUrl } from './sms-sink';

export interface JonoServer {
  url: string;
  port: number;
  dataDir: string;
  proc: Started;
  /** Process group id (its pid): for CPU and memory readings. */
  pgid: number;
  /** Seconds from spawning to the first 200 of /healthz. */
  healthySeconds: number;
  /** Stops it; keeps the data directory when `keepData`. */
  stop: (keepData?: boolean) => Promise<void>;
}

export interface JonoStart {
  name: string;
  databaseUrl?: string;
  port?: number;
  /** Reuse this data directory (a restart); else a fresh one. */
  dataDir?: string;
  /** Markets to serve (default only fi: the others would only lengthen the start). */
  markets?: string;
  /** Schema prefix on PostgreSQL (a fresh one is a fresh database). */
  schemaPrefix?: string;
  env?: Record<string, string>;
}

export async function startJono(opts: JonoStart): Promise<JonoServer> {
  const port = opts.port ?? (await freePort(PORT_BASE));
  const dataDir = opts.dataDir ?? tempDir('data');
  buildServer();
  const server = serverCommand();
  // BENCH_CPU_PROF=<dir>: each Jono writes a V8 CPU profile there when it stops (open it in
  // Chrome DevTools' Performance panel) to see where a benchmark's time goes.
  const profileDir = process.env.BENCH_CPU_PROF;
  // BENCH_NODE_FLAGS: Node or V8 flags for Jono alone (e.g. --trace-gc, which NODE_OPTIONS refuses).
  const flags = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const args = [
    ...flags,
    ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
    ...server.args,
  ];
  const t0 = performance.now();
  const proc = startProcess('jono', server.command, args, {
    cwd: REPO_DIR,
    logFile: logFile(`jono-${opts.name}`),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      MARKETS: opts.markets ?? 'fi',
      SEED: 'auto',
      // Per-IP rate limits key on X-Forwarded-For (see the join-and-cancel benchmark).
      TRUST_PROXY: 'true',
      // The fan-out benchmark opens thousands of streams from this one address and staff
      // account: it measures delivery, not the per-client budgets (docs/security.md).
      STREAMS_PER_ADDRESS: '1000000',
      STREAMS_PER_ACCOUNT: '10000',
      // Registration codes go to the bench's own SMS sink (lib/sms-sink.ts).
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: await smsSinkUrl(),
      SMS_CODES_PER_HOUR: '1000000',
      ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : { DATABASE_URL: '' }),
      ...(opts.schemaPrefix ? { DATABASE_SCHEMA_PREFIX: opts.schemaPrefix } : {}),
      ...opts.env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${url}/healthz`, proc, 240_000, 20);
  } catch (err) {
    await proc.stop();
    if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  return {
    url,
    port,
    dataDir,
    proc,
    pgid: proc.child.pid ?? 0,
    healthySeconds: Math.round((performance.now() - t0) / 10) / 100,
    stop: async (keepData = false) => {
      await proc.stop();
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
