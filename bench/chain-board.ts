// The chain board at scale: 500 synthetic shops in one market on one node (embedded PGlite,
// in-process), with a few customers waiting in each. Measures the board's first load (GET
// /operator/shops/: every shop's queue computed), a warm load (built once per queue change), the
// answer's size, and live updates: joins spread over the shops while one operator stream is
// open, the time from each join's answer to the stream message that carries its shop, and the
// bytes per message. Run alone: `npx tsx bench/chain-board.ts [--shops 500] [--joins 200]`
// (not part of run-all; prints JSON).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadEnv } from '../server/src/config/env';
import { buildApp } from '../server/src/app';
import { seedMarket } from '../server/src/db/seed';
import { customers, pobs, services, serviceGroups } from '../server/src/db/schema';
import { percentile } from './lib/stats';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const SHOPS = arg('shops', 500);
const JOINS = arg('joins', 200);
const WAITING = arg('waiting', 4);

const env = loadEnv(
  {
    NODE_ENV: 'test',
    MARKETS: 'fi',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'jono-chain-bench-')),
    LOG_LEVEL: 'silent',
    RELAXED_RATE_LIMITS: 'true',
  },
  () => ({ publicKey: 'bench-public', privateKey: 'bench-private' }),
);
const app = await buildApp({ env, seed: false, seedHistory: false, logger: false });
const ctx = app.markets.get('fi');
if (!ctx) throw new Error('fi missing');
await seedMarket(ctx, Date.now());
const hours = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, open: '00:00', close: '24:00' }));
// Synthetic shops around Helsinki, each with one service.
const existing = (await ctx.db.select({ id: pobs.id }).from(pobs)).length;
for (let i = existing; i < SHOPS; i++) {
  const [p] = await ctx.db
    .insert(pobs)
    .values({
      name: `Bench ${i}`,
      city: 'Helsinki',
      address: `Benchkatu ${i}`,
      latitude: (60.1 + (i % 50) / 500).toFixed(6),
      longitude: (24.8 + Math.floor(i / 50) / 100).toFixed(6),
      timeZone: 'Europe/Helsinki',
      chairs: 1 + (i % 4),
      openTimes: hours,
    })
    .returning({ id: pobs.id });
  if (!p) throw new Error('shop insert failed');
  const [g] = await ctx.db
    .insert(serviceGroups)
    .values({ pobId: p.id, title: 'Hair' })
    .returning({ id: serviceGroups.id });
  await ctx.db
    .insert(services)
    .values({ pobId: p.id, groupId: g?.id ?? null, title: 'Haircut', price: 3000, duration: 30 });
}
await ctx.db.update(pobs).set({ openTimes: hours });
const shopRows = await ctx.db.select({ id: pobs.id }).from(pobs);
const catalogue = await ctx.db.select().from(services);
const serviceOf = new Map(
  catalogue
    .filter((s) => s.parentServiceId === null && s.groupId !== null)
    .map((s) => [s.pobId, s]),
);

const login = await app.inject({
  method: 'POST',
  url: '/api/fi/staff/login/',
  payload: { username: 'operator-fi', password: 'Jono1234' },
});
const opToken = login.json<{ access_token: string }>().access_token;
const auth = { authorization: `Bearer ${opToken}` };

