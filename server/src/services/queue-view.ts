// A shop's view of its live queue, computed from its rows (pure): the estimate, status and
// snapshot, which estimates moved, and the one statement that stores them with the waits shown.
// QueueService (queue.ts) caches these views; queue-change.ts computes them inside a change.
import { PRIORITY_LEVELS, WAIT_REASON_MINUTES } from '@jono/contract';
import {
  closingTime,
  estimateQueue,
  queueState,
  shopStatus,
  waitBases,
  waitChangeReason,
  waitChangeStale,
  waitShiftMinutes,
  type QueueEstimate,
  type ShopStatus,
  type ServiceTimeEstimate,
} from '@jono/queue';
import type { Db, Tx } from '../db/client';
import { runNamed } from '../db/prepared';
import type { waitEstimates, WaitBasisRecord, WaitChangeRecord } from '../db/schema';
import type { QueueSnapshot } from './shops';
import { barbersNow, queueStateOf, type ShopHistory } from './queue-load';
import { worksToday, type BarberToday } from './rota';
import type { ActiveOrderRow, PobRow, ShopQueueView } from './queue-rows';
import { TURN_UNRECORDED } from './turns';

/** A shop's view from its row, active orders and history: the estimate, status and snapshot. */
export function viewOf(
  pob: PobRow,
  active: ActiveOrderRow[],
  history: ShopHistory,
  now: number,
): ShopQueueView {
  const barbers = barbersNow(pob, now);
  const state = queueStateOf(now, pob, active, history, barbers);
  const estimate = estimateQueue(state);
  const status = statusOf(pob, state, estimate);
  const snapshot = snapshotOf(status, estimate, barbers, now);
  return { pob, status, estimate, active, snapshot, computedAt: now, state, barbers };
}

export interface MovedEstimates {
  /**
   * The orders whose stored estimate (median and range) differs from the view's; `basis` and
   * `change` when the engine's record behind the wait is (re)set and why it moved.
   */
  orders: {
    id: number;
    wait: number | null;
    low: number | null;
    high: number | null;
    basis?: WaitBasisRecord;
    /** null: the last change is stale (the turn moved back the other way) and is forgotten. */
    change?: WaitChangeRecord | null;
    /** The wait shown when the order joined (its first estimate, set in its own transaction). */
    shown?: number | null;
  }[];
  /** The closed loop: every estimate a waiting customer is now shown, with the model's numbers. */
  shown: (typeof waitEstimates.$inferInsert)[];
}

/** The estimates of `view` that differ from the ones stored on its orders (which it updates). */
export function movedEstimates(view: ShopQueueView): MovedEstimates {
  const moved: MovedEstimates = { orders: [], shown: [] };
  const at = new Date(view.computedAt);
  // Every order's record in one pass (not one pass over the queue per order).
  const bases = waitBases(view.state, view.estimate);
  for (const o of view.active) {
    const e = view.estimate.orders.get(o.id);
    const wait = e?.waitMinutes ?? null;
    const low = e?.waitRange?.low ?? null;
    const high = e?.waitRange?.high ?? null;
    // Checked every time: a service running long keeps the minutes left and moves the turn.
    const record = waitChangeOf(view, o, bases.get(o.id));
    const same = wait === o.waitEstimate && low === o.waitLow && high === o.waitHigh;
    if (same && !record.basis) continue;
    moved.orders.push({ id: o.id, wait, low, high, ...record });
    o.waitEstimate = wait;
    o.waitLow = low;
    o.waitHigh = high;
    if (!same && e?.model && wait !== null && low !== null && high !== null) {
      moved.shown.push({
        orderId: o.id,
        pobId: o.pobId,
        priority: o.priority,
        at,
        modelP10: e.model.p10,
        modelP50: e.model.p50,
        modelP90: e.model.p90,
        wait,
        low,
        high,
      });
    }
  }
  return moved;
}

/**
 * Why a waiting customer's turn moved, from the engine's record: the first estimate sets the
 * record; a turn WAIT_REASON_MINUTES or more earlier or later than the record records the change
 * and its reason, and becomes the new record. Time passing alone moves nothing (the record is the
 * expected start, not the minutes left). Updates the row in memory too.
 */
function waitChangeOf(
  view: ShopQueueView,
  o: ActiveOrderRow,
  basis: WaitBasisRecord | undefined,
): { basis?: WaitBasisRecord; change?: WaitChangeRecord | null } {
  if (!basis) return {};
  const before = o.waitBasis;
  if (before) {
    const minutes = waitShiftMinutes(before, basis);
    if (o.waitChange && waitChangeStale(o.waitChange.minutes, minutes, WAIT_REASON_MINUTES)) {
      // The turn came back: the old reason no longer explains the wait the customer sees.
      o.waitBasis = basis;
      o.waitChange = null;
      return { basis, change: null };
    }
    if (Math.abs(minutes) < WAIT_REASON_MINUTES) return {};
    const change: WaitChangeRecord = {
      minutes,
      reason: waitChangeReason(before, basis),
      at: new Date(view.computedAt).toISOString(),
    };
    o.waitBasis = basis;
    o.waitChange = change;
    return { basis, change };
  }
  o.waitBasis = basis;
  return { basis };
}

