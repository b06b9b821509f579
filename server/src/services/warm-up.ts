// Before the server takes traffic (server.ts): joins and cancels are rehearsed in one shop, in
// transactions that always roll back (rehearseChanges), so that the first burst after a restart
// or a deploy does not run the join path in V8's interpreter and on cold database caches. Without it the first 100 joins after a restart answered in up to 0.9-1.1 s at the 99th
// percentile on PGlite, against 0.25-0.3 s once warm (bench/joins.ts, cold and warm).
//
// Nothing is written: no order, estimate or NOTIFY survives, and only the shops' histories are
// kept (as the first join would keep them). Then every shop taking orders has its queue read and
// estimated once (its history and view cached, as its first change or page view would), within
// a budget of start time: after a restart each shop's first change read 14 days of records under
// its lock, so a burst spread over eight shops waited on eight such reads (issue 29, cold joins).
// What it does not warm: HTTP parsing, the access token check and, past the budget, the
// remaining shops' histories (each read by its shop's first change).
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Market } from '@jono/contract';
import type { MarketContext } from '../context';
import { pobs, services } from '../db/schema';
import { joinChange, ownOrderChange } from './orders';
import { admissionOf, type QueueService } from './queue';
import { rehearseChanges, type Change } from './queue-change';

const HOUR = 3_600_000;
/** Rounds of a join alone and a burst's batch: V8 compiles what runs often. */
const ROUNDS = 8;
/** Start time spent reading the queues of shops taking orders (histories and views cached). */
export const SHOP_READ_BUDGET_MS = 5_000;

export interface WarmUpReport {
  /** The market rehearsed in (the first with a shop), null when none has one. */
  market: Market | null;
  /** Changes rehearsed, and how many of them the rules refused (a refusal is rehearsed too). */
  changes: number;
  refused: number;
  /** Shops taking orders whose queue was read and estimated, and those left past the budget. */
  shopsRead: number;
  shopsLeft: number;
  /** Connections the burst was rehearsed on at once (the pool's size; 0 without a shop). */
  connections: number;
}

/**
 * The shop to rehearse in: one taking orders for at least another hour when there is one (its
 * app joins then run every check), else any shop with a service (`open` false: the joins are
 * walk-ins, which the staff may add to a closed shop); with that service.
 */
async function rehearsalShop(
  ctx: MarketContext,
  now: number,
): Promise<{ pobId: number; serviceId: number; open: boolean } | null> {
  const rows = await ctx.db
    .select({ pob: pobs, serviceId: services.id })
    .from(services)
    .innerJoin(pobs, eq(pobs.id, services.pobId))
    .where(
      and(eq(services.active, true), isNull(services.parentServiceId), isNotNull(services.groupId)),
    )
    .orderBy(asc(pobs.id), asc(services.id));
  const seen = new Set<number>();
  const shops = rows.filter(({ pob }) => !seen.has(pob.id) && seen.add(pob.id));
  const open = shops.find(({ pob }) => {
    const { queue_state, closesAt } = admissionOf(pob, now);
    return queue_state === 'open' && closesAt !== null && closesAt - now > HOUR;
  });
  const chosen = open ?? shops[0];
  return chosen ? { pobId: chosen.pob.id, serviceId: chosen.serviceId, open: !!open } : null;
}

/** Cancels the shop's newest active order: in a rehearsal, the join just before it. */
const cancelNewest =
  (now: number): Change<unknown> =>
  async (tx, shop, mode) => {
    const newest = shop.active.reduce<number | null>(
      (m, o) => (m === null || o.id > m ? o.id : m),
      null,
    );
    if (newest === null) throw new Error('nothing to cancel');
    return ownOrderChange(newest, null, 'cancel', now)(tx, shop, mode);
  };

/** Rehearses joins and cancels in the first market with a shop; answers what it did. */
export async function warmUp(
  markets: Iterable<MarketContext>,
  queue: QueueService,
  now: () => number,
): Promise<WarmUpReport> {
  const report: WarmUpReport = {
    market: null,
    changes: 0,
    refused: 0,
    shopsRead: 0,
    shopsLeft: 0,
    connections: 0,
  };
  const contexts = [...markets];
  for (const ctx of contexts) {
    const shop = await rehearsalShop(ctx, now()).catch(() => null);
    if (!shop) continue;
    report.market = ctx.market;
    for (let round = 0; round < ROUNDS; round++) {
      const at = now();
      const join = (priority: number, source: 'app' | 'walk_in' = 'app') =>
        joinChange(at, {
          pobId: shop.pobId,
          customerId: null,
          priority,
          source: shop.open ? source : 'walk_in',
          items: [{ service_id: shop.serviceId, extra_service_ids: [] }],
        });
      // A join alone, then a batch as a burst makes them: joins written in one INSERT, a cancel,
      // one estimate for all. The cancelled order is a walk-in's: an app join checks its own
      // estimate after the batch (a cancelled one has none and would be refused).
      const batches = [
        [join(round % 4)],
        [join(0), join(1), join(0, 'walk_in'), { change: cancelNewest(at) }, join(3), join(2)],
      ];
      for (const changes of batches) {
        const errors = await rehearseChanges(ctx, queue, shop.pobId, at, changes);
        report.changes += errors.length;
        report.refused += errors.filter((e) => e !== null).length;
      }
    }
    // Then the burst's batch on every connection the pool opens, all at once (they take turns at
    // the shop's lock, each holding its own connection): a burst after a restart would otherwise
    // open them and have PostgreSQL parse and plan the named statements on each while customers
    // wait (issue 29, cold joins).
    const at = now();
    const burst = () =>
      [0, 1, 0, 3].map((priority) =>
        joinChange(at, {
          pobId: shop.pobId,
          customerId: null,
          priority,
          source: 'walk_in',
          items: [{ service_id: shop.serviceId, extra_service_ids: [] }],
        }),
      );
    const opened = await Promise.all(
      Array.from({ length: ctx.store.poolMax }, () =>
        rehearseChanges(ctx, queue, shop.pobId, at, [...burst(), { change: cancelNewest(at) }]),
      ),
    );
    for (const errors of opened) {
      report.changes += errors.length;
      report.refused += errors.filter((e) => e !== null).length;
    }
    report.connections = opened.length;
    break;
  }
  await readShopsTakingOrders(contexts, queue, now, report);
  return report;
}

/**
 * Reads and estimates the queue of every shop taking orders now (its history and view cached),
 * market after market, until the budget is spent; counts those read and those left.
 */
async function readShopsTakingOrders(
  contexts: readonly MarketContext[],
  queue: QueueService,
  now: () => number,
  report: WarmUpReport,
  budgetMs = SHOP_READ_BUDGET_MS,
): Promise<void> {
  const started = performance.now();
  for (const ctx of contexts) {
    const rows = await ctx.db
      .select()
      .from(pobs)
      .orderBy(asc(pobs.id))
      .catch(() => []);
    for (const pob of rows) {
      if (admissionOf(pob, now()).queue_state !== 'open') continue;
      if (performance.now() - started > budgetMs) {
        report.shopsLeft += 1;
        continue;
      }
      await queue.view(ctx, pob.id).then(
        () => (report.shopsRead += 1),
        () => (report.shopsLeft += 1),
      );
    }
  }
}
