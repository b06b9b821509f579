// wrk (Debian's package) for HTTP reads: a C load generator on epoll, far lighter than any
// Node.js client, so the figure is the server's. Its own CPU is measured and reported.
import { existsSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { groupCpuSeconds } from './proc';

export const WRK_BIN = '/usr/bin/wrk';
export const wrkInstalled = () => existsSync(WRK_BIN);

export interface WrkFigures {
  reqPerSec: number;
  /** Latency percentiles, ms. */
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Bytes per response as received (headers + body). */
  bytesPerResponse: number;
  /** Socket errors (connect, read, write, timeout) and non-2xx/3xx answers. */
  errors: number;
  /** wrk's own CPU over the run, % of one core. */
  clientCpu: number;
  /** The server's CPU over the run, % of one core (its whole process group). */
  serverCpu: number;
}

export interface WrkRun {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  threads: number;
  durationSec: number;
  /** Process groups of the server(s), to report their CPU. */
  serverPgids?: number[];
}

const toMs = (value: string, unit: string) =>
  Number(value) * (unit === 'us' ? 0.001 : unit === 's' ? 1000 : unit === 'm' ? 60_000 : 1);

const toBytes = (value: string, unit: string) =>
  Number(value) * ({ B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 }[unit] ?? 1);

export function parseWrk(output: string): Omit<WrkFigures, 'clientCpu' | 'serverCpu'> {
  const num = (re: RegExp) => re.exec(output);
  const rps = num(/Requests\/sec:\s+([\d.]+)/);
  const total = num(/(\d+) requests in ([\d.]+)(\w+), ([\d.]+)(\w+) read/);
  const p50 = num(/\s50%\s+([\d.]+)(us|ms|s|m)/);
  const p99 = num(/\s99%\s+([\d.]+)(us|ms|s|m)/);
  if (!rps || !total || !p50 || !p99) throw new Error(`Unexpected wrk output:\n${output}`);
  const requests = Number(total[1]);
  const socket = num(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
  const non2xx = Number(num(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? 0);
  const socketErrors = socket ? socket.slice(1, 5).reduce((s, x) => s + Number(x), 0) : 0;
  return {
    reqPerSec: Math.round(Number(rps[1])),
    p50Ms: Math.round(toMs(p50[1] ?? '0', p50[2] ?? 'ms') * 100) / 100,
    p99Ms: Math.round(toMs(p99[1] ?? '0', p99[2] ?? 'ms') * 100) / 100,
    requests,
    bytesPerResponse:
      requests > 0 ? Math.round(toBytes(total[4] ?? '0', total[5] ?? 'B') / requests) : 0,
    errors: socketErrors + non2xx,
  };
}

/** One wrk run; answers its figures with wrk's and the server's CPU. */
export function wrk(run: WrkRun): Promise<WrkFigures> {
  const args = [
    `-t${run.threads}`,
    `-c${run.connections}`,
    `-d${run.durationSec}s`,
    '--latency',
    '--timeout',
    '10s',
    ...Object.entries(run.headers ?? {}).flatMap(([k, v]) => ['-H', `${k}: ${v}`]),
    run.url,
  ];
  // bash's `times` prints the CPU its children used: wrk's own user and system time, exactly.
  const script = `${WRK_BIN} "$@"; code=$?; times; exit $code`;
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', script, 'wrk', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const serverCpuNow = () => (run.serverPgids ?? []).reduce((t, p) => t + groupCpuSeconds(p), 0);
    const server0 = serverCpuNow();
    const t0 = performance.now();
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.once('error', reject);
    child.once('close', (code) => {
      const seconds = (performance.now() - t0) / 1000;
      const serverCpu = serverCpuNow() - server0;
      if (code !== 0) return reject(new Error(`wrk exited with ${code}:\n${output}`));
      try {
        resolve({
          ...parseWrk(output),
          clientCpu: Math.round((childCpuSeconds(output) / seconds) * 100),
          serverCpu: Math.round((serverCpu / seconds) * 100),
        });
      } catch (err) {
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    });
  });
}

/** The children's line of bash's `times` ("0m1.230s 0m0.450s"), in seconds. */
function childCpuSeconds(output: string): number {
  const lines = [...output.matchAll(/^(\d+)m([\d.]+)s (\d+)m([\d.]+)s$/gm)];
  const last = lines[lines.length - 1];
  if (!last) return 0;
  const [, um, us, sm, ss] = last;
  return Number(um) * 60 + Number(us) + Number(sm) * 60 + Number(ss);
}