/**
 * ONE statement that stores every moved estimate on its order, records the shown ones in
 * wait_estimates (a data-modifying WITH runs to completion even though nothing reads it) and
 * records the turns that came (turns.ts: `turn_at`, never overwritten), not one statement per
 * order (bench: joins slowed as queues grew) nor one for the turns (issue 29: a join into a shop
 * with a free chair wrote them in a statement of their own). Each column travels as ONE array
 * parameter (unnest), so the statement's text is the same whatever the number of orders: the
 * driver sends a few hundred bytes of text and a dozen parameters, not a VALUES row of seven
 * parameters per order, and building it costs the same for 1 order as for 1,000 (issue 29:
 * building SQL text was a fifth of a join's CPU). A row's flags: KEEP_ESTIMATE (a turn alone,
 * its estimate unmoved) and RECORD_TURN. It answers the orders whose turn it recorded.
 */
const KEEP_ESTIMATE = 1;
const RECORD_TURN = 2;
const estimateColumn = (column: string, value: string) =>
  `${column} = case when v.flags & ${KEEP_ESTIMATE} = 0 then ${value} else orders.${column} end`;
const UPDATE_ESTIMATES = `update orders set ${[
  estimateColumn('wait_estimate', 'v.wait'),
  estimateColumn('wait_low', 'v.low'),
  estimateColumn('wait_high', 'v.high'),
  estimateColumn('wait_basis', 'coalesce(v.basis::jsonb, orders.wait_basis)'),
  estimateColumn(
    'wait_change',
    "case when v.change = 'null' then null else coalesce(v.change::jsonb, orders.wait_change) end",
  ),
].join(
  ', ',
)}, shown_wait = coalesce(v.shown, orders.shown_wait), turn_at = case when v.flags & ${RECORD_TURN} <> 0 and ${TURN_UNRECORDED} then $9::timestamptz else orders.turn_at end from unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::text[], $6::text[], $7::int[], $8::int[]) as v(id, wait, low, high, basis, change, shown, flags) where orders.id = v.id returning orders.id, v.flags & ${RECORD_TURN} <> 0 and orders.turn_at = $9::timestamptz as turned`;
const STORE_ESTIMATES_SQL = {
  moved: `with moved as (${UPDATE_ESTIMATES}) select id from moved where turned`,
  shown: `with moved as (${UPDATE_ESTIMATES}), recorded as (insert into wait_estimates (order_id, pob_id, priority, at, model_p10, model_p50, model_p90, wait, low, high) select * from unnest($10::int[], $11::int[], $12::int[], $13::timestamptz[], $14::float8[], $15::float8[], $16::float8[], $17::int[], $18::int[], $19::int[])) select id from moved where turned`,
};

/** Turns to record with the estimates (turns.ts turnsDue): the orders, and the moment. */
export interface TurnsToRecord {
  ids: readonly number[];
  at: number;
}

/** The moved estimates' statement: its (constant) text and parameters, every value an array. */
export function storeEstimatesArgs(
  moved: MovedEstimates,
  turns: TurnsToRecord = { ids: [], at: 0 },
): {
  name: 'store_estimates' | 'store_estimates_shown';
  text: string;
  params: unknown[];
} {
  // JSON as text (null: keep the stored value; the text 'null': clear it), cast in the statement.
  const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));
  const turning = new Set(turns.ids);
  const o: (MovedEstimates['orders'][number] & { flags: number })[] = moved.orders.map((c) => ({
    ...c,
    flags: turning.has(c.id) ? RECORD_TURN : 0,
  }));
  const estimated = new Set(moved.orders.map((c) => c.id));
  for (const id of turns.ids) {
    if (estimated.has(id)) continue;
    o.push({ id, wait: null, low: null, high: null, flags: KEEP_ESTIMATE | RECORD_TURN });
  }
  const params: unknown[] = [
    o.map((c) => c.id),
    o.map((c) => c.wait),
    o.map((c) => c.low),
    o.map((c) => c.high),
    o.map((c) => json(c.basis)),
    o.map((c) => json(c.change)),
    o.map((c) => c.shown ?? null),
    o.map((c) => c.flags),
    new Date(turns.at).toISOString(),
  ];
  if (moved.shown.length === 0) {
    return { name: 'store_estimates', text: STORE_ESTIMATES_SQL.moved, params };
  }
  const e = moved.shown;
  params.push(
    e.map((x) => x.orderId),
    e.map((x) => x.pobId),
    e.map((x) => x.priority),
    e.map((x) => x.at.toISOString()),
    e.map((x) => x.modelP10),
    e.map((x) => x.modelP50),
    e.map((x) => x.modelP90),
    e.map((x) => x.wait),
    e.map((x) => x.low),
    e.map((x) => x.high),
  );
  return { name: 'store_estimates_shown', text: STORE_ESTIMATES_SQL.shown, params };
}

