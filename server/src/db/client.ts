// Opens every market's database. Each market lives in a schema of its own (`{prefix}{market}`),
// on an embedded PGlite under DATA_DIR by default or on a PostgreSQL server when DATABASE_URL is
// set. Drizzle's tables carry no schema: every statement runs with the market's search_path, so
// the same queries and migration files serve both (docs/decisions/001).
import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Market } from '@jono/contract';
import { MIGRATIONS_DIR } from '../lib/paths';
import * as schema from './schema';
import {
  loggerFor,
  schemaOf,
  type Db,
  type MarketDb,
  type MarketDbs,
  type OpenOptions,
  POOL_MAX,
  withLiterals,
  type OpeningStatement,
  type Tx,
} from './market-db';

export {
  loggerFor,
  schemaOf,
  type Db,
  type MarketDb,
  type MarketDbs,
  type OpenOptions,
  type StatementHook,
  type Tx,
} from './market-db';

export async function openMarketDbs(opts: OpenOptions): Promise<MarketDbs> {
  // PGlite's module (and its driver) is loaded only when it is used: a server on PostgreSQL
  // never holds it in memory.
  return opts.databaseUrl
    ? openPostgres(opts, opts.databaseUrl)
    : (await import('./pglite')).openPglite(opts);
}

async function openPostgres(opts: OpenOptions, url: string): Promise<MarketDbs> {
  // One dedicated connection per process carries every LISTEN of every market.
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

  const pools: pg.Pool[] = [];
  const markets = new Map<Market, MarketDb>();
  for (const market of opts.markets) {
    const schemaName = schemaOf(opts.schemaPrefix, market);
    // Nodes starting together on an empty database take turns: CREATE SCHEMA IF NOT EXISTS and
    // the migrations race otherwise (a duplicate-key error, or a migration applied twice).
    const setup = new pg.Client({ connectionString: url });
    await setup.connect();
    await setup.query(`select pg_advisory_lock(hashtext('jono:migrate'))`);

    const pool = new pg.Pool({
      connectionString: url,
      options: `-c search_path=${schemaName}`,
      max: POOL_MAX,
    });
    pools.push(pool);
    const db = drizzlePg({
      client: pool,
      schema,
      logger: loggerFor(opts.onStatement, market),
    }) as unknown as Db;
    try {
      await setup.query(`create schema if not exists "${schemaName}"`);
      await migratePg(db as never, {
        migrationsFolder: MIGRATIONS_DIR,
        migrationsSchema: schemaName,
      });
    } finally {
      await setup.end();
    }
    const qualified = (channel: string) => `${schemaName}_${channel}`;
    markets.set(market, {
      market,
      db,
      kind: 'postgres',
      channel: qualified,
      pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      poolMax: POOL_MAX,
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
        opts.onStatement?.(market, 'select pg_notify');
        await pool.query('select pg_notify($1, $2)', [qualified(channel), payload]);
      },
      transactionOpening: (opening, work) =>
        openingTransaction(pool, db, opening, work, (text) => opts.onStatement?.(market, text)),
    });
  }
  return {
    markets,
    async close() {
      await listener?.end().catch(() => undefined);
      for (const pool of pools) await pool.end();
    },
  };
}

/**
 * MarketDb.transactionOpening on PostgreSQL: drizzle's own transaction (node-postgres/session.js)
 * with its BEGIN sent together with the first statement, as one simple query. The statements of
 * `work` run through a drizzle transaction on the same connection, as in db.transaction().
 */
async function openingTransaction<T>(
  pool: pg.Pool,
  db: Db,
  opening: OpeningStatement,
  work: (tx: Tx) => Promise<T>,
  logged: (statement: string) => void,
): Promise<T> {
  const {
    dialect,
    schema: tables,
    options,
  } = (
    db as unknown as {
      session: {
        dialect: ConstructorParameters<typeof NodePgSession>[1];
        schema: ConstructorParameters<typeof NodePgSession>[2];
        options: ConstructorParameters<typeof NodePgSession>[3];
      };
    }
  ).session;
  const client = await pool.connect();
  const session = new NodePgSession(client, dialect, tables, options);
  const tx = new NodePgTransaction(dialect, session, tables) as unknown as Tx;
  const text = `begin; ${withLiterals(opening.text, opening.params, (v) => client.escapeLiteral(v))}`;
  let broken: Error | undefined;
  try {
    // Heard as the two statements it is (their texts constant, as on PGlite): one round trip.
    logged('begin');
    logged(opening.text);
    await client.query(text);
    const result = await work(tx);
    await tx.execute(sql`commit`);
    return result;
  } catch (err) {
    // Whatever failed (the opening, the work, the COMMIT), the transaction rolls back; a
    // connection that cannot even do that is closed instead of going back to the pool.
    await tx.execute(sql`rollback`).catch((e: unknown) => {
      broken = e instanceof Error ? e : new Error(String(e));
    });
    throw err;
  } finally {
    client.release(broken);
  }
}

/** An in-memory PGlite with every market's schema migrated, dumped for tests to clone quickly. */
export async function makePgliteTemplate(schemaPrefix?: string): Promise<Blob> {
  return (await import('./pglite')).makePgliteTemplate(schemaPrefix);
}

/** Where the embedded database of every market lives. */
export function pgliteDir(dataDir: string): string {
  return resolve(dataDir, 'pglite', 'jono');
}
