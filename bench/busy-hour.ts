// A chain's busy hour on one node (issue 29, Deliver 1): 500 shops with 20 waiting each (and a
// named barber at each of their two chairs, as the chain's shops have them), every
// waiting customer following their own order over Server-Sent Events (10,000 order streams, one
// order each, as in life), 5,000 open shop pages and 500 staff consoles; joins, check-ins,
// cancels and staff starts and finishes at a busy hour's rate, with the server's own minute
// sweep running. Reports the delivery delay of every message, /healthz p50/p99/max, the server's
// CPU and RSS, and the clients' CPU (the streams are held by load-generator processes on raw
// sockets, lib/stream-worker.ts), then two reconnect storms of all those streams at once (the
// apps' back-off, and the window of the node's retry field), then two floors on bare node:http
// (lib/busy-floor.ts) holding the same streams and writing frames of the same sizes to as many
// of them for the same changes: one that only writes (`floor`), and one that first commits each
// change on the same PostgreSQL and hears it by NOTIFY as Jono does (`commitFloor`: the least any
// server delivering a durable change to several nodes' streams must do). Ratios to both are
// printed; on the committing floor compare the delays from the change's request (shop,
// orderFromRequest, staff), since its `as_of` is the change's arrival, Jono's the view's moment.
//
// The rate, derived: 110,000 online check-ins a day across 4,500 shops is 24.4 per shop a day;
// a shop's busiest hour takes about 15 % of its day (a 10-hour day whose after-work peak is 1.5x
// the mean hour), so 3.7 online joins per shop in the busy hour. Each join brings about 2.9 more
// changes: the customer's check-in at the shop (1), a staff start and a finish (0.9 x 2) and a
// cancel (0.1). 3.7 x 3.9 = 14.3 changes per shop-hour: 2.0 changes a second over 500 shops.
//
// PostgreSQL only (the chain runs on it; the data is seeded with SQL before the load). Run:
//   npx tsx bench/busy-hour.ts [--scale 0.1] [--minutes 5] [--workers 3] [--jono-only]
//     [--storms-only]
// --storms-only runs the two reconnect storms alone. --scale 0.1 (50 shops, 1,000 order streams,
// 500 shop pages, 50 consoles) validates the bench; the full run (--scale 1) is for a quiet
// machine. Prints JSON.
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { TokenService } from '../server/src/lib/tokens';
import { MARKET, nextIp } from './lib/api-client';
import { startJono } from './lib/jono-server';
import { BENCH_DIR } from './lib/paths';
import { startPostgres } from './lib/postgres';
import { groupCpuSeconds, groupRssMiB } from './lib/proc';
import { freePort, registerCleanup, sleep, stopAll, stopAllOnExit } from './lib/processes';
import { percentile } from './lib/stats';
import type { FloorCommand } from './lib/busy-floor';
import type { Arrival, StreamTarget, WorkerCommand, WorkerReport } from './lib/stream-worker';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const SCALE = arg('scale', 1);
const MINUTES = arg('minutes', 5);
const WORKERS = arg('workers', 3);
/** --jono-only: the busy hour on Jono alone (no storms, no floors), e.g. to compare two builds. */
const JONO_ONLY = process.argv.includes('--jono-only');
/** --storms-only: the streams opened, then the two reconnect storms alone (no busy hour, no floors). */
const STORMS_ONLY = process.argv.includes('--storms-only');
const METRICS_TOKEN = 'busy-hour-metrics';

/** The minute sweep's shops over the run from /metrics: how many, and their wall time. */
async function sweepFigures(base: string, seconds: number) {
  const res = await fetch(`${base}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  }).catch(() => null);
  const text = res?.ok ? await res.text() : '';
  const value = (name: string) => {
    const m = new RegExp(`^${name} (\\S+)$`, 'm').exec(text);
    return m ? Number(m[1]) : null;
  };
  const sum = value('jono_queue_sweep_shop_seconds_sum');
  const count = value('jono_queue_sweep_shop_seconds_count');
  return {
    shopsRefreshed: count,
    secondsRefreshing: sum === null ? null : Math.round(sum * 10) / 10,
    /** The share of the run's wall time some shop's sweep refresh was under way. */
    shareOfTime: sum === null ? null : Math.round((sum / seconds) * 1000) / 1000,
    meanShopMs: sum === null || !count ? null : Math.round((sum / count) * 10000) / 10,
  };
}

/** The server's V8 heap in use now (MiB), from /metrics. */
async function heapUsedMiB(base: string): Promise<number | null> {
  const res = await fetch(`${base}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  }).catch(() => null);
  const m = /^nodejs_heap_size_used_bytes (\S+)$/m.exec(res?.ok ? await res.text() : '');
  return m ? Math.round(Number(m[1]) / 1048576) : null;
}

/**
 * A histogram's counts and sums so far by its one label: the server's garbage collections by kind
 * (prom-client's nodejs_gc_duration_seconds), its shops' history reads by cause.
 */
