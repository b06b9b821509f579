// The embedded database: every market's schema in one PGlite, loaded only when no DATABASE_URL
// is set (db/client.ts imports this module on demand). PGlite runs in a worker thread
// (db/pglite-worker.ts) unless PGLITE_THREAD=off puts it on the event loop (decision 011).
import { mkdirSync } from 'node:fs';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { MARKETS, type Market } from '@jono/contract';
import { MIGRATIONS_DIR } from '../lib/paths';
import {
  loggerFor,
  schemaOf,
  type Db,
  type MarketDb,
  type MarketDbs,
  type OpenOptions,
} from './market-db';
import { PgliteThread, type PgliteLike } from './pglite-worker';
import { runNamed } from './prepared';
import * as schema from './schema';

/**
 * PGlite has one connection, so markets take turns on it: every statement (or whole transaction)
 * of a market runs with that market's search_path, set only when the previous user was another
 * market. PGlite runs one statement at a time anyway; this queue only adds the switch.
 *
 * Each turn starts from a macrotask: PGlite on the event loop (PGLITE_THREAD=off) runs a
 * statement synchronously inside a promise continuation, so a queue of turns chained by promises alone never lets the event loop poll
 * the network. Under a burst of a hundred joins, new connections and requests then waited for
 * the whole queue, a few at a time, and a client saw 7 s for a join the server spent 1 s on.
 */
const nextMacrotask = () => new Promise<void>((resolve) => setImmediate(resolve));

class SchemaTurns {
  private tail: Promise<unknown> = Promise.resolve();
  private current = '';
  /** Turns asked for and not finished (the one running included). */
  pending = 0;
  constructor(
    private readonly client: PgliteLike,
    private readonly onSwitch: (schemaName: string) => void = () => undefined,
  ) {}

  run<T>(schemaName: string, fn: (client: PgliteLike) => Promise<T>): Promise<T> {
    this.pending += 1;
    const result = this.tail.then(nextMacrotask).then(async () => {
      if (this.current !== schemaName) {
        // Outside any transaction: a session setting, kept until the next switch.
        this.onSwitch(schemaName);
        await this.client.query(`set search_path to "${schemaName}"`);
        this.current = schemaName;
      }
      return fn(this.client);
    });
    this.tail = result.catch(() => undefined);
    void this.tail.then(() => {
      this.pending -= 1;
    });
    return result;
  }
}

/** The part of PGlite's interface drizzle's PGlite driver calls, bound to one market's schema. */
function marketClient(
  turns: SchemaTurns,
  schemaName: string,
  onStatement: (sql: string) => void = () => undefined,
): PGlite {
  const client = {
    query: (query: string, params?: unknown[], options?: object) =>
      turns.run(schemaName, (c) => c.query(query, params, options)),
    exec: (query: string, options?: object) => turns.run(schemaName, (c) => c.exec(query, options)),
    // PGlite sends BEGIN and COMMIT (or ROLLBACK) itself; drizzle's logger sees the rest.
    transaction: <T>(callback: (tx: Transaction) => Promise<T>) =>
      turns.run(schemaName, async (c) => {
        onStatement('begin');
        try {
          return await c.transaction(callback);
        } finally {
          onStatement('commit');
        }
      }),
  };
  return client as unknown as PGlite;
}

async function migrateSchemas(client: PgliteLike, turns: SchemaTurns, schemas: string[]) {
  for (const name of schemas) {
    await client.query(`create schema if not exists "${name}"`);
    const db = drizzlePglite({ client: marketClient(turns, name), schema });
    await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR, migrationsSchema: name });
  }
}

async function openInProcess(opts: OpenOptions): Promise<PGlite> {
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  return PGlite.create({
    dataDir: opts.dataDir,
    loadDataDir: opts.template,
    ...(opts.sharedBuffers
      ? {
          startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${opts.sharedBuffers}`],
        }
      : {}),
  });
}

export async function openPglite(opts: OpenOptions): Promise<MarketDbs> {
  // PGLITE_THREAD=on: PGlite in a worker thread, its statements off the event loop.
  const client: PgliteLike = opts.pgliteThread
    ? await PgliteThread.create({
        dataDir: opts.dataDir,
        template: opts.template,
        sharedBuffers: opts.sharedBuffers,
      })
    : await openInProcess(opts);
  const hook = opts.onStatement;
  const marketOfSchema = new Map(opts.markets.map((m) => [schemaOf(opts.schemaPrefix, m), m]));
  const turns = new SchemaTurns(client, (name) => {
    const market = marketOfSchema.get(name);
    if (hook && market) hook(market, 'set search_path');
  });
  const names = opts.markets.map((m) => schemaOf(opts.schemaPrefix, m));
  // Already migrated (a template, or a restart): a check of the journal per market.
  await migrateSchemas(client, turns, names);
  const markets = new Map<Market, MarketDb>();
  for (const [i, market] of opts.markets.entries()) {
    const schemaName = names[i] ?? schemaOf(opts.schemaPrefix, market);
    const qualified = (channel: string) => `${schemaName}_${channel}`;
    const db = drizzlePglite({
      client: marketClient(turns, schemaName, (sql) => hook?.(market, sql)),
      schema,
      logger: loggerFor(hook, market),
    }) as unknown as Db;
    markets.set(market, {
      market,
      db,
      kind: 'pglite',
      poolMax: 1,
      channel: qualified,
      // One connection: busy while a turn runs, and the turns queued behind it wait.
      pool: () => ({
        total: 1,
        idle: turns.pending === 0 ? 1 : 0,
        waiting: Math.max(0, turns.pending - 1),
      }),
      async listen(channel, onPayload) {
        const unsub = await client.listen(qualified(channel), onPayload);
        return async () => unsub();
      },
      async notify(channel, payload) {
        hook?.(market, 'select pg_notify');
        await client.query('select pg_notify($1, $2)', [qualified(channel), payload]);
      },
      // In process there is no round trip to save: BEGIN, then the statement.
      transactionOpening: (opening, work) =>
        db.transaction(async (tx) => {
          await runNamed(tx, opening.name, opening.text, [...opening.params], () => null);
          return work(tx);
        }),
    });
  }
  return {
    markets,
    // Between two turns (so never inside a transaction): the files then hold every committed
    // change, and a CHECKPOINT first makes them need no WAL replay. dumpDataDir waits for any
    // statement PGlite is running and copies the data directory as a gzipped tar.
    backup: () =>
      turns.run(names[0] ?? 'public', async (c) => {
        await c.query('checkpoint');
        return c.dumpDataDir('gzip');
      }),
    close: () => client.close(),
  };
}

/** An in-memory PGlite with every market's schema migrated, dumped for tests to clone quickly. */
export async function makePgliteTemplate(schemaPrefix?: string): Promise<Blob> {
  const client = await PGlite.create();
  await migrateSchemas(
    client,
    new SchemaTurns(client),
    MARKETS.map((m) => schemaOf(schemaPrefix, m)),
  );
  const dump = await client.dumpDataDir('none');
  await client.close();
  return dump;
}
