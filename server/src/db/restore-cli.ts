// `npm run restore -- FILE`: puts a backup of `npm run backup` in place of the embedded database
// (DATA_DIR/pglite/jono), with Jono stopped. The database there is moved aside, never deleted;
// the restored one is opened once (migrating it if the backup is older than this version) and its
// orders are counted per market.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { count } from 'drizzle-orm';
import webpush from 'web-push';
import { loadEnv } from '../config/env';
import { restoreInto } from '../lib/backups';
import { openMarketDbs, pgliteDir } from './client';
import { orders } from './schema';

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--'));
const force = args.includes('--force');
const env = loadEnv(process.env, () => webpush.generateVAPIDKeys());
if (!file) {
  console.error('usage: npm run restore -- FILE (a backup from `npm run backup`)');
  process.exit(2);
}
if (env.DATABASE_URL) {
  console.error('DATABASE_URL is set: restore PostgreSQL with pg_restore (docs/operations.md).');
  process.exit(2);
}

const running = await fetch(`http://127.0.0.1:${env.PORT}/healthz`, {
  signal: AbortSignal.timeout(2000),
}).then(
  () => true,
  () => false,
);
if (running) {
  console.error(`Jono answers on port ${env.PORT}: stop it before restoring.`);
  process.exit(1);
}
const dataDir = pgliteDir(env.DATA_DIR);
if (existsSync(join(dataDir, 'postmaster.pid')) && !force) {
  console.error(
    `${dataDir} looks open (a Jono running elsewhere, or one that did not stop cleanly).\n` +
      'Stop every Jono on this DATA_DIR; then `npm run restore -- FILE --force` moves it aside.',
  );
  process.exit(1);
}

const backup = new Blob([readFileSync(resolve(file))]);
const { movedAside } = await restoreInto(dataDir, backup);
if (movedAside) console.log(`the database that was there is now ${movedAside}`);

const dbs = await openMarketDbs({
  markets: env.MARKETS,
  dataDir,
  sharedBuffers: env.PGLITE_SHARED_BUFFERS,
  schemaPrefix: env.DATABASE_SCHEMA_PREFIX,
});
try {
  for (const { market, db } of dbs.markets.values()) {
    const [row] = await db.select({ n: count() }).from(orders);
    console.log(`${market}: ${row?.n ?? 0} orders`);
  }
} finally {
  await dbs.close();
}
console.log(`restored ${resolve(file)} into ${dataDir}; start Jono.`);
