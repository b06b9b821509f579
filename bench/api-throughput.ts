// API throughput: Jono's shop list and shop page against nginx serving the same bytes, and a
// join-and-cancel cycle of concurrent customers; on PGlite and on PostgreSQL.
import autocannon, { type AutocannonClient, type AutocannonRequest } from 'autocannon';
import { oneServiceOrder, type CatalogueService } from './lib/customer-session';
import { measure, figures, type LoadFigures } from './lib/load';
import { startJono, type JonoServer } from './lib/jono-server';
import { startNginx } from './lib/nginx';
import { postgresInstalled, startPostgres } from './lib/postgres';
import { parseOptions, type BenchOptions } from './lib/options';
import { stopAll, stopAllOnExit } from './lib/processes';

export interface ReadPair {
  name: string;
  path: string;
  bytes: number;
  jono: LoadFigures;
  nginx: LoadFigures;
  /** Jono req/s / nginx req/s. */
  ratio: number;
}

export interface JoinCancel {
  status: 'ok' | 'not available' | 'failed';
  note?: string;
  customers: number;
  shops: number[];
  figures?: LoadFigures;
  /** Joins answered 201 and cancels answered 200, per second. */
  cyclesPerSec?: number;
  byRequest?: Record<string, Record<string, number>>;
}

export interface BackendResult {
  backend: 'PGlite' | 'PostgreSQL';
  status: 'ok' | 'skipped' | 'failed';
  note?: string;
  startSeconds?: number;
  reads: ReadPair[];
  joinCancel?: JoinCancel;
}

export interface ApiResult {
  settings: { connections: number; durationSec: number; warmupSec: number; customers: number };
  backends: BackendResult[];
}

const MARKET = 'fi';
const PASSWORD = 'Bench1234';

/** A distinct client address per request: per-IP limits then measure the server, not the limit. */
let ipCounter = 1;
const nextIp = () => {
  const n = ipCounter++;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

async function getBytes(url: string): Promise<Buffer> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

async function readPairs(jono: JonoServer, opts: BenchOptions): Promise<ReadPair[]> {
  const listPath = `/api/${MARKET}/pobs/`;
  const list = await getBytes(jono.url + listPath);
  const shops = JSON.parse(list.toString()) as { id: number }[];
  const shopId = shops.some((s) => s.id === 1) ? 1 : (shops[0]?.id ?? 1);
  const shopPath = `/api/${MARKET}/pobs/${shopId}/`;
  const shop = await getBytes(jono.url + shopPath);
  const nginx = await startNginx({ [listPath]: list, [shopPath]: shop });
  try {
    const pairs: ReadPair[] = [];
    for (const [name, path, body] of [
      ['GET /pobs/ (shop list)', listPath, list],
      [`GET /pobs/${shopId}/ (shop page)`, shopPath, shop],
    ] as const) {
      const run = (base: string) =>
        measure(
          { url: base + path, connections: opts.connections, timeout: 10 },
          opts.duration,
          opts.warmup,
        );
      const nginxFigures = await run(nginx.url);
      const jonoFigures = await run(jono.url);
      pairs.push({
        name,
        path,
        bytes: body.length,
        jono: jonoFigures,
        nginx: nginxFigures,
        ratio: nginxFigures.reqPerSec > 0 ? jonoFigures.reqPerSec / nginxFigures.reqPerSec : 0,
      });
    }
    return pairs;
  } finally {
    await nginx.stop();
  }
}

interface Customer {
  id: number;
  token: string;
  shopId: number;
}

async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': nextIp(), ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : null) as unknown };
}

/** Registers and logs in n customers, a few at a time (scrypt makes each take a while). */
async function customersFor(jono: JonoServer, n: number, shops: number[]): Promise<Customer[]> {
  const api = `${jono.url}/api/${MARKET}`;
  const out: Customer[] = [];
  const one = async (i: number): Promise<Customer> => {
    const phone = `+3584570${String(i).padStart(5, '0')}`;
    const reg = await post(`${api}/register/`, {
      phone,
      firstname: 'Bench',
      lastname: `Customer${i}`,
      email: `bench${i}@example.com`,
      password: PASSWORD,
      terms_accepted: true,
    });
    if (reg.status !== 201 && reg.status !== 409) {
      throw new Error(`register ${phone}: ${reg.status} ${JSON.stringify(reg.json)}`);
    }
    const login = await post(`${api}/login/`, { phone, password: PASSWORD });
    const answer = login.json as { customer_id?: number; access_token?: string };
    if (login.status !== 200 || !answer.customer_id || !answer.access_token) {
      throw new Error(`login ${phone}: ${login.status} ${JSON.stringify(login.json)}`);
    }
    return {
      id: answer.customer_id,
      token: answer.access_token,
      shopId: shops[i % shops.length] ?? 1,
    };
  };
  for (let i = 0; i < n; i += 8) {
    const batch = Array.from({ length: Math.min(8, n - i) }, (_, k) => one(i + k));
    out.push(...(await Promise.all(batch)));
  }
  return out;
}

