// A change to one shop's queue (a join, a customer's cancel or check-in) in as few statements as
// it takes: under the shop's lock the shop and its active orders are read ONCE, the change is
// written, the new queue's estimates are computed from what the transaction already holds and
// stored in the same transaction, and its NOTIFY rides along to be delivered on commit. The new
// view goes straight into the queue cache: no refresh reads the queue again, and the caller
// answers before the "turn near" notices are sent.
//
// Changes to one shop are combined (group commit): while a shop's transaction runs, the changes
// that arrive for the same shop in this process wait in line instead of on the lock, and the next
// transaction takes them all (up to MAX_BATCH). One lock, one read of the shop, one estimate and
// one write of the moved estimates serve the whole batch. A refused change (a 409, a unique
// index) must leave the others in: see runBatch. A change alone runs exactly as before. Other
// processes still take turns through the advisory lock.
import { sql } from 'drizzle-orm';
import type { MarketContext } from '../context';
import type { Tx } from '../db/client';
import { runNamed } from '../db/prepared';
import { insertOrders, type NewOrder } from './order-insert';
import { notFound } from '../lib/http-error';
import {
  activeContext,
  inSpan,
  spanSince,
  startSpan,
  type Context,
  type Span,
} from '../lib/tracing';
import {
  loadHistory,
  loadShopQueue,
  type ActiveOrderRow,
  type OrderRow,
  type ShopHistory,
  type ShopQueueRead,
} from './queue-load';
import {
  movedEstimates,
  storeEstimates,
  viewOf,
  type QueueService,
  type ShopQueueView,
} from './queue';
import { markTurns, turnsDueInView } from './turns';

export interface ShopQueue extends ShopQueueRead {
  history: ShopHistory;
}

export interface ChangeMode {
  /**
   * The change may leave checks that need the queue's new estimate to `after` (one estimate for
   * the whole batch). False when each change must stand on its own (a batch running again in
   * savepoints after a refusal): it checks inline.
   */
  deferred: boolean;
}

export interface ChangeOutcome<T> {
  result: T;
  active: ActiveOrderRow[];
  /**
   * Runs on the batch's new view before its estimates are stored (deferred mode only): an
   * `error` refuses this change (the others run again without it); `shown` is the wait the order
   * was shown when it joined, stored with the estimates.
   */
  after?: (
    view: ShopQueueView,
  ) => { error: unknown } | { shown: { orderId: number; wait: number | null } };
}

/**
 * A new order whose insert may wait (deferred mode): a batch's consecutive joins are written in
 * one multi-row INSERT, flushed before any other change reads the queue and before the estimate.
 */
export interface OrderInsert extends NewOrder {
  /** How the staff board shows its customer. */
  customer: ActiveOrderRow['customer'];
  /** Checks on the batch's new view, as ChangeOutcome.after, once the row exists. */
  after?: (
    row: OrderRow,
    view: ShopQueueView,
  ) => ReturnType<NonNullable<ChangeOutcome<unknown>['after']>>;
}

/**
 * A customer's leave whose write may wait (deferred mode): a batch's consecutive leaves are
 * written in one statement (CANCELS_SQL) before any other change runs and before the estimate.
 * `active` is the queue without the order, at once; `finish` makes the change's result from
 * whether the order's rejoin is spent, which the statement answers.
 */
export interface OrderCancel<T = unknown> {
  orderId: number;
  /** Null: nobody's to rejoin (the rejoin is spent whatever the statement finds). */
  customerId: number | null;
  spentAlways: boolean;
  at: number;
  /** The shop's local day's start, epoch ms: a rejoin since then spends the place. */
  dayStart: number;
  active: ActiveOrderRow[];
  finish: (rejoinSpent: boolean) => T;
}

