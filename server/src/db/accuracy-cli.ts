// `npm run accuracy`: how honest the waits shown by each shop were, from the database's stored
// records (wait_estimates, the closed loop) and the waits that followed (the orders' started_at).
// Reads the same database the server is configured with (DATABASE_URL, else DATA_DIR's PGlite).
import webpush from 'web-push';
import { accuracyTable, formatAccuracyTable } from '@jono/queue';
import { loadEnv } from '../config/env';
import { openMarketDbs, pgliteDir } from './client';
import { shownOutcomesByShop } from '../services/estimate-accuracy';

const days = Number(process.argv[2] ?? 14);
const env = loadEnv(process.env, () => webpush.generateVAPIDKeys());
const dbs = await openMarketDbs({
  markets: env.MARKETS,
  dataDir: env.DATABASE_URL ? undefined : pgliteDir(env.DATA_DIR),
  databaseUrl: env.DATABASE_URL,
  sharedBuffers: env.PGLITE_SHARED_BUFFERS,
  schemaPrefix: env.DATABASE_SCHEMA_PREFIX,
});
try {
  const since = new Date(Date.now() - days * 86_400_000);
  for (const { market, db } of dbs.markets.values()) {
    const byShop = await shownOutcomesByShop(db, since);
    for (const [shop, outcomes] of byShop) {
      console.log(`\n${market} / ${shop}: ${outcomes.length} estimates shown in ${days} days`);
      console.log(formatAccuracyTable(accuracyTable(outcomes)));
    }
    if (byShop.size === 0) console.log(`${market}: no stored estimates with a known outcome`);
  }
  console.log(
    '\n(minutes; MAE/p50/p90 of |actual - median shown|; longer: share who waited longer than shown, aim 0.45-0.55; ranged: estimates shown with a range; inside: of them, the share inside it, aim 0.75-0.85)',
  );
} finally {
  await dbs.close();
}
