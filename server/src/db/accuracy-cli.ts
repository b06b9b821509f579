// `npm run accuracy`: how honest the waits shown by each shop were, from the database's stored
// records (wait_estimates, the closed loop) and the waits that followed (the orders' started_at).
// Reads the same database the server is configured with (DATABASE_URL, else DATA_DIR's PGlite).
import { and, eq, gte, isNotNull } from 'drizzle-orm';
import webpush from 'web-push';
import {
  accuracyTable,
  formatAccuracyTable,
  waitAfterEstimate,
  type ShownOutcome,
} from '@jono/queue';
import { loadEnv } from '../config/env';
import { openMarketDbs, pgliteDir } from './client';
import { orders, pobs, waitEstimates } from './schema';
import { checkedInAtOf } from '../services/queue-load';

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
    const rows = await db
      .select({
        pob: pobs.name,
        priority: waitEstimates.priority,
        at: waitEstimates.at,
        wait: waitEstimates.wait,
        low: waitEstimates.low,
        high: waitEstimates.high,
        startedAt: orders.startedAt,
        checkedInAt: orders.checkedInAt,
        customerAtPob: orders.customerAtPob,
        joinedAt: orders.joinedAt,
      })
      .from(waitEstimates)
      .innerJoin(orders, eq(orders.id, waitEstimates.orderId))
      .innerJoin(pobs, eq(pobs.id, waitEstimates.pobId))
      .where(and(gte(waitEstimates.at, since), isNotNull(orders.startedAt)));
    const byShop = new Map<string, ShownOutcome[]>();
    for (const r of rows) {
      const actual = waitAfterEstimate(r.at.getTime(), {
        startedAt: r.startedAt?.getTime() ?? null,
        checkedInAt: checkedInAtOf(r),
      });
      if (actual === null) continue;
      const list = byShop.get(r.pob) ?? [];
      list.push({ priority: r.priority, shown: r.wait, low: r.low, high: r.high, actual });
      byShop.set(r.pob, list);
    }
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
