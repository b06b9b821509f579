// GET /metrics: Prometheus text, only with the bearer token, with the process metrics and Jono's
// own: joins and refusals, join latency, open streams, delivery delay, pool use, estimate
// accuracy from the closed loop, rate-limit refusals; and the SMS and push counters with retry.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildTestApp, listenLocally } from './helpers';
import { WEDNESDAY_NOON, fi, join, newCustomer, setShop } from './queue-factories';
import { openSse } from './sse-client';
import type { App } from '../src/app';
import { orders } from '../src/db/schema';
import { CountedPush, CountedSms } from '../src/services/counted-senders';
import type { OutgoingSms, SmsProvider } from '../src/services/sms';
import type { PushSender } from '../src/services/turn-near';

const TOKEN = 'metrics-token-for-the-tests-0123';
const auth = { authorization: `Bearer ${TOKEN}` };

/** The value of one sample of the exposition text (labels matched as a subset), or undefined. */
function sample(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const rest = line.slice(name.length);
    if (rest[0] !== '{' && rest[0] !== ' ') continue;
    const inside = rest[0] === '{' ? rest.slice(1, rest.indexOf('}')) : '';
    if (Object.entries(labels).every(([k, v]) => inside.includes(`${k}="${v}"`))) {
      return Number(line.slice(line.lastIndexOf(' ') + 1));
    }
  }
  return undefined;
}

let app: App;
let base: string;
beforeAll(async () => {
  app = await buildTestApp({ now: () => WEDNESDAY_NOON, envOverrides: { METRICS_TOKEN: TOKEN } });
  base = await listenLocally(app);
});
afterAll(() => app.close());

const scrape = async () => {
  const res = await app.inject({ url: '/metrics', headers: auth });
  expect(res.statusCode).toBe(200);
  return res.body;
};

describe('GET /metrics', () => {
  it('does not exist without METRICS_TOKEN (404, as any unknown path)', async () => {
    const bare = await buildTestApp();
    try {
      const res = await bare.inject({ url: '/metrics', headers: auth });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'not_found', message: 'No route GET /metrics' });
    } finally {
      await bare.close();
    }
  });

  it('refuses a missing or wrong token (401) and answers the right one in the Prometheus format', async () => {
    expect((await app.inject({ url: '/metrics' })).statusCode).toBe(401);
    const wrong = await app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN.slice(0, -1)}x` },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('jono_');
    const res = await app.inject({ url: '/metrics', headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain; version=0.0.4');
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_heap_size_used_bytes',
      ...(process.platform === 'linux' ? ['process_open_fds'] : []),
    ]) {
      expect(sample(res.body, name), name).toBeTypeOf('number');
    }
    // Nothing that lists every socket at a scrape (15,500 streams held the event loop 60-80 ms).
    expect(res.body).not.toContain('nodejs_active_handles');
    expect(res.body).not.toContain('nodejs_active_resources');
    // The open files, read off the event loop: at least the listening socket and stdio.
    expect(sample(res.body, 'process_open_fds') ?? 3).toBeGreaterThanOrEqual(3);
    expect(sample(res.body, 'jono_db_pool_connections', { market: 'fi', state: 'total' })).toBe(1);
    expect(sample(res.body, 'jono_sse_streams', { kind: 'order' })).toBeTypeOf('number');
  });

  it('has every metric the Grafana dashboard in deploy/ plots', async () => {
    const dashboard = readFileSync(
      new URL('../../deploy/grafana/jono-dashboard.json', import.meta.url),
      'utf8',
    );
    const names = new Set(dashboard.match(/\b(?:jono|nodejs|process)_[a-z0-9_]+/g));
    expect(names.size).toBeGreaterThan(10);
    const text = await scrape();
    for (const name of names) {
      const base = name.replace(/_(bucket|count|sum)$/, '');
      expect(text.includes(`# TYPE ${name} `) || text.includes(`# TYPE ${base} `), name).toBe(true);
    }
  });

  it('counts joins by outcome and their latency, and refusals by reason', async () => {
    const before = await scrape();
    const joined = (t: string) =>
      sample(t, 'jono_joins_total', { market: 'fi', source: 'app', outcome: 'joined' }) ?? 0;
    const refused = (t: string) =>
      sample(t, 'jono_joins_total', { outcome: 'active_order_exists' }) ?? 0;
    const timed = (t: string) =>
      sample(t, 'jono_join_duration_seconds_count', { market: 'fi', source: 'app' }) ?? 0;
    const c = await newCustomer(app);
    expect((await join(app, c, 13)).statusCode).toBe(201);
    expect((await join(app, c, 13)).statusCode).toBe(409);
    const after = await scrape();
    expect(joined(after) - joined(before)).toBe(1);
    expect(refused(after) - refused(before)).toBe(1);
    expect(timed(after) - timed(before)).toBe(2);
    expect(
      sample(after, 'jono_join_duration_seconds_bucket', { source: 'app', le: '+Inf' }),
    ).toBeGreaterThanOrEqual(2);
  });

  it('shows open streams by kind and the delay from a queue change to its delivery', async () => {
    const before = await scrape();
    const shop = (t: string) => sample(t, 'jono_sse_streams', { kind: 'shop' }) ?? 0;
    const delivered = (t: string) =>
      sample(t, 'jono_queue_change_delivery_seconds_count', { market: 'fi' }) ?? 0;
    // One chair: the join below moves a newcomer's wait, so the shop's page has a new state.
    await setShop(app, 5, { chairs: 1 });
    const stream = await openSse(`${base}/api/fi/pobs/5/events`);
    await stream.next();
    expect(shop(await scrape()) - shop(before)).toBe(1);
    const c = await newCustomer(app);
    expect((await join(app, c, 5)).statusCode).toBe(201);
    await stream.next();
    await expect.poll(async () => delivered(await scrape()) - delivered(before)).toBeGreaterThan(0);
    stream.close();
    await expect.poll(async () => shop(await scrape())).toBe(shop(before));
  });

  it("shows each shop's estimate error and range coverage from the closed loop", async () => {
    // A fresh app: the figures are read at a scrape, at most every 5 minutes.
    const fresh = await buildTestApp({
      now: () => WEDNESDAY_NOON,
      envOverrides: { METRICS_TOKEN: TOKEN },
    });
    try {
      const c = await newCustomer(fresh);
      const res = await join(fresh, c, 1);
      expect(res.statusCode).toBe(201);
      // Checked in at once and served 20 minutes after joining.
      await fi(fresh)
        .db.update(orders)
        .set({ checkedInAt: sql`joined_at`, startedAt: sql`joined_at + interval '20 minutes'` })
        .where(eq(orders.id, res.json<{ id: number }>().id));
      const text = (await fresh.inject({ url: '/metrics', headers: auth })).body;
      const shop = { market: 'fi', shop: 'Jono Kamppi' };
      expect(sample(text, 'jono_estimate_outcomes', shop)).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'jono_estimate_error_minutes', shop)).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'jono_estimate_longer_ratio', shop)).toBeGreaterThanOrEqual(0);
    } finally {
      await fresh.close();
    }
  });
});

