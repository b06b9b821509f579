// Opens one market's database: an embedded PGlite under DATA_DIR by default, or a schema of its
// own on a real PostgreSQL server when DATABASE_URL is set. Both speak the same SQL and schema.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Market } from '@jono/contract';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface MarketDb {
  market: Market;
  db: Db;
  /** Subscribes to a NOTIFY channel; answers the function that unsubscribes. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
  kind: 'pglite' | 'postgres';
}

const MIGRATIONS = resolve(import.meta.dirname, '../../drizzle');

export interface OpenOptions {
  market: Market;
  /** PGlite: a data directory, or undefined for an in-memory database. */
  dataDir?: string;
  /** PGlite: an initialised and migrated database to start from (tests clone a template). */
  template?: Blob;
  /** PostgreSQL: connection string; the market's data lives in schema `${schemaPrefix}${market}`. */
  databaseUrl?: string;
  schemaPrefix?: string;
}

export async function openMarketDb(opts: OpenOptions): Promise<MarketDb> {
  return opts.databaseUrl ? openPostgres(opts, opts.databaseUrl) : openPglite(opts);
}

async function openPglite(opts: OpenOptions): Promise<MarketDb> {
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: opts.dataDir,
    loadDataDir: opts.template,
  });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  if (!opts.template) {
    await migratePglite(db as never, { migrationsFolder: MIGRATIONS });
  }
  return {
    market: opts.market,
    db,
    kind: 'pglite',
    async listen(channel, onPayload) {
      const unsub = await client.listen(channel, onPayload);
      return async () => unsub();
    },
    async notify(channel, payload) {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    close: () => client.close(),
  };
}

async function openPostgres(opts: OpenOptions, url: string): Promise<MarketDb> {
  const schemaName = `${opts.schemaPrefix ?? 'jono_'}${opts.market}`;
  if (!/^[a-z_][a-z0-9_]*$/.test(schemaName)) throw new Error(`Bad schema name ${schemaName}`);
  const setup = new pg.Client({ connectionString: url });
  await setup.connect();
  await setup.query(`create schema if not exists "${schemaName}"`);
  await setup.end();

  const pool = new pg.Pool({
    connectionString: url,
    options: `-c search_path=${schemaName}`,
    max: 10,
  });
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  await migratePg(db as never, { migrationsFolder: MIGRATIONS, migrationsSchema: schemaName });

  // One dedicated connection per process carries every LISTEN of this market.
  let listener: pg.Client | undefined;
  const handlers = new Map<string, Set<(payload: string) => void>>();
  async function listenerClient() {
    if (listener) return listener;
    listener = new pg.Client({ connectionString: url });
    await listener.connect();
    listener.on('notification', (n) => {
      for (const h of handlers.get(n.channel) ?? []) h(n.payload ?? '');
    });
    return listener;
  }
  const qualified = (channel: string) => `${schemaName}_${channel}`;

  return {
    market: opts.market,
    db,
    kind: 'postgres',
    async listen(channel, onPayload) {
      const name = qualified(channel);
      const client = await listenerClient();
      let set = handlers.get(name);
      if (!set) {
        set = new Set();
        handlers.set(name, set);
        await client.query(`listen "${name}"`);
      }
      set.add(onPayload);
      return async () => {
        set.delete(onPayload);
        if (set.size === 0) {
          handlers.delete(name);
          await client.query(`unlisten "${name}"`).catch(() => undefined);
        }
      };
    },
    async notify(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [qualified(channel), payload]);
    },
    async close() {
      await listener?.end().catch(() => undefined);
      await pool.end();
    },
  };
}

/** Builds an in-memory, migrated PGlite database and dumps it, for tests to clone quickly. */
export async function makePgliteTemplate(): Promise<Blob> {
  const client = await PGlite.create();
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS });
  const dump = await client.dumpDataDir('none');
  await client.close();
  return dump;
}

export function pgliteDir(dataDir: string, market: Market): string {
  return resolve(dataDir, 'pglite', market);
}