export type Change<T> = ((
  tx: Tx,
  shop: ShopQueue,
  mode: ChangeMode,
) => Promise<ChangeOutcome<T> | { insert: OrderInsert } | { cancel: OrderCancel<T> }>) & {
  /**
   * The change is a customer's own leave and nothing else (orders.ts): it may run while earlier
   * leaves of the batch are not yet written. Any other change finds them written.
   */
  leaveOnly?: boolean;
  /**
   * The change reads no order from the database (a join checked before its batch): it may run
   * while earlier leaves of the batch are not yet written.
   */
  readsNoOrders?: boolean;
};

/**
 * Leaves: $1 the orders, $2 when each left, $3 1 where its rejoin is spent whatever else, $4 its
 * customer (0: none), $5 the shop's local day's start; each row answers its id and whether the
 * rejoin is spent (the customer rejoined this order, or anything since the day began).
 */
const CANCELS_SQL = `update orders o set status = 'cancelled', finished_at = v.at, wait_estimate = null, updated_at = v.at from unnest($1::int[], $2::timestamptz[], $3::int[], $4::int[], $5::timestamptz[]) as v(id, at, always, customer_id, day_start) where o.id = v.id returning o.id, (v.always = 1 or exists (select 1 from orders r where r.customer_id = v.customer_id and r.rejoined_from is not null and (r.rejoined_from = v.id or r.joined_at >= v.day_start)))`;

/** The shop's lock and the NOTIFY its commit delivers: $1 the shop, $2 the channel, $3 the payload. */
const LOCK_SQL =
  'select pg_advisory_xact_lock(hashtext(current_schema()), $1::int), pg_notify($2, $3)';

/** The most changes one transaction takes: a longer line waits for the next. */
export const MAX_BATCH = 32;

interface Waiting {
  now: number;
  /** The change only adds an order and reads no other order of the queue (a join). */
  appendsOnly: boolean;
  change: Change<unknown>;
  serviceIds: readonly number[];
  resolve: (done: { result: unknown; view: ShopQueueView }) => void;
  reject: (err: unknown) => void;
  /** The caller's trace (a request's): its batch's span is a child of the first entry's. */
  context?: Context;
  /** `jono.queue.change`: from joining the line to settling, linked to the batch that ran it. */
  span?: Span;
}

/**
 * The changes waiting for each shop's running transaction, per queue service (one per app, so
 * that two apps in one process, as in tests, never share a transaction) and market.
 */
const lines = new WeakMap<QueueService, Map<string, Waiting[]>>();

export function changeQueue<T>(
  ctx: MarketContext,
  queue: QueueService,
  pobId: number,
  now: number,
  change: Change<T>,
  /** A join's ordered services, read with the shop (`shop.offered`). */
  serviceIds: readonly number[] = [],
  /**
   * The change only adds an order and reads none of the queue's other orders: it may run before
   * the inserts of the joins ahead of it in the batch are written (they are then written
   * together). A change without it finds every earlier change of the batch in `shop.active`.
   */
  appendsOnly = false,
): Promise<{ result: T; view: ShopQueueView }> {
  return new Promise((resolve, reject) => {
    let shops = lines.get(queue);
    if (!shops) {
      shops = new Map();
      lines.set(queue, shops);
    }
    const context = activeContext();
    const span = startSpan(
      'jono.queue.change',
      { 'jono.market': ctx.market, 'jono.shop': pobId },
      context,
    );
    const entry: Waiting = {
      now,
      appendsOnly,
      change: change as Change<unknown>,
      serviceIds,
      resolve: (done) => {
        span.end();
        resolve(done as { result: T; view: ShopQueueView });
      },
      reject: (err) => {
        span.end();
        reject(err);
      },
      context,
      span,
    };
    const key = `${ctx.market}:${pobId}`;
    const line = shops.get(key);
    if (line) {
      line.push(entry);
      return;
    }
    shops.set(key, []);
    void runLine(ctx, queue, pobId, shops, key, [entry]);
  });
}

