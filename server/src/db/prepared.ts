// The hot path's statements (a join, a cancel: issue 29) as hand-written SQL of constant text,
// sent as NAMED statements: on PostgreSQL each connection parses and plans one once and later
// sends its parameters alone, and no query builder runs per call. Rows come back as arrays and are
// decoded by each column's own Drizzle mapping (rowCodec), so a row equals what Drizzle's select
// answers (server/test/prepared.test.ts checks it). They run through the Drizzle session of the
// database or transaction given (its connection, its statement logger, its error wrapping) and
// work on PGlite alike (which ignores the name).
import { getTableColumns, type Table } from 'drizzle-orm';
import type { Db, Tx } from './market-db';

/** The part of Drizzle's session (node-postgres and PGlite alike) a named statement needs. */
interface Session {
  prepareQuery(
    query: { sql: string; params: unknown[] },
    fields: undefined,
    name: string | undefined,
    isResponseInArrayMode: boolean,
    customResultMapper: (rows: unknown[][]) => unknown,
  ): { execute(): Promise<unknown> };
}

/**
 * Runs `text` (constant for a given `name`: node-postgres refuses one name for two texts) with
 * `params` on `db`'s connection, and answers `map` of its rows (arrays, in select order).
 */
export function runNamed<R>(
  db: Db | Tx,
  name: string,
  text: string,
  params: unknown[],
  map: (rows: unknown[][]) => R,
): Promise<R> {
  const session = (db as unknown as { session: Session }).session;
  return session
    .prepareQuery({ sql: text, params }, undefined, name, true, map)
    .execute() as Promise<R>;
}

interface ColumnLike {
  name: string;
  mapFromDriverValue(value: unknown): unknown;
  mapToDriverValue(value: unknown): unknown;
}

export interface RowCodec<T> {
  /** Column keys (Drizzle's field names), in select order. */
  keys: readonly string[];
  /** How many values a row takes in a select list. */
  width: number;
  /** The select list: every column, qualified by `alias`. */
  select(alias: string): string;
  /** The row read from `row` at `offset` (the select list's position), as Drizzle maps it. */
  decode(row: readonly unknown[], offset?: number): T;
  /** A value of the column `key` as Drizzle's select maps it. */
  value(key: string, raw: unknown): unknown;
  /** A value as Drizzle would send it for the column `key` (null stays null). */
  encode(key: string, value: unknown): unknown;
  /** The column's SQL name. */
  column(key: string): string;
}

/** A table's columns, read and written as Drizzle's own select and insert would. */
export function rowCodec<T extends Table>(table: T): RowCodec<T['$inferSelect']> {
  const entries = Object.entries(getTableColumns(table)) as [string, ColumnLike][];
  const keys = entries.map(([k]) => k);
  const columns = entries.map(([, c]) => c);
  const byKey = new Map(entries);
  const quoted = columns.map((c) => `"${c.name}"`);
  const width = keys.length;
  return {
    keys,
    width,
    select: (alias) => quoted.map((c) => `${alias}.${c}`).join(', '),
    decode(row, offset = 0) {
      const out: Record<string, unknown> = {};
      for (let i = 0; i < width; i++) {
        const raw = row[offset + i];
        out[keys[i] as string] =
          raw === null || raw === undefined
            ? null
            : (columns[i] as ColumnLike).mapFromDriverValue(raw);
      }
      return out as T['$inferSelect'];
    },
    value(key, raw) {
      const column = byKey.get(key);
      if (!column) throw new Error(`no column ${key}`);
      return raw === null || raw === undefined ? null : column.mapFromDriverValue(raw);
    },
    encode(key, value) {
      const column = byKey.get(key);
      if (!column) throw new Error(`no column ${key}`);
      return value === null || value === undefined ? null : column.mapToDriverValue(value);
    },
    column(key) {
      const column = byKey.get(key);
      if (!column) throw new Error(`no column ${key}`);
      return column.name;
    },
  };
}
