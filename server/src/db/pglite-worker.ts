// PGlite in a worker thread (PGLITE_THREAD=on; decision 011): the part of PGlite's interface
// db/pglite.ts and drizzle's PGlite driver use (query, exec, transaction, listen, dumpDataDir,
// close), each call a message to db/pglite-thread.ts. Rows cross threads by structured clone; a
// transaction is a sequence of messages bound to one transaction held open in the thread.
import { Worker } from 'node:worker_threads';
import { types, type PGlite, type Results, type Transaction } from '@electric-sql/pglite';
import type { Mode, Reply, Request } from './pglite-thread';

/** The type ids drizzle's PGlite driver reads as text (drizzle-orm/pglite/session.js). */
const DRIZZLE_TEXT_TYPES = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];

export interface ThreadOpenOptions {
  dataDir?: string;
  template?: Blob;
  sharedBuffers?: string;
}

type Body<R> = R extends { id: number } ? Omit<R, 'id'> : never;

interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, unknown>;
}

/** What the server asks of PGlite, whether PGlite runs in its thread or in a worker's. */
export type PgliteLike = Pick<PGlite, 'query' | 'exec' | 'transaction' | 'listen' | 'close'> & {
  dumpDataDir(compression: 'gzip'): Promise<Blob>;
};

/** drizzle's options (its parsers leave dates and intervals as text) or none: nothing else. */
function modeOf(options: QueryOptions | undefined): Mode {
  if (!options || (options.rowMode === undefined && options.parsers === undefined)) return 'plain';
  const keys = Object.keys(options.parsers ?? {}).map(Number);
  const drizzle =
    keys.length === DRIZZLE_TEXT_TYPES.length && keys.every((k) => DRIZZLE_TEXT_TYPES.includes(k));
  if (!drizzle) throw new Error('PGlite in a worker thread takes only drizzle’s query options');
  return options.rowMode === 'array' ? 'drizzle-array' : 'drizzle-object';
}

function toError(fields: Record<string, unknown>): Error {
  const err = new Error(String(fields.message ?? 'PGlite failed'));
  Object.assign(err, fields);
  return err;
}

export class PgliteThread {
  private readonly pending = new Map<
    number,
    { resolve: (v: unknown) => void; reject: (e: Error) => void }
  >();
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private nextId = 1;
  private closed = false;
  private gone: Error | undefined;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: Reply) => {
      if ('notify' in reply) {
        for (const h of this.listeners.get(reply.notify) ?? []) h(reply.payload);
        return;
      }
      if (!('id' in reply)) return;
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (reply.ok) waiting.resolve(reply.value);
      else waiting.reject(toError(reply.error));
    });
    worker.on('error', (err) => this.failAll(err));
    worker.on('exit', (code) => {
      // Every later call fails at once instead of waiting for a thread that is gone.
      this.gone ??= new Error(`PGlite's thread exited (${String(code)})`);
      if (!this.closed) this.failAll(this.gone);
    });
  }

  static async create(opts: ThreadOpenOptions): Promise<PgliteThread> {
    // The tests run the TypeScript source (Node strips its types); the build emits the thread
    // beside the server's own files (scripts/build.mjs).
    const file = import.meta.url.endsWith('.ts') ? './pglite-thread.ts' : './pglite-thread.js';
    const worker = new Worker(new URL(file, import.meta.url), {
      workerData: { ...opts, drizzleTextTypes: DRIZZLE_TEXT_TYPES },
    });
    await new Promise<void>((resolve, reject) => {
      const first = (reply: Reply) => {
        worker.off('message', first);
        worker.off('error', reject);
        if ('ready' in reply) resolve();
        else if ('failed' in reply) reject(toError(reply.failed));
        else reject(new Error('PGlite’s thread answered before it was ready'));
      };
      worker.on('message', first);
      worker.once('error', reject);
    });
    return new PgliteThread(worker);
  }

  private failAll(err: Error) {
    for (const w of this.pending.values()) w.reject(err);
    this.pending.clear();
  }

  private call<T>(body: Body<Request>): Promise<T> {
    if (this.closed) return Promise.reject(new Error('PGlite’s thread is closed'));
    if (this.gone) return Promise.reject(this.gone);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ ...body, id } as Request);
    });
  }

  private queryIn<T>(
    tx: number | undefined,
    sql: string,
    params?: unknown[],
    options?: QueryOptions,
  ) {
    return this.call<Results<T>>({ op: 'query', sql, params, mode: modeOf(options), tx });
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.queryIn<T>(undefined, sql, params, options);
  }

  exec(sql: string): Promise<Results[]> {
    return this.call<Results[]>({ op: 'exec', sql });
  }

  /** BEGIN in the thread, the callback's statements in that transaction, then COMMIT. */
  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = await this.call<number>({ op: 'begin' });
    let ended = false;
    const end = async (commit: boolean) => {
      if (ended) return;
      ended = true;
      await this.call({ op: 'end', tx: id, commit });
    };
    const tx = {
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) =>
        this.queryIn<R>(id, sql, params, options),
      exec: (sql: string) => this.call<Results[]>({ op: 'exec', sql, tx: id }),
      rollback: () => end(false),
      get closed() {
        return ended;
      },
    };
    let result: T;
    try {
      result = await callback(tx as unknown as Transaction);
    } catch (err) {
      await end(false).catch(() => undefined);
      throw err;
    }
    await end(true);
    return result;
  }

  async listen(
    channel: string,
    onPayload: (payload: string) => void,
  ): Promise<() => Promise<void>> {
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
      await this.call({ op: 'listen', channel });
    }
    set.add(onPayload);
    return async () => {
      set.delete(onPayload);
      if (set.size === 0 && this.listeners.get(channel) === set) {
        this.listeners.delete(channel);
        await this.call({ op: 'unlisten', channel }).catch(() => undefined);
      }
    };
  }

  /** A CHECKPOINT, then the data directory as a gzipped tar (compression is always gzip). */
  async dumpDataDir(): Promise<Blob> {
    const bytes = await this.call<ArrayBuffer>({ op: 'dump' });
    return new Blob([bytes], { type: 'application/x-gzip' });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.call({ op: 'close' }).catch(() => undefined);
    this.closed = true;
    await this.worker.terminate();
  }
}
