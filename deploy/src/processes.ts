// Child processes of the cluster, the deployment test and the bench: each in its own process
// group (so that stopping it also stops what it spawned), its output to a file or prefixed lines.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';

export interface Child {
  name: string;
  child: ChildProcess;
  /** Resolves when the process has exited. */
  exited: Promise<void>;
  /** SIGTERM, then SIGKILL after graceMs; resolves when it has exited. */
  stop(graceMs?: number): Promise<void>;
  /** Whether it is still running. */
  running(): boolean;
  /** The last lines it wrote (for error messages). */
  tail(): string;
}

export interface SpawnOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Write stdout and stderr to this file; else each line goes to our stdout as `[name] line`. */
  logFile?: string;
}

export function spawnChild(
  name: string,
  command: string,
  args: string[],
  opts: SpawnOptions = {},
): Child {
  const child = spawn(command, args, {
    cwd: opts.cwd,
    env: opts.env ?? process.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const keep = (line: string) => {
    lines.push(line);
    if (lines.length > 40) lines.shift();
  };
  const log = opts.logFile ? createWriteStream(opts.logFile, { flags: 'a' }) : undefined;
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    createInterface({ input: stream }).on('line', (line) => {
      keep(line);
      if (log) log.write(`${line}\n`);
      else process.stdout.write(`[${name}] ${line}\n`);
    });
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const running = () => child.exitCode === null && child.signalCode === null;
  return {
    name,
    child,
    exited,
    running,
    tail: () => lines.join('\n'),
    async stop(graceMs = 10_000) {
      if (running()) {
        signalGroup(child, 'SIGTERM');
        const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), graceMs);
        await exited;
        clearTimeout(timer);
      }
      // Whatever it spawned and left behind.
      signalGroup(child, 'SIGKILL');
      log?.end();
    },
  };
}

export function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Polls url until it answers 2xx; fails when the process exits or the time is up. */
export async function waitForHttp(
  url: string,
  proc: Child,
  timeoutMs: number,
  pollMs = 100,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!proc.running()) throw new Error(`${proc.name} exited:\n${proc.tail()}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(pollMs);
  }
  throw new Error(
    `${proc.name} did not answer ${url} within ${timeoutMs / 1000} s:\n${proc.tail()}`,
  );
}
