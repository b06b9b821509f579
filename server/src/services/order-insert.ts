// A join's INSERT (one or a batch's several rows) as a named statement of constant text per row
// count (db/prepared.ts): the same text for a join and a rejoin (a rejoin's kept ticket is a
// parameter), so every join after a connection's first sends its parameters alone.
import type { Db, Tx } from '../db/client';
import { rowCodec, runNamed } from '../db/prepared';
import { orders } from '../db/schema';
import type { OrderRow } from './queue-rows';

/** The columns a join writes (the others take their defaults); `ticket` is computed. */
export const ORDER_INSERT_KEYS = [
  'pobId',
  'customerId',
  'source',
  'walkInName',
  'notifyPhone',
  'status',
  'priority',
  'rank',
  'rejoinedFrom',
  'customerAtPob',
  'checkedInAt',
  'joinedAt',
  'plannedMinutes',
  'shownWait',
  'waitEstimate',
  'items',
  'barberId',
  'updatedAt',
] as const satisfies readonly (keyof typeof orders.$inferInsert)[];

type Insert = typeof orders.$inferInsert;
/** A new order's values: every column a join writes, none other. */
export type OrderValues = { [K in (typeof ORDER_INSERT_KEYS)[number]]-?: Insert[K] };

export interface OrderTicket {
  /** A rejoin keeps its former number (the same local day); null: the shop's next. */
  kept: number | null;
  /** The start of the shop's local day: the next number is one more than that day's highest. */
  dayStart: Date;
}

export interface NewOrder {
  values: OrderValues;
  ticket: OrderTicket;
}

const codec = rowCodec(orders);
const PER_ROW = ORDER_INSERT_KEYS.length + 4;
const texts = new Map<number, string>();

/**
 * The INSERT of `n` rows. A row's ticket: its kept one, or the day's highest plus 1 plus the
 * rows before it in the statement (they are not visible to its subquery). The highest first
 * (orders_pob_ticket_idx, read backwards): the scan stops at the day's last ticket.
 */
export function orderInsertSql(n: number): string {
  let text = texts.get(n);
  if (text) return text;
  const columns = [...ORDER_INSERT_KEYS.map((k) => `"${codec.column(k)}"`), '"ticket"'].join(', ');
  const rows: string[] = [];
  for (let r = 0; r < n; r++) {
    const at = r * PER_ROW;
    const values = ORDER_INSERT_KEYS.map((_, i) => `$${at + i + 1}`);
    const [kept, pob, since, next] = [1, 2, 3, 4].map(
      (i) => `$${at + ORDER_INSERT_KEYS.length + i}`,
    );
    values.push(
      `coalesce(${kept}::int, coalesce((select t.ticket from orders t where t.pob_id = ${pob}::int and t.ticket is not null and t.joined_at >= ${since}::timestamptz order by t.ticket desc limit 1), 0) + ${next}::int)`,
    );
    rows.push(`(${values.join(', ')})`);
  }
  text = `insert into "orders" (${columns}) values ${rows.join(', ')} returning ${codec.select('"orders"')}`;
  texts.set(n, text);
  return text;
}

/** Writes the new orders in one statement; answers their rows in the order given. */
export async function insertOrders(db: Db | Tx, rows: readonly NewOrder[]): Promise<OrderRow[]> {
  const params: unknown[] = [];
  rows.forEach(({ values, ticket }, r) => {
    for (const key of ORDER_INSERT_KEYS) params.push(codec.encode(key, values[key]));
    params.push(ticket.kept, values.pobId, ticket.dayStart.toISOString(), 1 + r);
  });
  const written = await runNamed(
    db,
    `order_insert_${rows.length}`,
    orderInsertSql(rows.length),
    params,
    (result) => result.map((row) => codec.decode(row)),
  );
  if (written.length !== rows.length) throw new Error('order insert failed');
  return written;
}