interface ShopDetail {
  id: number;
  queue_state: string;
  closing_soon: boolean;
  services: CatalogueService[];
}

async function orderBodies(jono: JonoServer): Promise<Map<number, string>> {
  const list = JSON.parse(
    (await getBytes(`${jono.url}/api/${MARKET}/pobs/`)).toString(),
  ) as ShopDetail[];
  const bodies = new Map<number, string>();
  for (const shop of list.filter((s) => s.queue_state === 'open' && !s.closing_soon)) {
    const detail = JSON.parse(
      (await getBytes(`${jono.url}/api/${MARKET}/pobs/${shop.id}/`)).toString(),
    ) as ShopDetail;
    const service = detail.services[0];
    if (!service) continue;
    bodies.set(shop.id, JSON.stringify(oneServiceOrder(shop.id, service)));
  }
  return bodies;
}

async function cancelActiveOrders(jono: JonoServer, customers: Customer[]): Promise<void> {
  await Promise.all(
    customers.map(async (c) => {
      const url = `${jono.url}/api/${MARKET}/customers/${c.id}/orders/`;
      const headers = { 'content-type': 'application/json', authorization: `Bearer ${c.token}` };
      const res = await fetch(url, { headers });
      if (!res.ok) return;
      const { items } = (await res.json()) as { items: { id: number; status: string }[] };
      for (const order of items.filter((o) => o.status === 'active')) {
        await fetch(`${url}${order.id}/`, { method: 'PATCH', headers, body: '{"cancel":true}' });
      }
    }),
  );
}

