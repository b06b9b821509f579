// Child processes the benchmarks start (Jono, nginx, PostgreSQL), each in its own process group
// so that stopping it also stops what it spawned; every one is stopped when the bench exits.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { signalGroup, spawnChild, type Child } from '@jono/deploy/processes';

export { sleep, waitForHttp } from '@jono/deploy/processes';

export interface Started extends Child {
  logFile: string;
}

const running = new Set<Started>();

/** Cleanups of things not started through startProcess (a pg_ctl cluster): async and last-resort sync. */
const cleanups = new Set<{ stop: () => Promise<void>; kill: () => void }>();
export function registerCleanup(cleanup: { stop: () => Promise<void>; kill: () => void }) {
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

/** A child in its own process group (deploy/src/processes.ts), stopped when the bench exits. */
export function startProcess(
  name: string,
  command: string,
  args: string[],
  opts: { cwd?: string; env?: NodeJS.ProcessEnv; logFile: string },
): Started {
  const child = spawnChild(name, command, args, opts);
  const started: Started = {
    ...child,
    logFile: opts.logFile,
    stop: async (graceMs) => {
      running.delete(started);
      await child.stop(graceMs);
    },
  };
  running.add(started);
  return started;
}

/** Stops every process still running (on normal end and on interruption). */
export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((p) => p.stop()));
  await Promise.all([...cleanups].map((c) => c.stop().catch(() => undefined)));
  cleanups.clear();
}

let hooked = false;
export function stopAllOnExit(): void {
  if (hooked) return;
  hooked = true;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void stopAll().finally(() => process.exit(130));
    });
  }
  process.once('exit', () => {
    for (const p of running) signalGroup(p.child, 'SIGKILL');
    for (const c of cleanups) c.kill();
  });
}

/** Whether nothing listens on 127.0.0.1:port. */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/**
 * The first free port from start on; with BENCH_PORTS=A-B (a machine shared by several people,
 * each with a range of ports), the first free one from A to B instead, whatever `start` is.
 */
export async function freePort(start: number): Promise<number> {
  const range = /^(\d+)-(\d+)$/.exec(process.env.BENCH_PORTS ?? '');
  const [from, to] = range ? [Number(range[1]), Number(range[2])] : [start, start + 99];
  for (let port = from; port <= to; port++) if (await portIsFree(port)) return port;
  throw new Error(`No free port from ${from} to ${to}`);
}

/** Runs a command to completion; answers its exit code and output. */
export function run(
  command: string,
  args: string[],
  opts: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: opts.cwd,
      env: opts.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const timer = opts.timeoutMs
      ? setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs)
      : undefined;
    child.once('error', (err) => {
      if (timer) clearTimeout(timer);
      resolve({ code: -1, output: output + String(err) });
    });
    child.once('close', (code) => {
      if (timer) clearTimeout(timer);
      resolve({ code: code ?? -1, output });
    });
  });
}
