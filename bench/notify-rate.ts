// PostgreSQL's commit rate with and without NOTIFY (issue 29, Deliver 9): a queue change commits
// with a NOTIFY, and NOTIFY takes a global lock at commit, so the chain's change rate on one
// PostgreSQL is bounded by it. Clients each commit small transactions back to back: an UPDATE of
// one order row, with or without pg_notify of a change's payload, for a few seconds each.
// Run: `npx tsx bench/notify-rate.ts [--clients 8] [--seconds 10]` (a throwaway cluster with
// fsync on, as in production). Prints JSON: commits per second for each mode and the ratio.
import { loadavg } from 'node:os';
import pg from 'pg';
import { startPostgres } from './lib/postgres';
import { stopAll, stopAllOnExit } from './lib/processes';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const CLIENTS = arg('clients', 8);
const SECONDS = arg('seconds', 10);

stopAllOnExit();
const cluster = await startPostgres();
const setup = new pg.Client({ connectionString: cluster.url });
await setup.connect();
await setup.query(
  'create table if not exists bench_orders (id int primary key, wait int, updated_at timestamptz)',
);
await setup.query(
  'insert into bench_orders select g, 0, now() from generate_series(1, 10000) g on conflict do nothing',
);
// A listener, as every Jono node is: NOTIFY with nobody listening is cheaper.
await setup.query('listen queue');
let heard = 0;
setup.on('notification', () => (heard += 1));

const payload = JSON.stringify({
  pob: 123,
  origin: '0f8c1f0e-8a7b-4c55-9d8e-2f1b3c4d5e6f',
  h: false,
});

async function run(notify: boolean): Promise<number> {
  const clients = await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      const c = new pg.Client({ connectionString: cluster.url });
      await c.connect();
      return c;
    }),
  );
  let commits = 0;
  const end = performance.now() + SECONDS * 1000;
  await Promise.all(
    clients.map(async (c, k) => {
      let i = k;
      while (performance.now() < end) {
        i = (i + CLIENTS) % 10_000;
        await c.query('begin');
        await c.query('update bench_orders set wait = wait + 1, updated_at = now() where id = $1', [
          i + 1,
        ]);
        if (notify) await c.query('select pg_notify($1, $2)', ['queue', payload]);
        await c.query('commit');
        commits += 1;
      }
    }),
  );
  await Promise.all(clients.map((c) => c.end()));
  return Math.round(commits / SECONDS);
}

const without = await run(false);
const withNotify = await run(true);
console.log(
  JSON.stringify(
    {
      loadAverage: loadavg().map((x) => Math.round(x * 100) / 100),
      clients: CLIENTS,
      seconds: SECONDS,
      commitsPerSecond: { withoutNotify: without, withNotify },
      ratio: Math.round((withNotify / without) * 100) / 100,
      notificationsHeard: heard,
    },
    null,
    2,
  ),
);
await setup.end();
await cluster.stop();
await stopAll();
process.exit(0);
