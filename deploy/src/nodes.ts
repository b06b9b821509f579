// A Jono node as an operator runs it: the server on one port of this machine, on a shared
// PostgreSQL, behind the balancer (TRUST_PROXY=127.0.0.1: only the balancer names the client).
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { spawnChild, waitForHttp, type Child } from './processes';

export const REPO_DIR = resolve(import.meta.dirname, '../..');

export interface NodeOptions {
  name: string;
  port: number;
  /** The environment every node shares (DATABASE_URL, DATA_DIR, secrets, NODE_ENV ...). */
  env: NodeJS.ProcessEnv;
  /** Seed demo data into an empty database: only the first node, so that two never race. */
  seed: boolean;
  logFile?: string;
}

export interface JonoNode extends Child {
  port: number;
  url: string;
}

/** The command that runs the server as production does: the compiled server with plain node. */
export function serverCommand(): { command: string; args: string[] } {
  return { command: process.execPath, args: ['server/dist/server.js'] };
}

let built = false;
/** Compiles the server (`npm run build -w server`, esbuild: seconds) once per process. */
export function buildServer(): void {
  if (built) return;
  const result = spawnSync('npm', ['run', 'build', '-w', 'server'], {
    cwd: REPO_DIR,
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(`npm run build -w server failed:\n${result.stdout}${result.stderr}`);
  }
  built = true;
}

export function spawnNode(opts: NodeOptions): JonoNode {
  buildServer();
  const { command, args } = serverCommand();
  const child = spawnChild(opts.name, command, args, {
    cwd: REPO_DIR,
    logFile: opts.logFile,
    env: {
      ...opts.env,
      HOST: '127.0.0.1',
      PORT: String(opts.port),
      TRUST_PROXY: '127.0.0.1',
      SEED: opts.seed ? (opts.env.SEED ?? 'auto') : 'off',
    },
  });
  return { ...child, port: opts.port, url: `http://127.0.0.1:${opts.port}` };
}

/** Starts a node and waits until it answers /readyz (migrations, seed and warm-up done). */
export async function startNode(opts: NodeOptions, timeoutMs = 180_000): Promise<JonoNode> {
  const node = spawnNode(opts);
  try {
    await waitForHttp(`${node.url}/readyz`, node, timeoutMs);
  } catch (err) {
    await node.stop();
    throw err;
  }
  return node;
}