async function runLine(
  ctx: MarketContext,
  queue: QueueService,
  pobId: number,
  shops: Map<string, Waiting[]>,
  key: string,
  first: Waiting[],
): Promise<void> {
  let batch = first;
  while (batch.length > 0) {
    const entries = batch;
    const attributes = {
      'jono.market': ctx.market,
      'jono.shop': pobId,
      'jono.batch.size': entries.length,
    };
    await inSpan(
      'jono.queue.batch',
      attributes,
      async (span) => {
        for (const e of entries) e.span?.addLink({ context: span.spanContext() });
        await runBatch(ctx, queue, pobId, entries);
      },
      {
        parent: entries[0]?.context,
        links: entries.slice(1).flatMap((e) => (e.span ? [{ context: e.span.spanContext() }] : [])),
      },
    );
    batch = shops.get(key)?.splice(0, MAX_BATCH) ?? [];
  }
  shops.delete(key);
}

type Outcome = { ok: true; result: unknown } | { ok: false; error: unknown };

/**
 * A change of an optimistic batch failed: the transaction rolls back and the rest run again.
 * `index` null: a multi-row insert failed (one of its rows, unknown which), so all run again.
 */
class ChangeFailed {
  constructor(
    readonly index: number | null,
    readonly error: unknown,
  ) {}
}

/**
 * Runs a batch and settles every entry; never throws. First without savepoints (one statement
 * fewer per change): when a change fails, the whole transaction rolls back, that change gets its
 * error, and the others run again, this time each in a savepoint, so that a batch costs two
 * transactions at most however many of its changes fail.
 */
async function runBatch(
  ctx: MarketContext,
  queue: QueueService,
  pobId: number,
  batch: readonly Waiting[],
): Promise<void> {
  if (batch.length > 1) {
    try {
      await runTransaction(ctx, queue, pobId, batch, 'optimistic');
      return;
    } catch (err) {
      if (!(err instanceof ChangeFailed)) {
        for (const entry of batch) entry.reject(err);
        return;
      }
      const failed = err.index;
      if (failed !== null) {
        batch[failed]?.reject(err.error);
        batch = batch.filter((_, i) => i !== failed);
      }
    }
  }
  try {
    await runTransaction(ctx, queue, pobId, batch, batch.length > 1 ? 'savepoints' : 'alone');
  } catch (err) {
    for (const entry of batch) entry.reject(err);
  }
}

/**
 * One transaction for a batch. Settles the entries when it commits; throws when it rolls back
 * (ChangeFailed: an optimistic batch's change failed, nothing of the batch is settled).
 */