async function gcTotals(
  base: string,
  metric = 'nodejs_gc_duration_seconds',
  label = 'kind',
): Promise<Record<string, { count: number; seconds: number }>> {
  const res = await fetch(`${base}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  }).catch(() => null);
  const text = res?.ok ? await res.text() : '';
  const out: Record<string, { count: number; seconds: number }> = {};
  for (const m of text.matchAll(
    new RegExp(`^${metric}_(sum|count)\\{${label}="(\\w+)"\\} (\\S+)$`, 'gm'),
  )) {
    const kind = m[2] as string;
    const entry = (out[kind] ??= { count: 0, seconds: 0 });
    if (m[1] === 'sum') entry.seconds = Number(m[3]);
    else entry.count = Number(m[3]);
  }
  return out;
}

/**
 * The collections during the measured minutes, by kind (minor: the young generation's scavenges,
 * major: mark-compact's final pause, incremental: marking steps): how many, and their mean and
 * total pause. A change's deliveries that meet a pause wait for it.
 */
function gcDuring(
  before: Record<string, { count: number; seconds: number }>,
  after: Record<string, { count: number; seconds: number }>,
) {
  return Object.fromEntries(
    Object.entries(after).map(([kind, a]) => {
      const count = a.count - (before[kind]?.count ?? 0);
      const ms = (a.seconds - (before[kind]?.seconds ?? 0)) * 1000;
      return [
        kind,
        {
          count,
          meanMs: count > 0 ? Math.round((ms / count) * 10) / 10 : null,
          totalMs: Math.round(ms),
        },
      ];
    }),
  );
}

export const RATE = {
  checkInsPerDay: 110_000,
  chainShops: 4_500,
  busyHourShare: 0.15,
  /** Changes per online join: the join, the check-in, start and finish (0.9 each), cancel 0.1. */
  changesPerJoin: { join: 1, checkIn: 1, start: 0.9, finish: 0.9, cancel: 0.1 },
};
const joinsPerShopHour = (RATE.checkInsPerDay / RATE.chainShops) * RATE.busyHourShare;
const changesPerJoin = Object.values(RATE.changesPerJoin).reduce((a, b) => a + b, 0);

const SHOPS = Math.max(1, Math.round(500 * SCALE));
const WAITING = 20;
const SHOP_PAGES = Math.round(5000 * SCALE);
const CHAIRS = 2;
const changesPerSecond = (SHOPS * joinsPerShopHour * changesPerJoin) / 3600;
const JWT_SECRET = 'busy-hour-bench-secret-that-is-long-enough-0123456789';
const HOURS = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, open: '00:00', close: '24:00' }));

export type Kind = 0 | 1 | 2;
const KIND_NAMES = ['order', 'shop', 'staff'] as const;
export const tagOf = (shop: number, kind: Kind) => shop * 4 + kind;

export interface Worker {
  child: ChildProcess;
  ask: (
    cmd: WorkerCommand,
    expect: WorkerReport['type'],
    timeoutMs?: number,
  ) => Promise<WorkerReport>;
}

export function startWorker(): Worker {
  const child = fork(join(BENCH_DIR, 'lib', 'stream-worker.ts'), [], {
    execArgv: ['--import', 'tsx', '--max-old-space-size=2048'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  registerCleanup({
    stop: async () => void child.kill('SIGKILL'),
    kill: () => void child.kill('SIGKILL'),
  });
  const ask: Worker['ask'] = (cmd, expect, timeoutMs = 600_000) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`worker: no ${expect}`)), timeoutMs);
      const onMessage = (msg: WorkerReport) => {
        if (msg.type !== expect) return;
        clearTimeout(timer);
        child.off('message', onMessage);
        resolve(msg);
      };
      child.on('message', onMessage);
      child.send(cmd);
    });
  return { child, ask };
}

export interface ShopState {
  id: number;
  service: { id: number; groupId: number; title: string; price: number; duration: number };
  staffToken: string;
  /** Waiting orders: id, customer, at the shop. */
  waiting: { id: number; customer: number; token: string; here: boolean }[];
  seated: number[];
}

/** Each estimate of the copied history stored this many times (see copyHistory). */
const ESTIMATE_COPIES = 4;

/** The history every shop was given: the demo shop it was copied from, and its size. */
export let history: { from: number | null; orders: number; estimates: number; shops: number } = {
  from: null,
  orders: 0,
  estimates: 0,
  shops: 0,
};

/**
 * The chain's shops have a history: every shop without one is given a copy of the busiest demo
 * shop's last 29 days (its finished, cancelled and no-show orders with the estimates they were
 * shown, each order's barber the shop's own at the same place), so that the inputs a shop builds
 * from its records (at its first view, after each finish and every 10 minutes) cost here what
 * they cost in the chain. Without it every shop but the demo's learnt from nothing, for free.
 */
async function copyHistory(db: pg.Client, shopIds: readonly number[]) {
  const since = new Date(Date.now() - 29 * 86_400_000);
  const [source] = (
    await db.query(
      `select pob_id, count(*)::int as n from orders
       where status <> 'active' and joined_at >= $1 group by pob_id order by n desc limit 1`,
      [since],
    )
  ).rows as { pob_id: number; n: number }[];
  if (!source) return { from: null, orders: 0, estimates: 0, shops: 0 };
  const targets = (
    await db.query(
      `select p from unnest($1::int[]) p
       where not exists (select 1 from orders o where o.pob_id = p and o.status <> 'active')`,
      [shopIds],
    )
  ).rows.map((r: { p: number }) => r.p);
  const columns = (
    await db.query(
      `select column_name from information_schema.columns
       where table_schema = current_schema() and table_name = 'orders'
         and column_name not in ('id', 'pob_id', 'customer_id', 'served_by', 'barber_id',
                                 'started_by', 'rejoined_from', 'moved_from')
       order by ordinal_position`,
    )
  ).rows.map((r: { column_name: string }) => `"${r.column_name}"`);
  const list = columns.join(', ');
  const from = columns.map((c) => `o.${c}`).join(', ');
  await db.query('begin');
  // Each copied order's new id, drawn from the orders' own sequence.
  await db.query(
    `create temp table history_map on commit drop as
     select o.id as old, nextval(pg_get_serial_sequence('orders', 'id'))::int as new, p as pob
     from orders o cross join unnest($1::int[]) p
     where o.pob_id = $2 and o.status <> 'active' and o.joined_at >= $3`,
    [targets, source.pob_id, since],
  );
  // The source's barbers by their order, each copy's barber the target shop's at that place.
  await db.query(
    `create temp table barber_map on commit drop as
     with s as (select id, row_number() over (order by id) - 1 as i,
                       count(*) over () as n from barbers where pob_id = $1),
          t as (select id, pob_id, row_number() over (partition by pob_id order by chair, id) - 1 as i,
                       count(*) over (partition by pob_id) as n
                from barbers where pob_id = any($2::int[]))
     select s.id as old, t.pob_id as pob, t.id as new
     from s join t on t.i = s.i % t.n`,
    [source.pob_id, targets],
  );
  const orders = await db.query(
    `insert into orders (id, pob_id, customer_id, served_by, barber_id, started_by, ${list})
     select m.new, m.pob, null, b.new, w.new, null, ${from}
     from history_map m join orders o on o.id = m.old
     left join barber_map b on b.old = o.served_by and b.pob = m.pob
     left join barber_map w on w.old = o.barber_id and w.pob = m.pob`,
  );
  // The demo's history stores what a customer was shown at joining and at check-in; the server
  // stores an estimate at every minute's sweep that moved it too, 3-4x as many (issue 31's
  // audit): each is copied ESTIMATE_COPIES times, a minute apart.
  const estimates = await db.query(
    `insert into wait_estimates (order_id, pob_id, priority, at, model_p10, model_p50, model_p90, wait, low, high)
     select m.new, m.pob, e.priority, e.at + make_interval(mins => k), e.model_p10, e.model_p50,
            e.model_p90, e.wait, e.low, e.high
     from history_map m join wait_estimates e on e.order_id = m.old,
          generate_series(0, $1::int - 1) k`,
    [ESTIMATE_COPIES],
  );
  await db.query('commit');
  await db.query('analyze orders');
  await db.query('analyze wait_estimates');
  return {
    from: source.pob_id,
    orders: Math.round((orders.rowCount ?? 0) / Math.max(targets.length, 1)),
    estimates: Math.round((estimates.rowCount ?? 0) / Math.max(targets.length, 1)),
    shops: targets.length,
  };
}

/** Seeds shops, customers and their orders with SQL; answers every shop's state. */
export async function seed(
  url: string,
  tokens: TokenService,
  /** Waiting customers per shop (one entry per shop). */
  layout: readonly number[] = Array.from({ length: SHOPS }, () => WAITING),
): Promise<ShopState[]> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  await db.query(`set search_path to jono_${MARKET}`);
  const [hash] = (await db.query(`select password_hash from staff limit 1`)).rows as {
    password_hash: string;
  }[];
  await db.query(`update pobs set open_times = $1, chairs = $2, queue_state = 'open'`, [
    JSON.stringify(HOURS),
    CHAIRS,
  ]);
  const existing = Number((await db.query(`select count(*) from pobs`)).rows[0].count);
  for (let i = existing; i < layout.length; i++) {
    const p = await db.query(
      `insert into pobs (name, city, address, latitude, longitude, time_zone, chairs, open_times)
       values ($1, 'Helsinki', $2, $3, $4, 'Europe/Helsinki', $5, $6) returning id`,
      [
        `Busy ${i}`,
        `Busykatu ${i}`,
        (60.1 + (i % 50) / 500).toFixed(6),
        (24.8 + Math.floor(i / 50) / 100).toFixed(6),
        CHAIRS,
        JSON.stringify(HOURS),
      ],
    );
    const g = await db.query(
      `insert into service_groups (pob_id, title) values ($1, 'Hair') returning id`,
      [p.rows[0].id],
    );
    await db.query(
      `insert into services (pob_id, group_id, title, price, duration) values ($1, $2, 'Haircut', 3000, 30)`,
      [p.rows[0].id, g.rows[0].id],
    );
  }
  const shopIds = (
    await db.query(`select id from pobs order by id limit $1`, [layout.length])
  ).rows.map((r: { id: number }) => r.id);
  // Named barbers, as the chain's shops have them (the demo's SEED_BARBERS): in a shop without
  // any, one at each chair, on duty all day, so that every estimate runs the engine's path of
  // named barbers and their shifts, as the chain's do (it costs more than counting chairs).
  await db.query(
    `insert into barbers (pob_id, first_name, week, chair, on_duty_since)
     select p, 'Barber ' || c, $2::jsonb, c, now()
     from unnest($1::int[]) p, generate_series(1, $3::int) c
     where not exists (select 1 from barbers b where b.pob_id = p)`,
    [
      shopIds,
      JSON.stringify(HOURS.map((h) => ({ weekday: h.weekday, from: h.open, to: h.close }))),
      CHAIRS,
    ],
  );
  // Nobody waiting but the bench's own.
  await db.query(`update orders set status = 'cancelled' where status = 'active'`);
  history = await copyHistory(db, shopIds);
  const shops: ShopState[] = [];
  let phone = 0;
  const customer = async () => {
    phone += 1;
    const r = await db.query(
      `insert into customers (phone, password_hash, firstname, lastname) values ($1, 'x', 'Busy', $2) returning id`,
      [`+35846${String(phone).padStart(7, '0')}`, `Customer${phone}`],
    );
    const id = r.rows[0].id as number;
    return {
      id,
      token: await tokens.signAccess({ sub: String(id), market: MARKET, kind: 'customer' }),
    };
  };
  const now = Date.now();
  for (const [index, pobId] of shopIds.entries()) {
    const count = layout[index] ?? WAITING;
    const s = (
      await db.query(
        `select id, group_id, title, price, duration from services where pob_id = $1 and parent_service_id is null and group_id is not null and active order by id limit 1`,
        [pobId],
      )
    ).rows[0] as { id: number; group_id: number; title: string; price: number; duration: number };
    const member = await db.query(
      `insert into staff (pob_id, username, name, role, password_hash) values ($1, $2, 'Busy manager', 'manager', $3) returning id, token_version`,
      [pobId, `busy-${pobId}-${now}`, hash?.password_hash ?? 'x'],
    );
    const staffToken = await tokens.signAccess(
      {
        sub: String(member.rows[0].id),
        market: MARKET,
        kind: 'staff',
        pob: pobId,
        role: 'manager',
        fam: `staff:${member.rows[0].token_version}`,
      },
      12 * 3600,
    );
    const waiting: ShopState['waiting'] = [];
    for (let k = 0; k < count; k++) {
      const c = await customer();
      const here = k % 3 === 0;
      const items = [
        {
          service_id: s.id,
          group_id: s.group_id,
          title: s.title,
          price: s.price,
          duration: s.duration,
          extras: [],
        },
      ];
      const o = await db.query(
        `insert into orders (pob_id, customer_id, source, rank, planned_minutes, customer_at_pob, checked_in_at, joined_at, items)
         values ($1, $2, 'app', $3, $4, $5, $6, $7, $8) returning id`,
        [
          pobId,
          c.id,
          now - (count - k) * 60_000,
          s.duration,
          here,
          here ? new Date(now) : null,
          new Date(now - (count - k) * 60_000),
          JSON.stringify(items),
        ],
      );
      waiting.push({ id: o.rows[0].id as number, customer: c.id, token: c.token, here });
    }
    shops.push({
      id: pobId,
      service: {
        id: s.id,
        groupId: s.group_id,
        title: s.title,
        price: s.price,
        duration: s.duration,
      },
      staffToken,
      waiting,
      seated: [],
    });
  }
  // Spare customers for the joins of the measured minutes.
  const spares = Math.ceil(SHOPS * joinsPerShopHour * (MINUTES / 60) * 2) + 10;
  const spare: { id: number; token: string }[] = [];
  for (let i = 0; i < spares; i++) spare.push(await customer());
  spareCustomers = spare;
  await db.end();
  return shops;
}
let spareCustomers: { id: number; token: string }[] = [];

/** Polls /healthz back to back (keep-alive, 20 ms apart) until stopped; answers every wait. */
/** Prometheus's scrape interval in the busy hour. */
const SCRAPE_EVERY_MS = 15_000;

/** Scrapes /metrics every `everyMs` as a chain's Prometheus does; answers their times (ms). */
function scraper(base: string, everyMs: number) {
  let stop = false;
  const times: number[] = [];
  const done = (async () => {
    while (!stop) {
      const t0 = performance.now();
      await heapUsedMiB(base);
      times.push(performance.now() - t0);
      await sleep(everyMs);
    }
  })();
  return async () => {
    stop = true;
    await done;
    return { count: times.length, maxMs: ms(Math.max(0, ...times)) };
  };
}

export function healthProbe(url: string) {
  let stop = false;
  const waits: number[] = [];
  const done = (async () => {
    while (!stop) {
      const t0 = performance.now();
      try {
        await (await fetch(`${url}/healthz`)).arrayBuffer();
      } catch {
        // Counted as a wait all the same.
      }
      waits.push(performance.now() - t0);
      await sleep(20);
    }
  })();
  return async () => {
    stop = true;
    await done;
    return waits.sort((a, b) => a - b);
  };
}

const wall = () => performance.timeOrigin + performance.now();
const ms = (x: number | null | undefined) => (x === null || x === undefined ? null : Math.round(x));

interface Change {
  shop: number;
  at: number;
  action: string;
  status: number;
  /** From the request to its answer's headers (the change committed), ms; not for replays. */
  answerMs?: number;
}

/** One change at a random shop, as a customer or its staff would make it. */
async function oneChange(base: string, shops: ShopState[]): Promise<Change | null> {
  const shop = shops[Math.floor(Math.random() * shops.length)] as ShopState;
  const api = `${base}/api/${MARKET}`;
  const w = RATE.changesPerJoin;
  let r = Math.random() * changesPerJoin;
  const pick = (share: number) => (r -= share) < 0;
  const request = async (path: string, method: string, token: string, body?: unknown) => {
    const at = wall();
    const res = await fetch(`${api}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'x-forwarded-for': nextIp(),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answerMs = wall() - at;
    const json = (await res.json().catch(() => null)) as { id?: number } | null;
    return { at, status: res.status, json, answerMs };
  };
  if (pick(w.join)) {
    const c = spareCustomers.pop();
    if (!c) return null;
    const s = shop.service;
    const res = await request(`/customers/${c.id}/orders/`, 'POST', c.token, {
      pob_id: shop.id,
      items: [
        {
          amount: 1,
          service_id: s.id,
          service_info: {
            duration: s.duration,
            group_id: s.groupId,
            id: s.id,
            price: s.price,
            title: s.title,
          },
          extra_services: [],
        },
      ],
    });
    if (res.status === 201 && res.json?.id) {
      shop.waiting.push({ id: res.json.id, customer: c.id, token: c.token, here: false });
    }
    return {
      shop: shop.id,
      at: res.at,
      action: 'join',
      status: res.status,
      answerMs: res.answerMs,
    };
  }
  if (pick(w.checkIn)) {
    const o = shop.waiting.find((x) => !x.here);
    if (!o) return null;
    o.here = true;
    const res = await request(`/customers/${o.customer}/orders/${o.id}/`, 'PATCH', o.token, {
      customer_at_pob: true,
    });
    return {
      shop: shop.id,
      at: res.at,
      action: 'check-in',
      status: res.status,
      answerMs: res.answerMs,
    };
  }
  if (pick(w.start)) {
    const i = shop.waiting.findIndex((x) => x.here);
    if (i < 0 || shop.seated.length >= CHAIRS) return null;
    const [o] = shop.waiting.splice(i, 1);
    if (!o) return null;
    const res = await request(`/staff/orders/${o.id}/start/`, 'POST', shop.staffToken, {});
    if (res.status === 200) shop.seated.push(o.id);
    return {
      shop: shop.id,
      at: res.at,
      action: 'start',
      status: res.status,
      answerMs: res.answerMs,
    };
  }
  if (pick(w.finish)) {
    const id = shop.seated.shift();
    if (id === undefined) return null;
    const res = await request(`/staff/orders/${id}/finish/`, 'POST', shop.staffToken, {});
    return {
      shop: shop.id,
      at: res.at,
      action: 'finish',
      status: res.status,
      answerMs: res.answerMs,
    };
  }
  const o = shop.waiting.pop();
  if (!o) return null;
  const res = await request(`/customers/${o.customer}/orders/${o.id}/`, 'PATCH', o.token, {
    cancel: true,
  });
  return {
    shop: shop.id,
    at: res.at,
    action: 'cancel',
    status: res.status,
    answerMs: res.answerMs,
  };
}

