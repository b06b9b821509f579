// Where the bench lives and keeps its scratch files (bench/.tmp is gitignored).
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const BENCH_DIR = resolve(import.meta.dirname, '..');
export const REPO_DIR = resolve(BENCH_DIR, '..');
export const SCRATCH_DIR = join(BENCH_DIR, '.tmp');
export const LOG_DIR = join(SCRATCH_DIR, 'logs');

export function logFile(name: string): string {
  mkdirSync(LOG_DIR, { recursive: true });
  return join(LOG_DIR, `${name}.log`);
}

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `jono-bench-${prefix}-`));
}

/**
 * BENCH_PORT=P: servers the bench starts take free ports from P (Jono), P+20 (nginx), P+25;
 * BENCH_PORTS=A-B: every one the first free port from A to B (lib/processes.ts freePort).
 */
export const PORT_BASE = Number(process.env.BENCH_PORT ?? 4600);