async function runTransaction(
  ctx: MarketContext,
  queue: QueueService,
  pobId: number,
  batch: readonly Waiting[],
  mode: 'alone' | 'optimistic' | 'savepoints',
  rehearsal = false,
): Promise<void> {
  const now = Math.max(...batch.map((b) => b.now));
  const serviceIds =
    mode === 'alone'
      ? (batch[0]?.serviceIds ?? [])
      : [...new Set(batch.flatMap((b) => b.serviceIds))];
  let outcomes: Outcome[] = [];
  let seeded: ShopQueueView | undefined;
  let committing = 0;
  /** Turn-near messages written in the transaction: the outbox worker is kicked after commit. */
  let written = 0;
  try {
    // The lock first (its own statement: a read in the same statement would see the queue as it
    // was before the lock was granted), with the NOTIFY that commit will deliver; on PostgreSQL
    // it travels with the BEGIN (one round trip of the batch's ten).
    const locking = performance.now();
    const opening = {
      name: 'shop_lock',
      text: LOCK_SQL,
      params: [pobId, ...queue.noticeArgs(ctx, pobId)],
    };
    const view = await ctx.store.transactionOpening(opening, async (tx) => {
      spanSince('jono.queue.lock', locking, { 'jono.shop': pobId });
      outcomes = new Array<Outcome>(batch.length);
      const shop = await loadShopQueue(tx, pobId, serviceIds, now);
      if (!shop) throw notFound('Shop not found');
      // The cached history at once; only a shop's first estimate reads it here.
      let history = queue.cachedHistory(ctx, shop.pob, now);
      if (!history) {
        history = await loadHistory(tx, shop.pob, now);
        queue.rememberHistory(ctx, shop.pob, now, history);
      }
      let active = shop.active;
      const afters = new Map<number, NonNullable<ChangeOutcome<unknown>['after']>>();
      const changeMode = { deferred: mode !== 'savepoints' };
      let inserts: { index: number; insert: OrderInsert }[] = [];
      let leaves: { index: number; cancel: OrderCancel }[] = [];
      const flushLeaves = async () => {
        if (leaves.length === 0) return;
        const these = leaves;
        leaves = [];
        let spent: Map<number, boolean>;
        try {
          spent = await runNamed(
            tx,
            'orders_cancel',
            CANCELS_SQL,
            [
              these.map(({ cancel }) => cancel.orderId),
              these.map(({ cancel }) => new Date(cancel.at).toISOString()),
              these.map(({ cancel }) => (cancel.spentAlways ? 1 : 0)),
              these.map(({ cancel }) => cancel.customerId ?? 0),
              these.map(({ cancel }) => new Date(cancel.dayStart).toISOString()),
            ],
            (rows) => new Map(rows.map((r) => [Number(r[0]), r[1] === true])),
          );
        } catch (error) {
          if (mode === 'alone') throw error;
          throw new ChangeFailed(these.length === 1 ? (these[0]?.index ?? null) : null, error);
        }
        for (const { index, cancel } of these) {
          const rejoinSpent = spent.get(cancel.orderId);
          if (rejoinSpent === undefined) {
            const error = notFound('Order not found');
            if (mode === 'alone') throw error;
            throw new ChangeFailed(index, error);
          }
          outcomes[index] = { ok: true, result: cancel.finish(rejoinSpent) };
        }
      };
      const flush = async () => {
        if (inserts.length === 0) return;
        let written: OrderRow[];
        try {
          // RETURNING gives the rows in the order of VALUES.
          written = await insertOrders(
            tx,
            inserts.map(({ insert }) => insert),
          );
        } catch (error) {
          if (mode === 'alone') throw error;
          throw new ChangeFailed(inserts.length === 1 ? (inserts[0]?.index ?? null) : null, error);
        }
        inserts.forEach(({ index, insert }, k) => {
          const row = written[k] as OrderRow;
          active = [...active, { ...row, customer: insert.customer }];
          outcomes[index] = { ok: true, result: row };
          const after = insert.after;
          if (after) afters.set(index, (view) => after(row, view));
        });
        inserts = [];
      };
      for (const [index, entry] of batch.entries()) {
        // A change that reads the queue must find the joins before it in it, and one that reads
        // orders from the database finds the leaves before it written. A leave reads its own order
        // alone (never a join of its batch: its id is not known yet), and a join checked before
        // its batch reads none: in a batch of joins and leaves, each kind is one statement.
        if (!entry.appendsOnly && !entry.change.leaveOnly) await flush();
        if (!entry.change.leaveOnly && !entry.change.readsNoOrders) await flushLeaves();
        // Reused name: each SAVEPOINT hides the one before, and ROLLBACK TO goes to the newest.
        if (mode === 'savepoints') await tx.execute(sql`savepoint queue_change`);
        try {
          const out = await entry.change(tx, { ...shop, active, history }, changeMode);
          if ('insert' in out) {
            inserts.push({ index, insert: out.insert });
            continue;
          }
          if ('cancel' in out) {
            active = out.cancel.active;
            leaves.push({ index, cancel: out.cancel });
            continue;
          }
          active = out.active;
          if (out.after) afters.set(index, out.after);
          outcomes[index] = { ok: true, result: out.result };
        } catch (error) {
          if (mode === 'alone') throw error;
          if (mode === 'optimistic') throw new ChangeFailed(index, error);
          await tx.execute(sql`rollback to savepoint queue_change`);
          outcomes[index] = { ok: false, error };
        }
      }
      // Leaves first: a customer's leave and their own join after it in the batch must not both
      // be active for the one-active-order index.
      await flushLeaves();
      await flush();
      const estimating = performance.now();
      const next = viewOf(shop.pob, active, history, now);
      // A change that made a free chair the turn of a customer away records it now (turns.ts),
      // in the statement of the moved estimates.
      const due = turnsDueInView(next, now);
      const shown = new Map<number, number | null>();
      for (const [index, after] of afters) {
        const verdict = after(next);
        if ('error' in verdict) {
          if (mode === 'optimistic') throw new ChangeFailed(index, verdict.error);
          throw verdict.error;
        }
        shown.set(verdict.shown.orderId, verdict.shown.wait);
      }
      const moved = movedEstimates(next);
      for (const o of moved.orders) if (shown.has(o.id)) o.shown = shown.get(o.id) ?? null;
      for (const o of next.active) if (shown.has(o.id)) o.shownWait = shown.get(o.id) ?? null;
      if (moved.orders.length > 0 || due.length > 0) {
        markTurns(next, await storeEstimates(tx, moved, { ids: due, at: now }), now);
      }
      spanSince('jono.queue.estimate', estimating, { 'jono.estimates.moved': moved.orders.length });
      // A turn the change brought near is claimed, and its message written, in this transaction:
      // two statements under the lock instead of a transaction of four after it (issue 29).
      written = await queue.claimTurnNear(ctx, next, tx);
      if (rehearsal) throw new Rehearsed(outcomes);
      // Cached before COMMIT: the NOTIFY may reach this process before the commit call returns.
      queue.seed(ctx, next);
      seeded = next;
      committing = performance.now();
      return next;
    });
    spanSince('jono.queue.commit', committing);
    if (written > 0) queue.messagesWritten(ctx);
    queue.afterSeed(ctx, view);
    batch.forEach((entry, i) => {
      const outcome = outcomes[i];
      if (outcome?.ok) entry.resolve({ result: outcome.result, view });
      else entry.reject(outcome ? outcome.error : new Error('change not run'));
    });
  } catch (err) {
    // Rolled back after the view was cached: the cache must not keep a change that never was.
    if (seeded) queue.invalidate(ctx.market, pobId);
    throw err;
  }
}

