// The floor of the busy-hour bench: bare node:http holding the same Server-Sent Events streams
// and writing, for each change the coordinator replays, frames of Jono's sizes to the same
// streams of the shop (as many order streams as Jono wrote to for that change), a slice of 500
// writes per turn of the event loop as Jono does. Each frame carries `as_of` (when it was
// written), so the stream workers measure it exactly as they measure Jono's order messages.
// Run by bench/busy-hour.ts: `node --import tsx busy-floor.ts <port>`; driven over IPC.
import { createServer, type ServerResponse } from 'node:http';

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

function frame(bytes: number): Buffer {
  const head = `{"as_of":"${new Date().toISOString()}","pad":"`;
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

process.on('message', async (cmd: FloorCommand) => {
  if (cmd.type !== 'change') return;
  const { shop, writes } = cmd;
  let n = 0;
  const write = async (list: ServerResponse[], bytes: number) => {
    const f = frame(bytes);
    for (const res of list) {
      res.write(f);
      if (++n % SLICE === 0) await new Promise<void>((r) => setImmediate(r));
    }
  };
  await write((streams.get(shop * 4 + 1) ?? []).slice(0, writes.shop), cmd.bytes.shop);
  await write((streams.get(shop * 4 + 2) ?? []).slice(0, writes.staff), cmd.bytes.staff);
  await write((streams.get(shop * 4) ?? []).slice(0, writes.order), cmd.bytes.order);
});
