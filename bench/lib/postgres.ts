// A throwaway PostgreSQL cluster from Debian's package, on loopback, removed afterwards.
import { chmodSync, chownSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, registerCleanup, run } from './processes';
import { tempDir } from './paths';

export const PG_BIN = '/usr/lib/postgresql/15/bin';

export interface PgCluster {
  url: string;
  stop: () => Promise<void>;
}

export const postgresInstalled = () =>
  existsSync(join(PG_BIN, 'initdb')) && existsSync(join(PG_BIN, 'pg_ctl'));

/** Runs a command as the postgres user when we are root (initdb refuses root), else as us. */
async function asPostgres(command: string, timeoutMs = 120_000) {
  const isRoot = process.getuid?.() === 0;
  const result = isRoot
    ? await run('su', ['postgres', '-c', command], { timeoutMs })
    : await run('sh', ['-c', command], { timeoutMs });
  if (result.code !== 0) throw new Error(`${command} failed (${result.code}): ${result.output}`);
}

/** A cluster on the first free port from `portFrom` (5440 unless a run asks for its own range). */
export async function startPostgres(portFrom = 5440): Promise<PgCluster> {
  const dir = tempDir('pg');
  const data = join(dir, 'data');
  chmodSync(dir, 0o755);
  if (process.getuid?.() === 0) {
    const uid = Number((await run('id', ['-u', 'postgres'])).output.trim());
    const gid = Number((await run('id', ['-g', 'postgres'])).output.trim());
    chownSync(dir, uid, gid);
  }
  // Port 5433 belongs to the test suite (.ci/run); stay clear of it.
  const port = await freePort(portFrom);
  await asPostgres(`${PG_BIN}/initdb -D ${data} -A trust -U postgres --no-sync >/dev/null`);
  // BENCH_PG_OPTS: settings for the cluster (e.g. `-c log_statement=all`), and BENCH_PG_LOG a log
  // file kept after the run (the cluster's own is removed with it), to see what a bench sends.
  const extra = process.env.BENCH_PG_OPTS ?? '';
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=100 ${extra}`;
  const log = process.env.BENCH_PG_LOG ?? join(dir, 'log');
  await asPostgres(`${PG_BIN}/pg_ctl -D ${data} -o '${opts}' -l ${log} -w start >/dev/null`);
  const stop = async () => {
    unregister();
    await asPostgres(`${PG_BIN}/pg_ctl -D ${data} -m immediate -w stop >/dev/null`).catch(
      () => undefined,
    );
    rmSync(dir, { recursive: true, force: true });
  };
  // If the bench is interrupted: SIGQUIT is PostgreSQL's immediate shutdown.
  const kill = () => {
    try {
      const pid = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
      if (pid > 0) process.kill(pid, 'SIGQUIT');
    } catch {
      // Not running.
    }
  };
  const unregister = registerCleanup({ stop, kill });
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
}

export type Backend = 'PGlite' | 'PostgreSQL';

/**
 * Runs a benchmark on each database in turn: PGlite, and a throwaway PostgreSQL cluster (skipped
 * when not installed). A failure becomes that database's result instead of ending the bench.
 */
export async function onEachDatabase<T>(
  order: readonly Backend[],
  run: (backend: Backend, databaseUrl?: string) => Promise<T>,
  unavailable: (backend: Backend, status: 'skipped' | 'failed', note: string) => T,
): Promise<T[]> {
  const results: T[] = [];
  const message = (err: unknown) => (err instanceof Error ? err.message : String(err));
  for (const backend of order) {
    if (backend === 'PGlite') {
      results.push(await run(backend).catch((err) => unavailable(backend, 'failed', message(err))));
      continue;
    }
    if (!postgresInstalled()) {
      results.push(unavailable(backend, 'skipped', `PostgreSQL 15 is not installed (${PG_BIN})`));
      continue;
    }
    let pg: PgCluster | undefined;
    try {
      pg = await startPostgres();
      results.push(await run(backend, pg.url));
    } catch (err) {
      results.push(unavailable(backend, 'failed', message(err)));
    } finally {
      await pg?.stop();
    }
  }
  return results;
}
