// The cost of one staff change in a long queue (issue 29, Deliver 2): a shop with 1,000 waiting
// customers, each following their own order's stream, against the same change in a shop of 50.
// What a customer notices: every order stream gets the new state; no other request waits long
// while the change goes out (the event loop is never held for long); and the change costs at
// most 10x a change in a short queue. CHANGE_COST_PROFILE=1 prints the figures.
import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { orders, pobs } from '../src/db/schema';
import { SseStream } from '../src/services/sse';
import { buildTestApp } from './helpers';
import { fi, mutableClock, WEDNESDAY_NOON } from './queue-factories';
import { eq } from 'drizzle-orm';

const clock = mutableClock(WEDNESDAY_NOON);
let app: App;
let manager: Record<string, string>;
const report = process.env.CHANGE_COST;
const profile = report === 'profile';

/** A socket that takes every byte at once: the server's own cost, without the kernel's. */
class FakeResponse extends EventEmitter {
  writableLength = 0;
  frames = 0;
  last = '';
  /** A message that only repeated the one before (all but its `as_of`). */
  repeats = 0;
  write(chunk: Buffer | string): boolean {
    const text = String(chunk);
    if (!text.startsWith('id:')) return true;
    const content = (t: string) => t.replace(/^id: .*\n/, '').replace(/"as_of":"[^"]*"/, '');
    if (this.frames > 0 && content(text) === content(this.last)) this.repeats += 1;
    this.frames += 1;
    this.last = text;
    return true;
  }
  end(): void {
    this.emit('close');
  }
  destroy(): void {
    this.emit('close');
  }
}

interface Shop {
  pobId: number;
  ids: number[];
  streams: FakeResponse[];
}

/** `waiting` app customers in shop `pobId`, each with an order stream of their own. */
async function shopWithQueue(pobId: number, waiting: number): Promise<Shop> {
  const ctx = fi(app);
  await ctx.db.update(pobs).set({ chairs: 2, queueState: 'open' }).where(eq(pobs.id, pobId));
  const rows = Array.from({ length: waiting }, (_, i) => ({
    pobId,
    source: 'app',
    rank: clock.at - (waiting - i) * 1000,
    plannedMinutes: 20,
    customerAtPob: i % 3 === 0,
    checkedInAt: i % 3 === 0 ? new Date(clock.at - 30_000) : null,
    joinedAt: new Date(clock.at - (waiting - i) * 1000),
    items: [],
  }));
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const written = await ctx.db
      .insert(orders)
      .values(rows.slice(i, i + 500))
      .returning({ id: orders.id });
    ids.push(...written.map((r) => r.id));
  }
  app.queue.invalidate('fi', pobId);
  await app.queue.view(ctx, pobId);
  const streams: FakeResponse[] = [];
  for (const id of ids) {
    const raw = new FakeResponse();
    streams.push(raw);
    app.live.feeds.attachOrder(
      ctx,
      pobId,
      id,
      new SseStream(raw as unknown as ServerResponse, undefined),
    );
  }
  await until(() => streams.every((s) => s.frames >= 1));
  return { pobId, ids, streams };
}

async function until(done: () => boolean, timeoutMs = 60_000): Promise<void> {
  const t0 = Date.now();
  while (!done()) {
    if (Date.now() - t0 > timeoutMs) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 2));
  }
}

interface ChangeCost {
  /** From the request to the last order stream's new message, ms. */
  deliveredMs: number;
  /** The process's CPU over it, ms. */
  cpuMs: number;
  /** The longest the event loop was held meanwhile, ms. */
  blockedMs: number;
}

/** One staff change (a chair more or fewer: every wait moves) until every stream has it. */
async function change(shop: Shop, chairs: number): Promise<ChangeCost> {
  const before = shop.streams.map((s) => s.frames);
  const waits = (await app.queue.view(fi(app), shop.pobId)).estimate.orders;
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const res = await app.inject({
    method: 'PATCH',
    url: '/api/fi/staff/shop/',
    headers: manager,
    payload: { chairs },
  });
  expect(res.statusCode).toBe(200);
  const after = (await app.queue.view(fi(app), shop.pobId)).estimate.orders;
  const moved = shop.ids.map((id) => {
    const [a, b] = [waits.get(id), after.get(id)];
    return (
      JSON.stringify([a?.waitMinutes, a?.waitRange, a?.position]) !==
      JSON.stringify([b?.waitMinutes, b?.waitRange, b?.position])
    );
  });
  // Every customer whose wait or place moved gets the new state.
  await until(() => shop.streams.every((s, i) => !moved[i] || s.frames > (before[i] ?? 0)));
  const deliveredMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  delay.disable();
  await app.queue.settled();
  // No stream is sent its order again as it already has it.
  expect(shop.streams.reduce((n, s) => n + s.repeats, 0)).toBe(0);
  return { deliveredMs, cpuMs: (cpu.user + cpu.system) / 1000, blockedMs: delay.max / 1e6 };
}

/** CHANGE_COST=profile: the CPU profile's top functions by self time. */
async function startProfile(): Promise<() => Promise<void>> {
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async () => {
    const { profile: p } = await session.post('Profiler.stop');
    const self = new Map<string, number>();
    const dt = p.timeDeltas ?? [];
    const byId = new Map(p.nodes.map((n) => [n.id, n]));
    (p.samples ?? []).forEach((id, i) => {
      const n = byId.get(id);
      if (!n) return;
      const f = n.callFrame;
      const key = `${f.functionName || '(anon)'} ${f.url.split('/').slice(-2).join('/')}:${f.lineNumber}`;
      self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0) / 1000);
    });
    const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 40);
    for (const [k, ms] of top) console.log(`${ms.toFixed(0).padStart(6)} ms  ${k}`);
    session.disconnect();
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function costs(shop: Shop, rounds: number): Promise<ChangeCost> {
  const out: ChangeCost[] = [];
  for (let i = 0; i < rounds; i++) out.push(await change(shop, i % 2 === 0 ? 3 : 2));
  return {
    deliveredMs: median(out.map((c) => c.deliveredMs)),
    cpuMs: median(out.map((c) => c.cpuMs)),
    blockedMs: Math.max(...out.map((c) => c.blockedMs)),
  };
}

beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
  const res = await app.inject({
    method: 'POST',
    url: '/api/fi/staff/login/',
    payload: { username: 'manager1', password: 'Jono1234' },
  });
  manager = { authorization: `Bearer ${res.json<{ access_token: string }>().access_token}` };
}, 120_000);
afterAll(() => app.close());

describe('a change in a long queue', () => {
  it('reaches every order stream, costing at most 10x a short queue, without holding the loop', async () => {
    const short = await shopWithQueue(1, 50);
    await costs(short, 2); // warm
    const shortCost = await costs(short, 9);
    // The same shop: staff of shop 1 change it. The short queue's streams are closed first.
    for (const s of short.streams) s.end();
    await fi(app).db.update(orders).set({ status: 'cancelled' }).where(eq(orders.pobId, 1));
    const long = await shopWithQueue(1, 1000);
    await costs(long, 1); // warm
    const stopProfile = profile ? await startProfile() : undefined;
    const longCost = await costs(long, 5);
    await stopProfile?.();
    if (report) console.log(JSON.stringify({ short: shortCost, long: longCost }));
    // Every stream has a message of its own order.
    long.streams.forEach((s, i) => expect(s.last).toContain(`"id":${long.ids[i]},`));
    expect(longCost.cpuMs / shortCost.cpuMs).toBeLessThanOrEqual(10);
  }, 300_000);
});
