// The join-and-cancel cycle of concurrent customers, driven by autocannon: each connection is one
// customer who joins a shop and then cancels the order it got, again and again. autocannon runs
// in this process, so its CPU is this process's CPU, reported beside the server's.
import autocannon, { type AutocannonClient, type AutocannonRequest } from 'autocannon';
import { MARKET, nextIp, send, type Customer } from './api-client';
import { figures, type LoadFigures } from './load';
import { groupCpuSeconds } from './proc';
import { sleep } from './processes';
import { percentile } from './stats';

export interface JoinCancelRun {
  status: 'ok' | 'failed';
  note?: string;
  customers: number;
  shops: number[];
  figures?: LoadFigures;
  /** Joins answered 201 and cancels answered 200, per second. */
  cyclesPerSec?: number;
  /** Latency of the joins alone (POST), ms. */
  joinP50Ms?: number | null;
  joinP99Ms?: number | null;
  byRequest?: Record<string, Record<string, number>>;
  /** CPU over the run, % of one core: the load generator (this process) and the server(s). */
  clientCpu?: number;
  serverCpu?: number;
  /**
   * The server's CPU per join-and-cancel cycle, ms: steadier than a p99 on a shared machine, and
   * what a closed loop's latency follows when the server is the bottleneck.
   */
  serverCpuMsPerCycle?: number | null;
}

export interface JoinCancelSetup {
  url: string;
  customers: Customer[];
  /** Order body per shop; customers are spread over the shops. */
  bodies: Map<number, string>;
  /** Process groups of the servers, for their CPU. */
  serverPgids: number[];
}

/** Cancels every active order of the customers (a run stops between a join and its cancel). */
export async function cancelActiveOrders(url: string, customers: Customer[]): Promise<void> {
  // Joins still in flight when autocannon stopped commit after it returns: wait for them.
  await sleep(2000);
  for (let i = 0; i < customers.length; i += 20) {
    await Promise.all(
      customers.slice(i, i + 20).map(async (c) => {
        const orders = `${url}/api/${MARKET}/customers/${c.id}/orders/`;
        const list = await send(orders, { token: c.token });
        const items = (list.json as { items?: { id: number; status: string }[] }).items ?? [];
        for (const o of items.filter((x) => x.status === 'active')) {
          await send(`${orders}${o.id}/`, {
            method: 'PATCH',
            body: { cancel: true },
            token: c.token,
          });
        }
      }),
    );
  }
}

export async function joinCancel(
  setup: JoinCancelSetup,
  durationSec: number,
): Promise<JoinCancelRun> {
  const shops = [...setup.bodies.keys()];
  const base = { status: 'ok' as const, customers: setup.customers.length, shops };
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
  const joinMs: number[] = [];
  let next = 0;
  const setupClient = (client: AutocannonClient) => {
    const i = next++ % setup.customers.length;
    const c = setup.customers[i];
    if (!c) return;
    const body = setup.bodies.get(shops[i % shops.length] ?? 0);
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${c.token}` };
    const path = `/api/${MARKET}/customers/${c.id}/orders/`;
    const requests: AutocannonRequest[] = [
      {
        method: 'POST',
        path,
        body,
        setupRequest: (req, context) => {
          context.sentAt = performance.now();
          return { ...req, headers: { ...headers, 'x-forwarded-for': nextIp() } };
        },
        onResponse: (status, text, context) => {
          if (typeof context.sentAt === 'number') joinMs.push(performance.now() - context.sentAt);
          count('join', status, text);
          context.orderId = status === 201 ? (JSON.parse(text) as { id: number }).id : null;
        },
      },
      {
        method: 'PATCH',
        body: '{"cancel":true}',
        headers,
        // Without an order to cancel, start the cycle again.
        setupRequest: (req, context) =>
          context.orderId ? { ...req, path: `${path}${String(context.orderId)}/` } : null,
        onResponse: (status, text) => count('cancel', status, text),
      },
    ];
    client.setRequests(requests);
  };
  const server0 = setup.serverPgids.reduce((s, p) => s + groupCpuSeconds(p), 0);
  const self0 = process.cpuUsage();
  const t0 = performance.now();
  const result = await autocannon({
    url: setup.url,
    connections: setup.customers.length,
    timeout: 10,
    duration: durationSec,
    setupClient,
  });
  const seconds = (performance.now() - t0) / 1000;
  const self = process.cpuUsage(self0);
  const server = setup.serverPgids.reduce((s, p) => s + groupCpuSeconds(p), 0) - server0;
  await cancelActiveOrders(setup.url, setup.customers);
  const cycles = Math.min(byRequest.join?.['201'] ?? 0, byRequest.cancel?.['200'] ?? 0);
  joinMs.sort((x, y) => x - y);
  const ms = (x: number | null) => (x === null ? null : Math.round(x));
  return {
    ...base,
    figures: figures(result),
    cyclesPerSec: Math.round(cycles / result.duration),
    joinP50Ms: ms(percentile(joinMs, 0.5)),
    joinP99Ms: ms(percentile(joinMs, 0.99)),
    byRequest,
    clientCpu: Math.round(((self.user + self.system) / 1e6 / seconds) * 100),
    serverCpu: Math.round((server / seconds) * 100),
    serverCpuMsPerCycle: cycles > 0 ? Math.round((server / cycles) * 100_000) / 100 : null,
  };
}
