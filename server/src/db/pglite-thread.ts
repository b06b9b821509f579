// The embedded database in a worker thread (PGLITE_THREAD=on, decision 011): PGlite runs here,
// and the server's thread sends it statements by message (db/pglite-worker.ts). Plain
// JavaScript-compatible TypeScript with no relative imports: Node runs it as it is under the
// tests, and the build copies it to dist/pglite-thread.js.
import { mkdirSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';

interface ThreadOptions {
  dataDir?: string;
  template?: Blob;
  sharedBuffers?: string;
  /** The type ids drizzle's PGlite driver reads as text (db/pglite-worker.ts). */
  drizzleTextTypes: number[];
}

export type Request =
  | { id: number; op: 'query'; sql: string; params?: unknown[]; mode: Mode; tx?: number }
  | { id: number; op: 'exec'; sql: string; tx?: number }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'listen' | 'unlisten'; channel: string }
  | { id: number; op: 'dump' }
  | { id: number; op: 'close' };

/** How rows come back: PGlite's own parsing, or drizzle's (dates and intervals left as text). */
export type Mode = 'plain' | 'drizzle-object' | 'drizzle-array';

export type Reply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: Record<string, unknown> }
  | { notify: string; payload: string }
  | { ready: true }
  | { failed: Record<string, unknown> };

const port = parentPort;
if (!port) throw new Error('pglite-thread.ts runs in a worker thread');

function errorFields(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: String(err) };
  // A DatabaseError carries code, detail, constraint, table... as own properties.
  const fields: Record<string, unknown> = { name: err.name, message: err.message };
  for (const [key, value] of Object.entries(err)) {
    if (value === undefined || typeof value === 'function' || typeof value === 'object') continue;
    fields[key] = value;
  }
  return fields;
}

async function main() {
  const opts = workerData as ThreadOptions;
  const asText = (value: string) => value;
  const drizzleParsers = Object.fromEntries(opts.drizzleTextTypes.map((t) => [t, asText]));
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  const db = await PGlite.create({
    dataDir: opts.dataDir,
    loadDataDir: opts.template,
    ...(opts.sharedBuffers
      ? {
          startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${opts.sharedBuffers}`],
        }
      : {}),
  });
  const txs = new Map<
    number,
    { tx: Transaction; end: (commit: boolean) => void; done: Promise<void> }
  >();
  const unlisten = new Map<string, () => Promise<void>>();
  let nextTx = 1;

  const target = (tx: number | undefined): Pick<PGlite, 'query' | 'exec'> => {
    if (tx === undefined) return db;
    const open = txs.get(tx);
    if (!open) throw new Error(`transaction ${String(tx)} is not open`);
    return open.tx;
  };

  async function handle(req: Request): Promise<{ value: unknown; transfer?: ArrayBuffer[] }> {
    switch (req.op) {
      case 'query': {
        const options =
          req.mode === 'plain'
            ? undefined
            : {
                rowMode: req.mode === 'drizzle-array' ? ('array' as const) : ('object' as const),
                parsers: drizzleParsers,
              };
        const r = await target(req.tx).query(req.sql, req.params, options);
        return { value: { rows: r.rows, fields: r.fields, affectedRows: r.affectedRows } };
      }
      case 'exec': {
        const results = await target(req.tx).exec(req.sql);
        return {
          value: results.map((r) => ({
            rows: r.rows,
            fields: r.fields,
            affectedRows: r.affectedRows,
          })),
        };
      }
      case 'begin': {
        const id = nextTx++;
        // The transaction lives as long as the server's side of it: its statements name it, and
        // `end` commits it (or rolls it back).
        let end: (commit: boolean) => void = () => undefined;
        const decided = new Promise<boolean>((resolve) => (end = resolve));
        let opened: (tx: Transaction) => void = () => undefined;
        const ready = new Promise<Transaction>((resolve) => (opened = resolve));
        const done = db.transaction(async (tx) => {
          opened(tx);
          if (!(await decided)) await tx.rollback();
        });
        const tx = await Promise.race([
          ready,
          done.then(() => Promise.reject(new Error('the transaction ended before it began'))),
        ]);
        txs.set(id, { tx, end, done });
        return { value: id };
      }
      case 'end': {
        const open = txs.get(req.tx);
        if (!open) throw new Error(`transaction ${String(req.tx)} is not open`);
        txs.delete(req.tx);
        open.end(req.commit);
        // Settles when COMMIT (or ROLLBACK) has run.
        await open.done;
        return { value: null };
      }
      case 'listen': {
        if (!unlisten.has(req.channel)) {
          const off = await db.listen(req.channel, (payload) =>
            port?.postMessage({ notify: req.channel, payload } satisfies Reply),
          );
          unlisten.set(req.channel, off);
        }
        return { value: null };
      }
      case 'unlisten': {
        const off = unlisten.get(req.channel);
        unlisten.delete(req.channel);
        await off?.();
        return { value: null };
      }
      case 'dump': {
        const blob = await db.dumpDataDir('gzip');
        const bytes = await blob.arrayBuffer();
        return { value: bytes, transfer: [bytes] };
      }
      case 'close': {
        await db.close();
        return { value: null };
      }
    }
  }

  port?.on('message', (req: Request) => {
    handle(req).then(
      ({ value, transfer }) =>
        port.postMessage({ id: req.id, ok: true, value } satisfies Reply, transfer ?? []),
      (err: unknown) =>
        port.postMessage({ id: req.id, ok: false, error: errorFields(err) } satisfies Reply),
    );
  });
  port?.postMessage({ ready: true } satisfies Reply);
}

main().catch((err: unknown) => port.postMessage({ failed: errorFields(err) } satisfies Reply));