/** A change of some kind: one that cannot be made now (no one to start) gives way to another. */
async function someChange(base: string, shops: ShopState[]): Promise<Change | null> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const c = await oneChange(base, shops);
    if (c) return c;
  }
  return null;
}

/**
 * Delivery delays from the recorded arrivals: order messages from their as_of; the others from
 * the change's request. Every message a stream got after a change (and before the shop's next)
 * counts; `split` tells apart each stream's first message after the change (the change itself
 * delivered) and its later ones (what followed it: a finish's estimates learnt from the service
 * just finished land after the shop's history is read again, in the background).
 */
function delays(arrivals: Arrival[], changes: Change[]) {
  const byShop = new Map<number, number[]>();
  for (const c of changes) {
    const list = byShop.get(c.shop) ?? [];
    list.push(c.at);
    byShop.set(c.shop, list);
  }
  for (const list of byShop.values()) list.sort((a, b) => a - b);
  const out: Record<string, number[]> = { order: [], orderFromRequest: [], shop: [], staff: [] };
  const first: Record<string, number[]> = { orderFromRequest: [], shop: [], staff: [] };
  const later: Record<string, number[]> = { orderFromRequest: [], shop: [], staff: [] };
  const seen = new Set<string>();
  let unmatched = 0;
  for (const a of [...arrivals].sort((x, y) => x.at - y.at)) {
    const kind = (a.tag % 4) as Kind;
    const name = KIND_NAMES[kind];
    if (kind === 0 && a.asOf !== undefined) out[name]?.push(a.at - a.asOf);
    const list = byShop.get(Math.floor(a.tag / 4)) ?? [];
    let lo = 0;
    let hi = list.length - 1;
    let best: number | undefined;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const t = list[mid] as number;
      if (t <= a.at) {
        best = t;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    // Messages of the minute sweep (time moved the waits) follow no request.
    if (best === undefined || a.at - best > 10_000) {
      unmatched += 1;
      continue;
    }
    const key = kind === 0 ? 'orderFromRequest' : name;
    out[key]?.push(a.at - best);
    const once = `${a.tag}:${best}:${a.stream}`;
    (seen.has(once) ? later : first)[key]?.push(a.at - best);
    seen.add(once);
  }
  const summarise = (lists: Record<string, number[]>) =>
    Object.fromEntries(
      Object.entries(lists).map(([k, v]) => {
        v.sort((a, b) => a - b);
        return [k, { messages: v.length, ...spread(v) }];
      }),
    );
  return {
    ...summarise(out),
    split: { first: summarise(first), later: summarise(later) },
    sweepOrUnmatched: unmatched,
  };
}

/** p50 / p99 / max of sorted times, ms. */
function spread(sorted: number[]) {
  return {
    p50Ms: ms(percentile(sorted, 0.5)),
    p99Ms: ms(percentile(sorted, 0.99)),
    maxMs: ms(sorted[sorted.length - 1]),
  };
}

/** Request-to-answer times of the changes, all and per action: p50 / p99 / max ms. */
function answers(changes: Change[]) {
  const by = new Map<string, number[]>();
  for (const c of changes) {
    if (c.answerMs === undefined) continue;
    for (const k of ['all', c.action]) by.set(k, [...(by.get(k) ?? []), c.answerMs]);
  }
  return Object.fromEntries(
    [...by].map(([k, v]) => {
      v.sort((a, b) => a - b);
      return [k, { n: v.length, ...spread(v) }];
    }),
  );
}

interface Replay {
  shop: number;
  at: number;
  writes: { order: number; shop: number; staff: number };
}

/**
 * What the floor replays: every change with the messages of each kind Jono sent its shop's
 * streams for it (Jono sends only what moved), and the minute sweep's messages that followed no
 * request, grouped per shop and 5 seconds, at their `as_of` (or first arrival).
 */
function replays(arrivals: Arrival[], changes: Change[]): Replay[] {
  const sorted = [...changes].sort((a, b) => a.at - b.at);
  const byShop = new Map<number, Change[]>();
  for (const c of sorted) byShop.set(c.shop, [...(byShop.get(c.shop) ?? []), c]);
  const out = new Map<Change, Replay>();
  const sweeps = new Map<string, Replay>();
  const names = ['order', 'shop', 'staff'] as const;
  for (const a of arrivals) {
    const shop = Math.floor(a.tag / 4);
    const name = names[(a.tag % 4) as Kind];
    const list = byShop.get(shop) ?? [];
    let owner: Change | undefined;
    for (const c of list) if (c.at <= a.at) owner = c;
    if (owner && a.at - owner.at <= 10_000) {
      const r = out.get(owner) ?? { shop, at: owner.at, writes: { order: 0, shop: 0, staff: 0 } };
      r.writes[name] += 1;
      out.set(owner, r);
      continue;
    }
    const t = a.asOf ?? a.at;
    const key = `${shop}:${Math.floor(t / 5000)}`;
    const r = sweeps.get(key) ?? { shop, at: t, writes: { order: 0, shop: 0, staff: 0 } };
    r.at = Math.min(r.at, t);
    r.writes[name] += 1;
    sweeps.set(key, r);
  }
  // A stream gets one message per change: several of one kind are that many streams.
  return [...out.values(), ...sweeps.values()].sort((a, b) => a.at - b.at);
}

/** Each worker opens its share of `targets` (round: its own source addresses); their reports. */
function askOpen(
  workers: Worker[],
  port: number,
  targets: StreamTarget[],
  round: number,
  how: { batch: number; droppedAt?: number; useRetry?: boolean },
) {
  const parts = workers.map((_, w) => targets.filter((_, i) => i % workers.length === w));
  return Promise.all(
    parts.map((part, w) =>
      workers[w]?.ask(
        {
          type: 'open',
          host: '127.0.0.1',
          port,
          from: Array.from({ length: 4 }, (_, k) => `127.${20 + round}.${w + 1}.${k + 1}`),
          targets: part,
          ...how,
        },
        'opened',
      ),
    ),
  );
}

/**
 * A floor's run (lib/busy-floor.ts): the same streams opened on it, Jono's changes replayed at
 * their moments with as many frames of Jono's sizes; with `commitUrl`, each change is committed
 * on that PostgreSQL and published by NOTIFY before its frames are written.
 */
async function runFloor(
  targets: StreamTarget[],
  schedule: Replay[],
  bytes: { order: number; shop: number; staff: number },
  seconds: number,
  commitUrl?: string,
) {
  const floorPort = await freePort(4900);
  const floor = fork(
    join(BENCH_DIR, 'lib', 'busy-floor.ts'),
    commitUrl ? [String(floorPort), commitUrl] : [String(floorPort)],
    { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] },
  );
  registerCleanup({
    stop: async () => void floor.kill('SIGKILL'),
    kill: () => void floor.kill('SIGKILL'),
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the floor did not start')), 30_000);
    floor.once('message', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  const floorWorkers = Array.from({ length: WORKERS }, () => startWorker());
  const floorTargets = targets.map((t) => ({ path: `/floor/${t.tag}`, tag: t.tag }));
  const opened = await openAll(floorWorkers, floorPort, floorTargets, commitUrl ? 4 : 1);
  await sleep(2000);
  await record(floorWorkers);
  const floorProbe = healthProbe(`http://127.0.0.1:${floorPort}`);
  const replayStart = wall();
  const firstAt = schedule[0]?.at ?? 0;
  const replayed: Change[] = [];
  for (const r of schedule) {
    const wait = replayStart + (r.at - firstAt) - wall();
    if (wait > 0) await sleep(wait);
    replayed.push({ shop: r.shop, at: wall(), action: 'replay', status: 200 });
    const cmd: FloorCommand = { type: 'change', shop: r.shop, writes: r.writes, bytes };
    floor.send(cmd);
  }
  await sleep(5000);
  const floorHealthz = await floorProbe();
  const floorRecords = await recorded(floorWorkers);
  for (const w of floorWorkers) w.child.kill('SIGKILL');
  floor.kill('SIGKILL');
  return {
    mode: commitUrl ? 'commit, NOTIFY, then write' : 'write',
    opened,
    frameBytes: bytes,
    delivery: delays(floorRecords.arrivals, replayed),
    healthz: {
      p50Ms: ms(percentile(floorHealthz, 0.5)),
      p99Ms: ms(percentile(floorHealthz, 0.99)),
      maxMs: ms(floorHealthz[floorHealthz.length - 1]),
    },
    clientCpuPercent: Math.round((floorRecords.cpuMs / 1000 / seconds) * 100),
  };
}

export async function openAll(
  workers: Worker[],
  port: number,
  targets: StreamTarget[],
  round: number,
) {
  const reports = await askOpen(workers, port, targets, round, { batch: 250 });
  let ok = 0;
  let failed = 0;
  for (const r of reports) {
    if (r?.type !== 'opened') continue;
    ok += r.ok;
    failed += r.failed;
  }
  return { ok, failed };
}

/** The kernel's count of connections its listen queues dropped (TcpExt ListenOverflows). */
function listenOverflows(): number | null {
  try {
    const lines = readFileSync('/proc/net/netstat', 'utf8').split('\n');
    const names = lines.find((l) => l.startsWith('TcpExt:'))?.split(' ') ?? [];
    const values = lines.filter((l) => l.startsWith('TcpExt:'))[1]?.split(' ') ?? [];
    const i = names.indexOf('ListenOverflows');
    return i > 0 ? Number(values[i]) : null;
  } catch {
    return null;
  }
}

/** A kernel setting (net.core.somaxconn ...), or null where it cannot be read. */
function sysctl(path: string): number | null {
  try {
    return Number(readFileSync(`/proc/sys/${path}`, 'utf8').trim());
  } catch {
    return null;
  }
}

export async function storm(
  workers: Worker[],
  url: string,
  port: number,
  pgid: number,
  targets: StreamTarget[],
  round: number,
  useRetry: boolean,
) {
  const stopProbe = healthProbe(url);
  const server0 = groupCpuSeconds(pgid);
  const t0 = performance.now();
  const droppedAt = performance.timeOrigin + performance.now() + 300;
  const overflows0 = listenOverflows();
  const reports = await askOpen(workers, port, targets, round, { batch: 0, droppedAt, useRetry });
  const seconds = (performance.now() - t0) / 1000;
  const overflows1 = listenOverflows();
  const serverCpu = Math.round(((groupCpuSeconds(pgid) - server0) / seconds) * 100);
  const healthz = await stopProbe();
  const firsts: number[] = [];
  let failed = 0;
  let retried = 0;
  let clientCpuMs = 0;
  const errors: Record<string, number> = {};
  for (const r of reports) {
    if (r?.type !== 'opened') continue;
    firsts.push(...r.firstMessageMs);
    failed += r.failed;
    retried += r.retried;
    clientCpuMs += r.cpuMs;
    for (const [k, n] of Object.entries(r.errors)) errors[k] = (errors[k] ?? 0) + n;
  }
  firsts.sort((a, b) => a - b);
  await Promise.all(workers.map((w) => w.ask({ type: 'close' }, 'closed')));
  await sleep(3000);
  return {
    mode: useRetry ? 'retry window' : 'app back-off',
    clients: targets.length,
    ok: firsts.length,
    failed,
    retried,
    /** Why the clients that never got a first message failed (their last attempt's error). */
    errors,
    p50Ms: ms(percentile(firsts, 0.5)),
    p99Ms: ms(percentile(firsts, 0.99)),
    lastMs: failed === 0 ? ms(firsts[firsts.length - 1] ?? null) : null,
    within5s: firsts.filter((x) => x <= 5000).length,
    // Dropped SYNs come back after the kernel's retransmission back-off (1, 3, 7, 15, 31 s).
    listenOverflows: overflows0 !== null && overflows1 !== null ? overflows1 - overflows0 : null,
    somaxconn: sysctl('net/core/somaxconn'),
    tcpMaxSynBacklog: sysctl('net/ipv4/tcp_max_syn_backlog'),
    healthzMaxMs: ms(healthz[healthz.length - 1]),
    serverCpuPercent: serverCpu,
    clientCpuPercent: Math.round((clientCpuMs / 1000 / seconds) * 100),
  };
}

export async function record(workers: Worker[]) {
  await Promise.all(workers.map((w) => w.ask({ type: 'record' }, 'recording')));
}
export async function recorded(workers: Worker[]) {
  const reports = await Promise.all(workers.map((w) => w.ask({ type: 'recorded' }, 'records')));
  const arrivals: Arrival[] = [];
  let cpuMs = 0;
  for (const r of reports) {
    if (r.type !== 'records') continue;
    arrivals.push(...r.arrivals);
    cpuMs += r.cpuMs;
  }
  return { arrivals, cpuMs };
}

async function main() {
  stopAllOnExit();
  const t0 = performance.now();
  const pgCluster = await startPostgres();
  const jono = await startJono({
    name: 'busy-hour',
    databaseUrl: pgCluster.url,
    env: { JWT_SECRET, METRICS_TOKEN },
  });
  const tokens = new TokenService(JWT_SECRET);
  const shops = await seed(pgCluster.url, tokens);
  const base = jono.url;
  const api = `/api/${MARKET}`;
  // Each stream is a client of its own (its own address, as behind the chain's proxy), and the
  // order and staff streams are opened as the apps open them: a stream ticket first (POST
  // /stream-ticket/ with the token), then the stream with `?ticket=`, on every (re)connection.
  const targets: StreamTarget[] = [];
  const ticketPath = `${api}/stream-ticket/`;
  for (const s of shops) {
    for (const o of s.waiting) {
      targets.push({
        path: `${api}/customers/${o.customer}/orders/${o.id}/events`,
        token: o.token,
        ticketPath,
        client: nextIp(),
        tag: tagOf(s.id, 0),
      });
    }
    targets.push({
      path: `${api}/staff/events`,
      token: s.staffToken,
      ticketPath,
      client: nextIp(),
      tag: tagOf(s.id, 2),
    });
  }
  for (let i = 0; i < SHOP_PAGES; i++) {
    const s = shops[i % shops.length] as ShopState;
    targets.push({ path: `${api}/pobs/${s.id}/events`, client: nextIp(), tag: tagOf(s.id, 1) });
  }
  const workers = Array.from({ length: WORKERS }, () => startWorker());
  const opened = await openAll(workers, jono.port, targets, 0);
  const setupSeconds = Math.round((performance.now() - t0) / 1000);
  await sleep(3000);
  // Reconnect storms on the same node (all 15,500 streams, 10,000 of them one order each: the
  // apps' back-off, then the node's retry window); then Jono and its load generators stop.
  const stormsThenStop = async () => {
    const storms = [
      await storm(workers, base, jono.port, jono.pgid, targets, 2, false),
      await storm(workers, base, jono.port, jono.pgid, targets, 3, true),
    ];
    await jono.stop();
    for (const w of workers) w.child.kill('SIGKILL');
    return storms;
  };
  if (STORMS_ONLY) {
    // As after the busy hour: every stream cut, then all of them back at once.
    await Promise.all(workers.map((w) => w.ask({ type: 'close' }, 'closed')));
    await sleep(3000);
    const storms = await stormsThenStop();
    await pgCluster.stop();
    const loadAverage = (await import('node:os')).loadavg().map((x) => Math.round(x * 100) / 100);
    console.log(
      JSON.stringify({ scale: SCALE, loadAverage, opened, setupSeconds, storms }, null, 2),
    );
    return;
  }

  // The busy hour: changes at Poisson times, the server's minute sweep running on its own, and
  // the chain's Prometheus scraping /metrics every 15 s (a scrape reads the shops' closed loop
  // every 5 minutes: part of the hour's work).
  const gc0 = await gcTotals(base);
  const reads0 = await gcTotals(base, 'jono_history_read_seconds', 'cause');
  await record(workers);
  const stopScrapes = scraper(base, SCRAPE_EVERY_MS);
  const stopProbe = healthProbe(base);
  const server0 = groupCpuSeconds(jono.pgid);
  const driver0 = process.cpuUsage();
  const start = performance.now();
  const changes: Change[] = [];
  const inFlight = new Set<Promise<void>>();
  const endAt = start + MINUTES * 60_000;
  let next = start;
  while (performance.now() < endAt) {
    next += (-Math.log(1 - Math.random()) / changesPerSecond) * 1000;
    const wait = next - performance.now();
    if (wait > 0) await sleep(wait);
    const p = someChange(base, shops)
      .then((c) => void (c && changes.push(c)))
      .catch(() => undefined)
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  }
  await Promise.all(inFlight);
  await sleep(5000);
  const seconds = (performance.now() - start) / 1000;
  const serverCpu = Math.round(((groupCpuSeconds(jono.pgid) - server0) / seconds) * 100);
  const serverRssMiB = groupRssMiB(jono.pgid);
  const healthz = await stopProbe();
  const scrapes = await stopScrapes();
  const serverHeapMiB = await heapUsedMiB(base);
  const sweep = await sweepFigures(base, seconds);
  const gc = gcDuring(gc0, await gcTotals(base));
  // The shops' history reads during the run, by cause (asker, aged, learnt), with their wall time.
  const historyReads = gcDuring(reads0, await gcTotals(base, 'jono_history_read_seconds', 'cause'));
  const driver = process.cpuUsage(driver0);
  const jonoRecords = await recorded(workers);
  await Promise.all(workers.map((w) => w.ask({ type: 'close' }, 'closed')));
  const statuses: Record<string, number> = {};
  for (const c of changes)
    statuses[`${c.action} ${c.status}`] = (statuses[`${c.action} ${c.status}`] ?? 0) + 1;
  const jonoResult = {
    changes: changes.length,
    changesPerSecond: Math.round((changes.length / seconds) * 100) / 100,
    statuses,
    delivery: delays(jonoRecords.arrivals, changes),
    // From a change's request to its answer (made and committed): the part of the delivery
    // before the NOTIFY; per action, p50 / p99 ms.
    answer: answers(changes),
    healthz: {
      probes: healthz.length,
      p50Ms: ms(percentile(healthz, 0.5)),
      p99Ms: ms(percentile(healthz, 0.99)),
      maxMs: ms(healthz[healthz.length - 1]),
    },
    serverCpuPercent: serverCpu,
    serverRssMiB,
    serverHeapMiB,
    scrapes,
    sweep,
    gc,
    historyReads,
    clientCpuPercent: {
      streamWorkers: Math.round((jonoRecords.cpuMs / 1000 / seconds) * 100),
      changeDriver: Math.round(((driver.user + driver.system) / 1e6 / seconds) * 100),
    },
  };
  if (JONO_ONLY) {
    await jono.stop();
    for (const w of workers) w.child.kill('SIGKILL');
    await pgCluster.stop();
    console.log(
      JSON.stringify({ scale: SCALE, minutes: MINUTES, history, jono: jonoResult }, null, 2),
    );
    return;
  }
  await sleep(3000);
  const storms = await stormsThenStop();

  // The floors: the same streams on bare node:http, the same changes at the same moments; first
  // writing only, then committing each change on the same PostgreSQL before writing it.
  const schedule = replays(jonoRecords.arrivals, changes);
  // Frames of the sizes Jono sent, per kind (the mean over the busy hour).
  const meanBytes = (kind: Kind) => {
    const list = jonoRecords.arrivals.filter((a) => a.tag % 4 === kind);
    return list.length === 0
      ? 500
      : Math.round(list.reduce((n, a) => n + a.bytes, 0) / list.length);
  };
  const bytes = { order: meanBytes(0), shop: meanBytes(1), staff: meanBytes(2) };
  const floorRun = (commitUrl?: string) => runFloor(targets, schedule, bytes, seconds, commitUrl);
  const floorResult = await floorRun();
  const commitFloorResult = await floorRun(pgCluster.url);
  await pgCluster.stop();

  const p99 = (d: unknown, k: string) =>
    (d as Record<string, { p99Ms: number | null }>)[k]?.p99Ms ?? null;
  const ratio = (k: string, floor = floorResult) => {
    const a = p99(jonoResult.delivery, k);
    const b = p99(floor.delivery, k);
    return a !== null && b !== null && b > 0 ? Math.round((a / b) * 100) / 100 : null;
  };
  const ratios = (floor = floorResult) => ({
    order: ratio('order', floor),
    orderFromRequest: ratio('orderFromRequest', floor),
    shop: ratio('shop', floor),
    staff: ratio('staff', floor),
  });
  console.log(
    JSON.stringify(
      {
        scale: SCALE,
        minutes: MINUTES,
        loadAverage: (await import('node:os')).loadavg().map((x) => Math.round(x * 100) / 100),
        rate: {
          ...RATE,
          joinsPerShopHour: Math.round(joinsPerShopHour * 100) / 100,
          changesPerSecond: Math.round(changesPerSecond * 100) / 100,
        },
        shops: SHOPS,
        replayedChanges: schedule.length,
        streams: {
          order: shops.length * WAITING,
          shop: SHOP_PAGES,
          staff: shops.length,
          opened,
          floorOpened: floorResult.opened,
          commitFloorOpened: commitFloorResult.opened,
        },
        setupSeconds,
        history,
        jono: jonoResult,
        storms,
        floor: floorResult,
        commitFloor: commitFloorResult,
        deliveryP99VsFloor: ratios(),
        deliveryP99VsCommitFloor: ratios(commitFloorResult),
      },
      null,
      2,
    ),
  );
  await stopAll();
  process.exit(0);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