/** Ends a rehearsal's transaction (it rolls back) with what its changes would have answered. */
class Rehearsed {
  constructor(readonly outcomes: Outcome[]) {}
}

/**
 * Runs changes to a shop as one batch (optimistic, or alone for one change) in a transaction that
 * always rolls back: nothing is written, the NOTIFY is never delivered and no view is cached (the
 * ids the inserts drew from their sequence stay used). Answers each change's error, or null when
 * it would have passed. For warming the change path before the server takes traffic
 * (warm-up.ts); it bypasses the shop's line, so call it only while nothing else changes the shop
 * in this process (other processes wait on the advisory lock as for any change).
 */
export async function rehearseChanges(
  ctx: MarketContext,
  queue: QueueService,
  pobId: number,
  now: number,
  changes: readonly {
    change: Change<unknown>;
    serviceIds?: readonly number[];
    appendsOnly?: boolean;
  }[],
): Promise<unknown[]> {
  const batch: Waiting[] = changes.map((c) => ({
    now,
    appendsOnly: c.appendsOnly ?? false,
    change: c.change,
    serviceIds: c.serviceIds ?? [],
    resolve: () => undefined,
    reject: () => undefined,
  }));
  try {
    await runTransaction(ctx, queue, pobId, batch, batch.length > 1 ? 'optimistic' : 'alone', true);
  } catch (err) {
    if (err instanceof Rehearsed) return err.outcomes.map((o) => (o.ok ? null : o.error));
    if (err instanceof ChangeFailed) {
      return batch.map((_, i) => (err.index === null || err.index === i ? err.error : null));
    }
    return batch.map(() => err);
  }
  throw new Error('a rehearsal committed');
}
