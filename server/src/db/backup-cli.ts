// `npm run backup [-- FILE]`: a consistent copy of the embedded database (every market) while
// Jono runs, taken by the running node (POST /admin/backup on 127.0.0.1:PORT, see
// plugins/backup.ts) and written to FILE (default DATA_DIR/backups/jono-<time>.tar.gz, mode 0600).
// `npm run backup -- --stopped [FILE]` copies a database no process has open (Jono stopped).
// With DATABASE_URL: PostgreSQL's own tools (pg_dump, PITR), see docs/operations.md.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import webpush from 'web-push';
import { loadEnv } from '../config/env';
import { backupFileName, backupToken } from '../lib/backups';
import { openMarketDbs, pgliteDir } from './client';

const args = process.argv.slice(2);
const stopped = args.includes('--stopped');
const file = args.find((a) => !a.startsWith('--'));
const env = loadEnv(process.env, () => webpush.generateVAPIDKeys());

if (env.DATABASE_URL) {
  console.error(
    'DATABASE_URL is set: back PostgreSQL up with its own tools, e.g.\n' +
      '  pg_dump --format=custom --file=jono.dump "$DATABASE_URL"\n' +
      'and continuous archiving for point-in-time recovery (docs/operations.md).',
  );
  process.exit(2);
}

const out = resolve(file ?? join(env.DATA_DIR, 'backups', backupFileName(new Date())));
let copy: Blob;
let from: string;
if (stopped) {
  const dbs = await openMarketDbs({
    markets: env.MARKETS,
    dataDir: pgliteDir(env.DATA_DIR),
    sharedBuffers: env.PGLITE_SHARED_BUFFERS,
    schemaPrefix: env.DATABASE_SCHEMA_PREFIX,
  });
  try {
    if (!dbs.backup) throw new Error('no embedded database');
    copy = await dbs.backup();
  } finally {
    await dbs.close();
  }
  from = `the stopped database in ${pgliteDir(env.DATA_DIR)}`;
} else {
  const url = `http://127.0.0.1:${env.PORT}/admin/backup`;
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${backupToken(env.jwtSecret)}` },
      signal: AbortSignal.timeout(30 * 60_000),
    });
  } catch (err) {
    console.error(
      `No Jono answers at ${url} (${err instanceof Error ? (err.cause ?? err.message) : String(err)}).\n` +
        'Start it, or, if it is stopped, copy its database with `npm run backup -- --stopped`.',
    );
    process.exit(1);
  }
  if (!res.ok) {
    console.error(
      `${url} answered ${res.status}: is it this DATA_DIR's Jono, with the same JWT_SECRET?`,
    );
    process.exit(1);
  }
  copy = await res.blob();
  from = `the running Jono on port ${env.PORT}`;
}

mkdirSync(dirname(out), { recursive: true, mode: 0o700 });
const partial = `${out}.partial`;
writeFileSync(partial, Buffer.from(await copy.arrayBuffer()), { mode: 0o600 });
renameSync(partial, out);
console.log(`${out}: ${(copy.size / 1e6).toFixed(1)} MB, every market, from ${from}`);