async function joinAndCancel(jono: JonoServer, opts: BenchOptions): Promise<JoinCancel> {
  const bodies = await orderBodies(jono);
  const shops = [...bodies.keys()];
  const base: JoinCancel = { status: 'ok', customers: opts.customers, shops };
  if (shops.length === 0) {
    return { ...base, status: 'failed', note: 'no shop is open and taking orders now' };
  }
  const customers = await customersFor(jono, opts.customers, shops);
  const first = customers[0];
  if (!first) return { ...base, status: 'failed', note: 'no customer' };
  // Is the order API there yet? One join and cancel by hand.
  const auth = { authorization: `Bearer ${first.token}` };
  const ordersUrl = `${jono.url}/api/${MARKET}/customers/${first.id}/orders/`;
  const probe = await post(ordersUrl, JSON.parse(bodies.get(first.shopId) ?? '{}'), auth);
  if (probe.status === 404) {
    return { ...base, status: 'not available', note: 'POST /customers/{id}/orders/ answers 404' };
  }
  const orderId = (probe.json as { id?: number } | null)?.id;
  if (probe.status !== 201 || !orderId) {
    return {
      ...base,
      status: 'failed',
      note: `probe join answered ${probe.status} ${JSON.stringify(probe.json)}`,
    };
  }
  const cancel = await fetch(`${ordersUrl}${orderId}/`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', ...auth },
    body: '{"cancel":true}',
  });
  if (cancel.status !== 200) {
    return { ...base, status: 'failed', note: `probe cancel answered ${cancel.status}` };
  }

  const byRequest: Record<string, Record<string, number>> = { join: {}, cancel: {} };
  const count = (kind: 'join' | 'cancel', status: number, body: string) => {
    const table = byRequest[kind] ?? {};
    let key = String(status);
    if (status >= 400) {
      try {
        key += ` ${(JSON.parse(body) as { error?: string }).error ?? ''}`;
      } catch {
        // Not JSON.
      }
    }
    table[key] = (table[key] ?? 0) + 1;
    byRequest[kind] = table;
  };
  // Each connection is one customer: join, then cancel the order it got, again and again.
  const setupClient = () => {
    let next = 0;
    return (client: AutocannonClient) => {
      const c = customers[next++ % customers.length];
      if (!c) return;
      const headers = {
        'content-type': 'application/json',
        authorization: `Bearer ${c.token}`,
      };
      const path = `/api/${MARKET}/customers/${c.id}/orders/`;
      const requests: AutocannonRequest[] = [
        {
          method: 'POST',
          path,
          body: bodies.get(c.shopId),
          setupRequest: (req) => ({
            ...req,
            headers: { ...headers, 'x-forwarded-for': nextIp() },
          }),
          onResponse: (status, body, context) => {
            count('join', status, body);
            context.orderId = status === 201 ? (JSON.parse(body) as { id: number }).id : null;
          },
        },
        {
          method: 'PATCH',
          body: '{"cancel":true}',
          headers,
          // Without an order to cancel, start the cycle again.
          setupRequest: (req, context) =>
            context.orderId ? { ...req, path: `${path}${String(context.orderId)}/` } : null,
          onResponse: (status, body) => count('cancel', status, body),
        },
      ];
      client.setRequests(requests);
    };
  };
  const options = { url: jono.url, connections: customers.length, timeout: 10 };
  if (opts.warmup > 0) {
    await autocannon({ ...options, duration: opts.warmup, setupClient: setupClient() });
    // A run stops between a join and its cancel: leave no customer with an active order. Joins
    // still in flight when autocannon stopped commit after it returns (their answers unread), so
    // wait for them first: otherwise their customers meet 409 active_order_exists all run long.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await cancelActiveOrders(jono, customers);
  }
  byRequest.join = {};
  byRequest.cancel = {};
  const result = await autocannon({
    ...options,
    duration: opts.duration,
    setupClient: setupClient(),
  });
  const f = figures(result);
  const cycles = Math.min(byRequest.join?.['201'] ?? 0, byRequest.cancel?.['200'] ?? 0);
  return {
    ...base,
    figures: f,
    cyclesPerSec: Math.round(cycles / result.duration),
    byRequest,
  };
}

async function runBackend(
  backend: BackendResult['backend'],
  opts: BenchOptions,
  databaseUrl?: string,
): Promise<BackendResult> {
  const t0 = Date.now();
  const jono = await startJono({ name: backend.toLowerCase(), databaseUrl });
  const result: BackendResult = {
    backend,
    status: 'ok',
    startSeconds: Math.round((Date.now() - t0) / 100) / 10,
    reads: [],
  };
  try {
    result.reads = await readPairs(jono, opts);
    result.joinCancel = await joinAndCancel(jono, opts).catch((err: unknown): JoinCancel => ({
      status: 'failed',
      note: String(err instanceof Error ? err.message : err),
      customers: opts.customers,
      shops: [],
    }));
  } finally {
    await jono.stop();
  }
  return result;
}

export async function runApiThroughput(opts: BenchOptions): Promise<ApiResult> {
  const backends: BackendResult[] = [];
  const failed = (backend: BackendResult['backend'], err: unknown): BackendResult => ({
    backend,
    status: 'failed',
    note: err instanceof Error ? err.message : String(err),
    reads: [],
  });
  backends.push(await runBackend('PGlite', opts).catch((err) => failed('PGlite', err)));
  if (!postgresInstalled()) {
    backends.push({
      backend: 'PostgreSQL',
      status: 'skipped',
      note: 'PostgreSQL 15 is not installed (/usr/lib/postgresql/15/bin)',
      reads: [],
    });
  } else {
    let pg: Awaited<ReturnType<typeof startPostgres>> | undefined;
    try {
      pg = await startPostgres();
      backends.push(await runBackend('PostgreSQL', opts, pg.url));
    } catch (err) {
      backends.push(failed('PostgreSQL', err));
    } finally {
      await pg?.stop();
    }
  }
  return {
    settings: {
      connections: opts.connections,
      durationSec: opts.duration,
      warmupSec: opts.warmup,
      customers: opts.customers,
    },
    backends,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  stopAllOnExit();
  const result = await runApiThroughput(parseOptions(process.argv.slice(2)));
  console.log(JSON.stringify(result, null, 2));
  await stopAll();
}
