// The closed loop: what each shop showed (wait_estimates) against the waits that followed (the
// orders' started_at). `npm run accuracy` prints it; /metrics shows each shop's headline figures.
import { and, eq, gte, isNotNull, or } from 'drizzle-orm';
import { accuracyTable, type ShownOutcome } from '@jono/queue';
import type { Db } from '../db/market-db';
import { orders, pobs, waitEstimates } from '../db/schema';
import type { ShopAccuracy } from '../lib/metrics';
import { shownWaitColumns, waitedAfter } from './published-accuracy';

/**
 * Rows judged per turn of the event loop. A scrape of /metrics reads two weeks of every shop's
 * shown waits (every 5 minutes); judged in one go, 500 shops' held the event loop for about
 * 160 ms (the busy-hour bench's profile, session 17), and each shop's table is its own turn.
 */
const SLICE = 2_000;
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Every shown wait since `since` whose outcome is known, by shop name: read one shop at a time.
 * In one statement, 487 shops with a chain's history (2.1 million rows) came back as one result
 * whose rows were all made into objects in one go: the event loop held for seconds at a scrape
 * (session 20, the busy hour with histories); one shop's rows are a few thousand.
 */
export async function shownOutcomesByShop(
  db: Db,
  since: Date,
): Promise<Map<string, ShownOutcome[]>> {
  const shops = await db.select({ id: pobs.id, name: pobs.name }).from(pobs).orderBy(pobs.id);
  const byShop = new Map<string, ShownOutcome[]>();
  let n = 0;
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
      if (++n % SLICE === 0) await turn();
      const actual = waitedAfter(r);
      if (actual === null) continue;
      const list = byShop.get(shop.name) ?? [];
      list.push({ priority: r.priority, shown: r.wait, low: r.low, high: r.high, actual });
      byShop.set(shop.name, list);
    }
  }
  return byShop;
}

/** Each shop's figures over every priority and wait (the "all" row of its accuracy table). */
export async function shopAccuracy(db: Db, since: Date): Promise<ShopAccuracy[]> {
  const byShop = await shownOutcomesByShop(db, since);
  const figures: ShopAccuracy[] = [];
  for (const [shop, outcomes] of byShop) {
    const all = accuracyTable(outcomes)[0];
    if (all) figures.push({ shop, n: all.n, mae: all.mae, longer: all.longer, inside: all.inside });
    await turn();
  }
  return figures;
}