/**
 * Stores the moved estimates (and the closed loop's shown ones), and records `turns`, in one
 * named statement of constant text. Answers the orders whose turn it recorded.
 */
export async function storeEstimates(
  db: Db | Tx,
  moved: MovedEstimates,
  turns?: TurnsToRecord,
): Promise<number[]> {
  const { name, text, params } = storeEstimatesArgs(moved, turns);
  return runNamed(db, name, text, params, (rows) => rows.map((r) => Number(r[0])));
}

/**
 * Whether the shop takes orders now and when it closes, without "closing soon" (which asks the
 * Monte Carlo): what a join needs before its own estimate.
 */
export function admissionOf(
  pob: PobRow,
  now: number,
): { queue_state: ShopStatus['queue_state']; closesAt: number | null } {
  const staffState =
    pob.queueState === 'closed' || pob.queueState === 'full' ? pob.queueState : 'open';
  const closesAt = closingTime(pob.openTimes, pob.timeZone, now);
  const state = queueState(staffState, closesAt !== null);
  return { queue_state: state === 'open' && pob.chairs <= 0 ? 'full' : state, closesAt };
}

/** Open, closed or full as customers see it; no barber on duty means no new orders (full). */
export function statusOf(
  pob: PobRow,
  state: Parameters<typeof shopStatus>[0],
  /** The state's estimate, or its newcomers' estimates, when already computed. */
  estimate?: QueueEstimate | readonly ServiceTimeEstimate[],
): ShopStatus {
  const staffState =
    pob.queueState === 'closed' || pob.queueState === 'full' ? pob.queueState : 'open';
  const known = Array.isArray(estimate)
    ? (estimate as readonly ServiceTimeEstimate[])
    : (estimate as QueueEstimate | undefined)?.serviceTimeEstimates;
  const status = shopStatus(state, staffState, pob.openTimes, pob.timeZone, known);
  if (status.queue_state === 'open' && pob.chairs <= 0) {
    return { ...status, queue_state: 'full', closing_soon: false };
  }
  return status;
}

const MINUTE = 60_000;

/** Every priority's wait of a newcomer, as the API shows them (0 where none is known). */
function publicEstimates(list: readonly ServiceTimeEstimate[]) {
  return PRIORITY_LEVELS.map((priority) => {
    const e = list.find((x) => x.priority === priority);
    const wait = e?.wait_time ?? 0;
    return { priority, wait_time: wait, wait_range: e?.wait_range ?? { low: wait, high: wait } };
  });
}

/**
 * A newcomer's waits for one barber: the engine's own when it computes them per barber, else the
 * shop's first-available waits (and for a barber who is not on duty yet, at least until their
 * next shift starts).
 */
export function barberWaits(
  estimate: QueueEstimate,
  b: BarberToday,
  now: number,
): ReturnType<typeof publicEstimates> {
  const own = estimate.barberEstimates?.get(b.row.id);
  if (own) return publicEstimates(own);
  const until = b.onDuty || b.nextShiftAt === null ? 0 : Math.ceil((b.nextShiftAt - now) / MINUTE);
  return publicEstimates(estimate.serviceTimeEstimates).map((e) => ({
    ...e,
    wait_time: Math.max(e.wait_time, until),
    wait_range: {
      low: Math.max(e.wait_range.low, until),
      high: Math.max(e.wait_range.high, until),
    },
  }));
}

export function snapshotOf(
  status: ShopStatus,
  estimate: QueueEstimate,
  barbers: readonly BarberToday[] = [],
  now = 0,
): QueueSnapshot {
  return {
    open: status.open,
    closing_soon: status.closing_soon,
    queue_state: status.queue_state,
    service_time_estimates: publicEstimates(estimate.serviceTimeEstimates),
    barbers: barbers.filter(worksToday).map((b) => ({
      id: b.row.id,
      first_name: b.row.firstName,
      photo: b.row.photo,
      languages: b.row.languages,
      specialities: b.row.specialities,
      translations: b.row.translations,
      on_duty: b.onDuty,
      next_shift_at: b.nextShiftAt === null ? null : new Date(b.nextShiftAt).toISOString(),
      due_since: b.dueSince === null ? null : new Date(b.dueSince).toISOString(),
      service_time_estimates: barberWaits(estimate, b, now),
    })),
  };
}