describe('SMS and push counters', () => {
  const message: OutgoingSms = { to: '+358400000001', text: 'hello', key: 'metrics:1' };
  const sender = (failures: unknown[]): SmsProvider & { calls: number } => ({
    calls: 0,
    name: 'http',
    answer: { type: 'application/json', body: '{}' },
    idempotent: true,
    async send() {
      this.calls += 1;
      const failure = failures.shift();
      if (failure) throw failure;
      return { providerId: null };
    },
    verify: () => false,
    inbound: () => null,
    status: () => null,
  });
  const counts = async () => {
    const t = await scrape();
    return (result: string) => sample(t, 'jono_sms_total', { market: 'se', result }) ?? 0;
  };

  it('retries once after a 5xx or a network failure, and counts sent, retried and failed', async () => {
    const before = await counts();
    const flaky = sender([Object.assign(new Error('SMS provider answered 503'), { status: 503 })]);
    await new CountedSms(flaky, 'se', 1).send(message);
    expect(flaky.calls).toBe(2);
    const down = sender([new TypeError('fetch failed'), new TypeError('fetch failed')]);
    await expect(new CountedSms(down, 'se', 1).send(message)).rejects.toThrow('fetch failed');
    expect(down.calls).toBe(2);
    const after = await counts();
    expect(after('sent') - before('sent')).toBe(1);
    expect(after('retried') - before('retried')).toBe(2);
    expect(after('failed') - before('failed')).toBe(1);
  });

  it('never retries a refusal (4xx) or a timeout, which may have been delivered', async () => {
    const before = await counts();
    const refused = sender([Object.assign(new Error('answered 400'), { status: 400 })]);
    await expect(new CountedSms(refused, 'se', 1).send(message)).rejects.toThrow();
    const timedOut = sender([new DOMException('timed out', 'TimeoutError')]);
    await expect(new CountedSms(timedOut, 'se', 1).send(message)).rejects.toThrow();
    expect(refused.calls + timedOut.calls).toBe(2);
    const after = await counts();
    expect(after('retried') - before('retried')).toBe(0);
    expect(after('failed') - before('failed')).toBe(2);
  });

  it('counts push messages sent, gone and retried', async () => {
    const before = await scrape();
    let n = 0;
    const inner: PushSender = {
      async send() {
        n += 1;
        if (n === 1) throw Object.assign(new Error('push service 502'), { statusCode: 502 });
        return n === 2;
      },
    };
    const push = new CountedPush(inner, 1);
    expect(await push.send('{}', { title: 't', body: 'b' } as never)).toBe(true);
    expect(await push.send('{}', { title: 't', body: 'b' } as never)).toBe(false);
    const after = await scrape();
    const d = (result: string) =>
      (sample(after, 'jono_push_total', { result }) ?? 0) -
      (sample(before, 'jono_push_total', { result }) ?? 0);
    expect([d('sent'), d('gone'), d('retried'), d('failed')]).toEqual([1, 1, 1, 0]);
  });
});

describe('rate-limit refusals', () => {
  it('are counted per route', async () => {
    const limited = await buildTestApp({
      realLimits: true,
      limits: { login: { max: 1, windowMs: 60_000 } },
      envOverrides: { METRICS_TOKEN: TOKEN },
    });
    try {
      const route = 'POST /api/:market/login/';
      const count = async () =>
        sample(
          (await limited.inject({ url: '/metrics', headers: auth })).body,
          'jono_rate_limit_refusals_total',
          { route },
        ) ?? 0;
      const before = await count();
      const attempt = () =>
        limited.inject({
          method: 'POST',
          url: '/api/fi/login/',
          payload: { phone: '+358400000001', password: 'wrong-password' },
        });
      await attempt();
      expect((await attempt()).statusCode).toBe(429);
      expect((await count()) - before).toBe(1);
    } finally {
      await limited.close();
    }
  });
});
