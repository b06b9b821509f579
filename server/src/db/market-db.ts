// What every market database offers, whichever engine holds it (PGlite or PostgreSQL), and the
// helpers both engines share. A leaf of db/: client.ts and pglite.ts import it, never each other
// (client.ts loads pglite.ts on demand).
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Market } from '@jono/contract';
import type * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface MarketDb {
  market: Market;
  db: Db;
  /** Subscribes to a NOTIFY channel; answers the function that unsubscribes. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  /** The database's name of a channel of this market (for pg_notify inside a statement). */
  channel(channel: string): string;
  kind: 'pglite' | 'postgres';
  /** Its connections now (jono_db_pool_connections). */
  pool(): { total: number; idle: number; waiting: number };
  /** The most connections it opens (PGlite: its one). */
  poolMax: number;
  /**
   * A transaction whose first statement is `opening` (a named statement of constant text; its
   * parameters integers or text). On PostgreSQL the BEGIN and the statement go in one round trip
   * (the simple query protocol takes both, the parameters as literals: issue 29, a batch's
   * statements); on PGlite, BEGIN then the statement. `work` runs once it is done; COMMIT when it
   * returns, ROLLBACK when it (or the opening) throws.
   */
  transactionOpening<T>(opening: OpeningStatement, work: (tx: Tx) => Promise<T>): Promise<T>;
}

/** A transaction's first statement (MarketDb.transactionOpening). */
export interface OpeningStatement {
  /** Its prepared statement's name where it is sent apart (db/prepared.ts). */
  name: string;
  /** Constant text with $1..$n. */
  text: string;
  params: readonly (number | string)[];
}

/**
 * `text` with each $n replaced by params[n - 1] as a literal: integers as themselves, text by
 * `quote` (the driver's escapeLiteral). Anything else is refused rather than sent.
 */
export function withLiterals(
  text: string,
  params: readonly (number | string)[],
  quote: (value: string) => string,
): string {
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = params[Number(n) - 1];
    if (typeof value === 'number') {
      if (!Number.isSafeInteger(value)) throw new Error(`not an integer: ${value}`);
      return String(value);
    }
    if (typeof value === 'string') return quote(value);
    throw new Error(`no parameter $${n}`);
  });
}

/** Connections per market on PostgreSQL. */
export const POOL_MAX = 10;

export interface MarketDbs {
  markets: Map<Market, MarketDb>;
  /**
   * PGlite only: a consistent copy of the whole embedded database (every market), as a gzipped
   * tar of its data directory, taken between two turns (never inside a transaction) after a
   * CHECKPOINT. PostgreSQL has pg_dump and PITR instead (docs/operations.md).
   */
  backup?: () => Promise<Blob>;
  close(): Promise<void>;
}

export interface OpenOptions {
  markets: readonly Market[];
  /** PGlite: a data directory, or undefined for an in-memory database. */
  dataDir?: string;
  /** PGlite: an initialised and migrated database to start from (tests clone a template). */
  template?: Blob;
  /** PGlite: its buffer cache (shared_buffers, e.g. 32MB; PostgreSQL's default 128MB if unset). */
  sharedBuffers?: string;
  /** PGlite: run it in a worker thread, off the event loop (PGLITE_THREAD, decision 011). */
  pgliteThread?: boolean;
  /** PostgreSQL: connection string. */
  databaseUrl?: string;
  /** Market schemas are named `${schemaPrefix}${market}` (default `jono_`). */
  schemaPrefix?: string;
  /** Hears every statement sent to the database (tests count the statements of a request). */
  onStatement?: StatementHook;
}

export type StatementHook = (market: Market, sql: string) => void;

export const loggerFor = (hook: StatementHook | undefined, market: Market) =>
  hook ? { logQuery: (sql: string) => hook(market, sql) } : undefined;

export function schemaOf(prefix: string | undefined, market: Market): string {
  const name = `${prefix ?? 'jono_'}${market}`;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Bad schema name ${name}`);
  return name;
}
