// Backups of the embedded database: the token the backup command shows the running server, the
// file names, and a restore into a data directory. (PostgreSQL: pg_dump and PITR, see
// docs/operations.md.)
import { createHmac, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * The bearer token of POST /admin/backup: derived from the node's JWT secret (JWT_SECRET, or the
 * one generated into DATA_DIR/secrets.json), so the backup command on the same machine, with the
 * same environment, has it and nobody needs another secret.
 */
export function backupToken(jwtSecret: string): string {
  return createHmac('sha256', jwtSecret).update('jono:backup').digest('base64url');
}

export function tokenMatches(given: string | undefined, expected: string): boolean {
  const a = Buffer.from(given ?? '');
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** `jono-2026-11-26T11-30-00Z.tar.gz`: sorts by time. */
export function backupFileName(at: Date): string {
  return `jono-${at
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-')}.tar.gz`;
}

/**
 * Restores a backup (PGlite's gzipped tar of its data directory) into `dataDir`, which must not
 * hold a database: an existing one is first moved aside to `${dataDir}.before-restore-<time>`
 * (answered), never deleted.
 */
export async function restoreInto(
  dataDir: string,
  backup: Blob,
  at = new Date(),
): Promise<{ movedAside?: string }> {
  let movedAside: string | undefined;
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    movedAside = `${dataDir}.before-restore-${at.toISOString().replaceAll(':', '-')}`;
    renameSync(dataDir, movedAside);
  }
  mkdirSync(dirname(dataDir), { recursive: true });
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create({ dataDir, loadDataDir: backup });
  await db.query('select 1');
  await db.close();
  return { movedAside };
}
