// When an away customer's turn came (issue 31): a chair of a barber on duty is free, and the
// customer the engine would seat in it next (barber-eligibility.ts awayTurns, the rule of "who
// sits next") is not at the shop. Their `turn_at` is recorded once, never overwritten: the closed
// loop judges the estimates they were shown by it (waitAfterEstimate), as it judges a customer
// who sat by their start. Staff passing them over (staff-actions.ts markPassedOver) and a no-show
// record it too; this file records the moment the chair was free for them.
//
// One rule, run under the shop's lock: by the transitions that free a chair (a finish, a no-show
// or cancel ahead, an undone start, a barber signing on) at their own time, by the refresh that
// follows every other change of the queue (a join, a check-in, a chair count) at its time, and by
// the minute sweep as a catch-all for what only the clock changes (a deferral running out) at the
// sweep's time.
import { and, eq, isNull } from 'drizzle-orm';
import { awayTurns, chairStates, type FreeChair } from '@jono/queue';
import type { MarketContext } from '../context';
import type { Tx } from '../db/client';
import { runNamed } from '../db/prepared';
import { barbers, orders, pobs } from '../db/schema';
import { factsOf } from './order-facts';
import type { OrderRow, ShopQueueView } from './queue-rows';
import { lockShop } from './shop-lock';

/** The chairs on duty: a count (1..n), or the chairs named barbers hold with who holds them. */
export type ChairsOnDuty = number | readonly { chair: number; barberId: number }[];

/** The waiting customers away from the shop whose turn has come now and is not yet recorded. */
export function turnsDue(chairs: ChairsOnDuty, active: readonly OrderRow[], now: number) {
  const facts = active.map((o) => ({ ...factsOf(o), wantsBarberId: o.barberId }));
  const onDuty = typeof chairs === 'number' ? chairs : chairs.map((c) => c.chair);
  const holder = new Map(typeof chairs === 'number' ? [] : chairs.map((c) => [c.chair, c]));
  const free: FreeChair[] = chairStates(onDuty, facts)
    .chairs.filter((c) => c.state === 'free')
    .map((c) => ({ chair: c.chair, barberId: holder.get(c.chair)?.barberId ?? null }));
  const recorded = new Set(active.filter((o) => o.turnAt !== null).map((o) => o.id));
  return awayTurns(free, facts, now)
    .map((o) => o.id)
    .filter((id) => !recorded.has(id));
}

/**
 * Records `at` as the turn of every away customer whose turn has come, in the shop as it is
 * under the lock the caller holds. An earlier turn is never overwritten. Answers their ids.
 */
export async function recordTurns(tx: Tx, pobId: number, at: number): Promise<number[]> {
  const [pob] = await tx.select({ chairs: pobs.chairs }).from(pobs).where(eq(pobs.id, pobId));
  if (!pob) return [];
  const named = await tx
    .select({ id: barbers.id, chair: barbers.chair })
    .from(barbers)
    .where(and(eq(barbers.pobId, pobId), isNull(barbers.removedAt)));
  const active = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.pobId, pobId), eq(orders.status, 'active')));
  const chairs: ChairsOnDuty =
    named.length > 0
      ? named.flatMap((b) => (b.chair === null ? [] : [{ chair: b.chair, barberId: b.id }]))
      : pob.chairs;
  const due = turnsDue(chairs, active, at);
  if (due.length === 0) return [];
  return writeTurns(tx, due, at);
}

/** The chairs on duty of a computed view (named barbers: the chairs those on duty hold). */
function chairsOfView(view: Pick<ShopQueueView, 'barbers' | 'pob'>): ChairsOnDuty {
  if (view.barbers.length === 0) return view.pob.chairs;
  return view.barbers.flatMap((b) =>
    b.row.chair === null ? [] : [{ chair: b.row.chair, barberId: b.row.id }],
  );
}

/**
 * A customer's change (a join, a check-in, a cancel: queue-change.ts), from the view it computed
 * under the shop's lock: the turns due in it at the change's moment, which the change records
 * with its moved estimates (queue-view.ts storeEstimates, one statement for both).
 */
export function turnsDueInView(
  view: Pick<ShopQueueView, 'barbers' | 'pob' | 'active'>,
  at: number,
): number[] {
  return turnsDue(chairsOfView(view), view.active, at);
}

/** The view's rows as written: the turns recorded at `at`, so that its next use asks nothing. */
export function markTurns(view: Pick<ShopQueueView, 'active'>, ids: readonly number[], at: number) {
  const written = new Set(ids);
  for (const o of view.active) if (written.has(o.id)) o.turnAt ??= new Date(at);
}

/**
 * Where a turn may be written (SQL, on `orders`): once, never over an earlier one, for an order
 * still waiting. Both statements that record turns use it (this file's and queue-view.ts's).
 */
export const TURN_UNRECORDED = `orders.turn_at is null and orders.status = 'active' and orders.started_at is null`;

/** Named (db/prepared.ts): the sweep's and a staff action's turns (a change's go with its estimates). */
const WRITE_TURNS_SQL = `update orders set turn_at = $2::timestamptz where id = any($1::int[]) and ${TURN_UNRECORDED} returning id`;

async function writeTurns(tx: Tx, due: number[], at: number): Promise<number[]> {
  return runNamed(tx, 'write_turns', WRITE_TURNS_SQL, [due, new Date(at).toISOString()], (rows) =>
    rows.map((r) => Number(r[0])),
  );
}

/**
 * After a change or at the sweep: when the computed view shows a turn due and unrecorded, takes
 * the shop's lock and records it (re-read under the lock: the view may be a moment old). Most
 * views show none, and cost no statement.
 */
export async function recordDueTurns(
  ctx: MarketContext,
  view: ShopQueueView,
  at: number,
): Promise<number> {
  if (turnsDue(chairsOfView(view), view.active, at).length === 0) return 0;
  const ids = await ctx.db.transaction(async (tx) => {
    await lockShop(tx, view.pob.id);
    return recordTurns(tx, view.pob.id, at);
  });
  markTurns(view, ids, at);
  return ids.length;
}
