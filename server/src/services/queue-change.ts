// A change to one shop's queue (a join, a customer's cancel or check-in) in as few statements as
// it takes: under the shop's lock the shop and its active orders are read ONCE, the change is
// written, the new queue's estimates are computed from what the transaction already holds and
// stored in the same transaction, and its NOTIFY rides along to be delivered on commit. The new
// view goes straight into the queue cache: no refresh reads the queue again, and the caller
// answers before the "turn near" notices are sent.
import { sql } from 'drizzle-orm';
import type { MarketContext } from '../context';
import type { Tx } from '../db/client';
import { notFound } from '../lib/http-error';
import {
  loadHistory,
  loadShopQueue,
  type ActiveOrderRow,
  type ShopHistory,
  type ShopQueueRead,
} from './queue-load';
import {
  movedEstimates,
  storeEstimatesSql,
  viewOf,
  type QueueService,
  type ShopQueueView,
} from './queue';

export interface ShopQueue extends ShopQueueRead {
  history: ShopHistory;
}

export async function changeQueue<T>(
  ctx: MarketContext,
  queue: QueueService,
  pobId: number,
  now: number,
  change: (tx: Tx, shop: ShopQueue) => Promise<{ result: T; active: ActiveOrderRow[] }>,
  /** A join's ordered services, read with the shop (`shop.offered`). */
  serviceIds: readonly number[] = [],
): Promise<{ result: T; view: ShopQueueView }> {
  let seeded: ShopQueueView | undefined;
  try {
    const done = await ctx.db.transaction(async (tx) => {
      // The lock first (its own statement: a read in the same statement would see the queue as it
      // was before the lock was granted), with the NOTIFY that commit will deliver.
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext(current_schema()), ${pobId}::int), ${queue.noticeOf(ctx, pobId)}`,
      );
      const shop = await loadShopQueue(tx, pobId, serviceIds);
      if (!shop) throw notFound('Shop not found');
      let history = queue.cachedHistory(ctx.market, pobId, now);
      if (!history) {
        history = await loadHistory(tx, shop.pob, now);
        queue.rememberHistory(ctx.market, pobId, now, history);
      }
      const { result, active } = await change(tx, { ...shop, history });
      const view = viewOf(shop.pob, active, history, now);
      const moved = movedEstimates(view);
      if (moved.orders.length > 0) await tx.execute(storeEstimatesSql(moved));
      // Cached before COMMIT: the NOTIFY may reach this process before the commit call returns.
      queue.seed(ctx, view);
      seeded = view;
      return { result, view };
    });
    queue.afterSeed(ctx, done.view);
    return done;
  } catch (err) {
    // Rolled back after the view was cached: the cache must not keep a change that never was.
    if (seeded) queue.invalidate(ctx.market, pobId);
    throw err;
  }
}
