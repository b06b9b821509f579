// The outbox's figures: messages per second through it (written in one go, sent to a local fake of
// the generic JSON provider), and the delay from a queue change (a join whose turn is near at
// once) to the provider's request, p50 and p99. On PostgreSQL with DATABASE_URL, else PGlite.
//   npm run outbox -w bench -- [--messages 2000] [--joins 100]
import { createServer } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { buildApp } from '../server/src/app';
import { loadEnv } from '../server/src/config/env';
import { customers, pobs, services } from '../server/src/db/schema';
import { enqueue } from '../server/src/services/outbox';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const MESSAGES = arg('messages', 2000);
const JOINS = arg('joins', 100);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function main() {
  const arrivals = new Map<string, number>();
  const provider = createServer((req, res) => {
    const key = String(req.headers['idempotency-key']);
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const to = (JSON.parse(body) as { to: string }).to;
      arrivals.set(key, performance.now());
      arrivals.set(`to:${to}`, performance.now());
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: key }));
    });
  });
  await new Promise<void>((ok) => provider.listen(0, '127.0.0.1', ok));
  const address = provider.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const env = loadEnv(
    {
      NODE_ENV: 'development',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'jono-bench-outbox-')),
      LOG_LEVEL: 'warn',
      MARKETS: 'fi',
      JWT_SECRET: 'bench-outbox-secret-that-is-long-enough-0123456789',
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: `http://127.0.0.1:${port}/send`,
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    },
    () => ({ publicKey: 'unused', privateKey: 'unused' }),
  );
  const app = await buildApp({
    env,
    seed: true,
    schemaPrefix: `bench${randomBytes(3).toString('hex')}_`,
    limits: { orders: { max: 1_000_000, windowMs: 60_000 } },
  });
  await app.ready();
  const ctx = app.markets.get('fi');
  if (!ctx) throw new Error('no fi market');

  // Throughput: MESSAGES rows written at once, the worker drains them.
  const keys = Array.from({ length: MESSAGES }, (_, i) => `bench:${i}`);
  for (let i = 0; i < keys.length; i += 500) {
    await enqueue(
      ctx.db,
      keys.slice(i, i + 500).map((key) => ({
        key,
        channel: 'sms' as const,
        purpose: 'notice' as const,
        recipient: '+358401234567',
        body: 'Jono: bench',
        deadline: null,
      })),
      Date.now(),
    );
  }
  const t0 = performance.now();
  await Promise.all([app.outbox.kick(ctx), app.outbox.kick(ctx)]);
  while (keys.some((k) => !arrivals.has(k))) await new Promise((r) => setTimeout(r, 10));
  const seconds = (performance.now() - t0) / 1000;

  // Delay: a join to a shop with a free chair is "turn near" at once.
  const [pob] = await ctx.db.select().from(pobs).limit(1);
  if (!pob) throw new Error('no shop');
  await ctx.db.update(pobs).set({ chairs: 50 }).where(eq(pobs.id, pob.id));
  app.queue.invalidate('fi', pob.id);
  const [service] = await ctx.db
    .select()
    .from(services)
    .where(and(eq(services.pobId, pob.id), isNull(services.parentServiceId)))
    .limit(1);
  if (!service) throw new Error('no service');
  const delays: number[] = [];
  for (let i = 0; i < JOINS; i++) {
    const phone = `+3584599${String(i).padStart(5, '0')}`;
    const [c] = await ctx.db
      .insert(customers)
      .values({ phone, passwordHash: 'unused', firstname: 'Bench', lastname: 'Mark' })
      .returning();
    if (!c) throw new Error('customer');
    const token = await app.tokens.signAccess({
      sub: String(c.id),
      market: 'fi',
      kind: 'customer',
    });
    const start = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: `/api/fi/customers/${c.id}/orders/`,
      headers: { authorization: `Bearer ${token}` },
      payload: {
        pob_id: pob.id,
        items: [
          {
            amount: 1,
            service_id: service.id,
            service_info: {
              duration: service.duration,
              group_id: service.groupId ?? 0,
              id: service.id,
              price: service.price,
              title: service.title,
            },
            extra_services: [],
          },
        ],
      },
    });
    if (res.statusCode !== 201) throw new Error(`join ${res.statusCode} ${res.body}`);
    while (!arrivals.has(`to:${phone}`)) await new Promise((r) => setTimeout(r, 1));
    delays.push((arrivals.get(`to:${phone}`) ?? start) - start);
    // Leave again, so the shop keeps free chairs.
    const id = res.json<{ id: number }>().id;
    await app.inject({
      method: 'PATCH',
      url: `/api/fi/customers/${c.id}/orders/${id}/`,
      headers: { authorization: `Bearer ${token}` },
      payload: { cancel: true },
    });
  }
  delays.sort((a, b) => a - b);
  const result = {
    database: env.DATABASE_URL ? 'postgres' : 'pglite',
    messages: MESSAGES,
    messages_per_second: Math.round(MESSAGES / seconds),
    joins: JOINS,
    change_to_provider_ms: {
      p50: Math.round(percentile(delays, 50)),
      p99: Math.round(percentile(delays, 99)),
    },
  };
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  await app.close();
  provider.closeAllConnections();
  provider.close();
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