// Customers waiting: joins through the queue code (app joins of fresh customers).
let phone = 0;
const refusals = new Map<number, number>();
const join1 = async (pobId: number) => {
  phone++;
  const [c] = await ctx.db
    .insert(customers)
    .values({
      phone: `+35850${String(phone).padStart(7, '0')}`,
      passwordHash: 'x',
      firstname: 'B',
      lastname: 'B',
    })
    .returning({ id: customers.id });
  if (!c) return 0;
  const token = await app.tokens.signAccess({ sub: String(c.id), market: 'fi', kind: 'customer' });
  const s = serviceOf.get(pobId);
  if (!s) return 0;
  const t0 = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: `/api/fi/customers/${c.id}/orders/`,
    headers: { authorization: `Bearer ${token}` },
    // Each customer from an address of their own, as in life (one address would meet the
    // per-address order limit after the setup's joins).
    remoteAddress: `10.${(c.id >> 16) & 255}.${(c.id >> 8) & 255}.${c.id & 255}`,
    payload: {
      pob_id: pobId,
      items: [
        {
          amount: 1,
          service_id: s.id,
          service_info: {
            duration: s.duration,
            group_id: s.groupId ?? 0,
            id: s.id,
            price: s.price,
            title: s.title,
          },
          extra_services: [],
        },
      ],
    },
  });
  if (res.statusCode !== 201) refusals.set(res.statusCode, (refusals.get(res.statusCode) ?? 0) + 1);
  return res.statusCode === 201 ? t0 : 0;
};
for (const { id } of shopRows) for (let k = 0; k < WAITING; k++) await join1(id);
await app.queue.settled();

// First load: every view computed (the queue's cached views dropped first).
for (const { id } of shopRows) app.queue.invalidate('fi', id);
let t = performance.now();
const cold = await app.inject({ url: '/api/fi/operator/shops/?limit=1000', headers: auth });
const coldMs = performance.now() - t;
t = performance.now();
const warm = await app.inject({ url: '/api/fi/operator/shops/?limit=1000', headers: auth });
const warmMs = performance.now() - t;

// Live: one operator stream, joins spread over the shops.
await app.listen({ host: '127.0.0.1', port: 0 });
const addr = app.server.address();
const port = typeof addr === 'object' && addr ? addr.port : 0;
const abort = new AbortController();
const res = await fetch(`http://127.0.0.1:${port}/api/fi/operator/events`, {
  headers: auth,
  signal: abort.signal,
});
const seen = new Map<number, number>();
const sizes: number[] = [];
void (async () => {
  if (!res.body) return;
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read().catch(() => ({ value: '', done: true }));
    if (done) return;
    buffer += value;
    let cut: number;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const data = block.split('\n').find((l) => l.startsWith('data: '));
      if (!data) continue;
      sizes.push(data.length);
      const msg = JSON.parse(data.slice(6)) as { shops: { id: number }[] };
      const at = performance.now();
      for (const s of msg.shops) if (!seen.has(s.id)) seen.set(s.id, at);
    }
  }
})();
const started = new Map<number, number>();
for (let i = 0; i < JOINS; i++) {
  const pobId = shopRows[(i * 7919) % shopRows.length]?.id ?? 1;
  const at = await join1(pobId);
  if (at && !started.has(pobId)) {
    seen.delete(pobId);
    started.set(pobId, performance.now());
  }
}
await new Promise((r) => setTimeout(r, 3000));
const delays = [...started.entries()]
  .flatMap(([id, at]) => {
    const got = seen.get(id);
    return got === undefined ? [] : [got - at];
  })
  .sort((a, b) => a - b);
abort.abort();
const result = {
  shops: shopRows.length,
  waitingPerShop: WAITING,
  firstLoadMs: Math.round(coldMs),
  warmLoadMs: Math.round(warmMs),
  answerKiB: Math.round((cold.body.length / 1024) * 10) / 10,
  status: [cold.statusCode, warm.statusCode],
  /** Joins refused (setup and live), by status: a bench whose joins fail measures nothing. */
  refusedJoins: Object.fromEntries(refusals),
  liveJoins: JOINS,
  shopsChanged: started.size,
  shopsDelivered: delays.length,
  deliveryP50Ms: Math.round(percentile(delays, 0.5) ?? 0),
  deliveryP95Ms: Math.round(percentile(delays, 0.95) ?? 0),
  messages: sizes.length,
  meanMessageKiB: sizes.length
    ? Math.round((sizes.reduce((a, b) => a + b, 0) / sizes.length / 1024) * 10) / 10
    : 0,
};
console.log(JSON.stringify(result, null, 2));
await app.close();
