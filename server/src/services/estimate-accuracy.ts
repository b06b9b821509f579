// The closed loop: what each shop showed (wait_estimates) against the waits that followed (the
// orders' started_at). `npm run accuracy` prints it (shownOutcomesByShop); /metrics shows each
// shop's headline figures (shopAccuracy, added up by the database).
import { and, eq, gte, isNotNull, or, sql } from 'drizzle-orm';
import type { ShownOutcome } from '@jono/queue';
import type { Db } from '../db/market-db';
import { orders, pobs, waitEstimates } from '../db/schema';
import type { ShopAccuracy } from '../lib/metrics';
import { shownWaitColumns, waitedAfter } from './published-accuracy';

/**
 * Every shown wait since `since` whose outcome is known, by shop name (`npm run accuracy`): read
 * one shop at a time (a chain's week in one result was 2.1 million rows for 490 shops).
 */
export async function shownOutcomesByShop(
  db: Db,
  since: Date,
): Promise<Map<string, ShownOutcome[]>> {
  const shops = await db.select({ id: pobs.id, name: pobs.name }).from(pobs).orderBy(pobs.id);
  const byShop = new Map<string, ShownOutcome[]>();
  for (const shop of shops) {
    const rows = await db
      .select({ priority: waitEstimates.priority, ...shownWaitColumns })
      .from(waitEstimates)
      .innerJoin(orders, eq(orders.id, waitEstimates.orderId))
      .where(
        and(
          eq(waitEstimates.pobId, shop.id),
          gte(waitEstimates.at, since),
          or(isNotNull(orders.startedAt), isNotNull(orders.turnAt)),
        ),
      );
    for (const r of rows) {
      const actual = waitedAfter(r);
      if (actual === null) continue;
      const list = byShop.get(shop.name) ?? [];
      list.push({ priority: r.priority, shown: r.wait, low: r.low, high: r.high, actual });
      byShop.set(shop.name, list);
    }
  }
  return byShop;
}

/**
 * Minutes waited after a shown wait, in SQL: `waitAfterEstimate` (and `checkedInAtOf`) over the
 * same columns, null while unknown. `estimate-accuracy.test.ts` holds it to the TypeScript rule
 * over random orders on both databases.
 */
const checkedIn = sql`coalesce(${orders.checkedInAt}, case when ${orders.customerAtPob} then ${orders.joinedAt} end)`;
const waited = sql`(case
  when ${orders.turnAt} is not null and ${orders.turnAt} >= ${waitEstimates.at}
    then extract(epoch from ${orders.turnAt} - ${waitEstimates.at}) / 60
  when ${orders.startedAt} is null or ${orders.startedAt} < ${waitEstimates.at} then null
  when ${checkedIn} is null or ${checkedIn} > ${waitEstimates.at} then null
  else extract(epoch from ${orders.startedAt} - ${waitEstimates.at}) / 60
end)`;
const ranged = sql`${waitEstimates.low} < ${waitEstimates.high}`;

const round2 = (x: number) => Math.round(x * 100) / 100;

/**
 * Each shop's figures over every priority and wait (the "all" row of its accuracy table), as
 * sums the database adds up: one statement a market, a row a shop. /metrics reads them every
 * 5 minutes; read as rows and judged here, a chain's week was 2.1 million rows per
 * refresh for 490 shops (session 20), and the event loop made every one an object.
 */
export async function shopAccuracy(db: Db, since: Date): Promise<ShopAccuracy[]> {
  const rows = await db
    .select({
      shop: pobs.name,
      n: sql<number>`count(*)::int`,
      error: sql<number>`sum(abs(${waited} - ${waitEstimates.wait}))::float8`,
      longer: sql<number>`(count(*) filter (where ${waited} > ${waitEstimates.wait}))::int`,
      ranged: sql<number>`(count(*) filter (where ${ranged}))::int`,
      inside: sql<number>`(count(*) filter (where ${ranged}
        and floor(${waited} + 0.5) between ${waitEstimates.low} and ${waitEstimates.high}))::int`,
    })
    .from(waitEstimates)
    .innerJoin(orders, eq(orders.id, waitEstimates.orderId))
    .innerJoin(pobs, eq(pobs.id, waitEstimates.pobId))
    .where(
      and(
        gte(waitEstimates.at, since),
        or(isNotNull(orders.startedAt), isNotNull(orders.turnAt)),
        sql`${waited} is not null`,
      ),
    )
    .groupBy(pobs.name)
    .orderBy(pobs.name);
  return rows.map((r) => ({
    shop: r.shop,
    n: r.n,
    mae: round2(Number(r.error) / r.n),
    longer: round2(r.longer / r.n),
    inside: r.ranged === 0 ? null : round2(r.inside / r.ranged),
  }));
}
