// The floor of the busy-hour bench: bare node:http holding the same Server-Sent Events streams
// and writing, for each change the coordinator replays, frames of Jono's sizes to the same
// streams of the shop (as many order streams as Jono wrote to for that change), a slice of 500
// writes per turn of the event loop as Jono does. Each frame carries `as_of` (when it was
// written), so the stream workers measure it exactly as they measure Jono's order messages.
//
// With a PostgreSQL URL (`busy-floor.ts <port> <url>`), the committing floor: each change is
// first made durable and published as any multi-node server must make it, in one transaction on
// the same PostgreSQL (fsync on) with a pool of Jono's size: the shop's advisory lock, one row
// inserted, a NOTIFY; the frames are written when the NOTIFY arrives on the floor's own LISTEN
// connection, as Jono's nodes hear a change. It does nothing else: no estimate, no view, no
// per-stream content. Jono's delivery is a change made durable and published, then written; the
// bare floor measures only the writing.
// Run by bench/busy-hour.ts: `node --import tsx busy-floor.ts <port> [url]`; driven over IPC.
import { createServer, type ServerResponse } from 'node:http';
import pg from 'pg';

export type FloorCommand = {
  type: 'change';
  shop: number;
  /** Streams of the shop written to, per kind (Jono's counts for this change). */
  writes: { order: number; shop: number; staff: number };
  bytes: { order: number; shop: number; staff: number };
};

const SLICE = 500;
/** Streams by shop and kind: tag = shop * 4 + kind (0 order, 1 shop page, 2 staff console). */
const streams = new Map<number, ServerResponse[]>();

/** A frame of `bytes` whose `as_of` is `asOf` (default: now, when it is written). */
function frame(bytes: number, asOf = new Date().toISOString()): Buffer {
  const head = `{"as_of":"${asOf}","pad":"`;
  const pad = 'x'.repeat(Math.max(0, bytes - head.length - 2));
  const json = `${head}${pad}"}`;
  return Buffer.from(`id: ${Date.now().toString(36)}\ndata: ${json}\n\n`);
}

const server = createServer((req, res) => {
  if (req.url === '/healthz') {
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    return;
  }
  const tag = Number(/^\/floor\/(\d+)/.exec(req.url ?? '')?.[1]);
  if (!Number.isFinite(tag)) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
  });
  res.write('retry: 5000\n\n');
  // The first message, as Jono sends one on connecting.
  res.write(frame(200));
  const list = streams.get(tag) ?? [];
  list.push(res);
  streams.set(tag, list);
  res.on('close', () => {
    const i = list.indexOf(res);
    if (i >= 0) list.splice(i, 1);
  });
});
server.listen(Number(process.argv[2]), '127.0.0.1');

async function writeFrames(cmd: FloorCommand, asOf?: string): Promise<void> {
  const { shop, writes } = cmd;
  let n = 0;
  const write = async (list: ServerResponse[], bytes: number) => {
    const f = frame(bytes, asOf);
    for (const res of list) {
      res.write(f);
      if (++n % SLICE === 0) await new Promise<void>((r) => setImmediate(r));
    }
  };
  await write((streams.get(shop * 4 + 1) ?? []).slice(0, writes.shop), cmd.bytes.shop);
  await write((streams.get(shop * 4 + 2) ?? []).slice(0, writes.staff), cmd.bytes.staff);
  await write((streams.get(shop * 4) ?? []).slice(0, writes.order), cmd.bytes.order);
}

/** The committing floor's change: durable and published, then written when its NOTIFY arrives. */
async function committing(url: string): Promise<(cmd: FloorCommand) => void> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  await pool.query(
    'create table if not exists floor_changes (id bigserial primary key, shop integer not null, at timestamptz not null default now())',
  );
  const listener = new pg.Client({ connectionString: url });
  await listener.connect();
  await listener.query('listen floor_changes');
  // Each change with the moment it was received: its frames' `as_of`, as Jono's is the moment
  // its view was computed inside the change's transaction, before the commit.
  const pending = new Map<number, { cmd: FloorCommand; asOf: string }>();
  listener.on('notification', (n) => {
    const id = Number(n.payload);
    const change = pending.get(id);
    pending.delete(id);
    if (change) void writeFrames(change.cmd, change.asOf);
  });
  let seq = 0;
  return (cmd) => {
    const id = ++seq;
    pending.set(id, { cmd, asOf: new Date().toISOString() });
    void (async () => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query('select pg_advisory_xact_lock($1)', [cmd.shop]);
        await client.query('insert into floor_changes (shop) values ($1)', [cmd.shop]);
        await client.query(`select pg_notify('floor_changes', $1)`, [String(id)]);
        await client.query('commit');
      } catch (err) {
        pending.delete(id);
        await client.query('rollback').catch(() => undefined);
        console.error('floor change failed', err);
      } finally {
        client.release();
      }
    })();
  };
}

const change = process.argv[3]
  ? await committing(process.argv[3])
  : (cmd: FloorCommand) => void writeFrames(cmd);
process.send?.({ type: 'ready' });

process.on('message', (cmd: FloorCommand) => {
  if (cmd.type !== 'change') return;
  change(cmd);
});
