// Findings of the scale benchmarks (issue 18): each shows while its figure misses the target or
// the measurement itself is suspect (a load generator near its limit, busy cores).
import type { Finding } from './verdicts';
import type { BenchResults } from './results';
import { scaleTargetRows, TARGETS } from './targets-scale';

/** Every load-generator CPU reading at or above 90 % of a core, with where it was. */
function saturatedClients(r: BenchResults): string[] {
  const hits: string[] = [];
  const check = (where: string, value: number | undefined) => {
    if (value !== undefined && value >= 90) hits.push(`${where}: ${value} %`);
  };
  if (r.reads?.ok)
    for (const b of r.reads.value.backends)
      for (const s of b.sets)
        for (const run of s.runs)
          check(`wrk, ${b.backend} ${s.name} ${s.encoding} ${run.server}`, run.figures.clientCpu);
  if (r.joins?.ok)
    for (const b of r.joins.value.backends)
      for (const p of b.points) {
        check(`autocannon, ${b.backend} ${p.customers} customers cold`, p.cold.clientCpu);
        check(`autocannon, ${b.backend} ${p.customers} customers warm`, p.warm.clientCpu);
      }
  if (r.fanout?.ok) {
    // Several workers: each one's mean share of a core.
    const { workers } = r.fanout.value;
    for (const b of r.fanout.value.backends)
      for (const p of b.points)
        check(
          `each stream worker, ${b.backend} ${p.streams} ${p.kind}`,
          Math.round(p.clientCpu / workers),
        );
  }
  if (r.nodes?.ok)
    for (const p of r.nodes.value.points) {
      check(`wrk, ${p.nodes} node(s)`, p.shopList?.clientCpu);
      check(`autocannon, ${p.nodes} node(s)`, p.joinCancel?.clientCpu);
    }
  return hits;
}

const missed = (r: BenchResults, prefix: string) =>
  scaleTargetRows(r).filter((t) => t.figure.startsWith(prefix) && t.verdict === 'missed');

/** The highest one-minute load average at the start of any run whose figures the report shows. */
const mainLoad = (r: BenchResults): number =>
  Math.max(
    r.machine.loadAverageAtStart[0] ?? 0,
    ...(r.carried ?? []).map((c) => c.load?.start[0] ?? 0),
  );

const lines = (r: BenchResults, prefix: string) =>
  missed(r, prefix)
    .map((t) => `${t.figure}: ${t.measured} (target ${t.target})`)
    .join('; ');

export const SCALE_FINDINGS: Finding[] = [
  {
    title: 'A load generator was near its limit (owner: bench)',
    applies: (r) => saturatedClients(r).length > 0,
    body: (r) => `${saturatedClients(r).join('; ')}. Where the client used a whole core the figure
is a floor of what the server can do, not its limit: read that row with care.`,
  },
  {
    title: 'The shared cores were busy during the run (owner: none; read the ratios)',
    // A partial re-run (BENCH_ONLY) is judged by the load of the run most figures come from.
    applies: (r) => mainLoad(r) > r.machine.cpus * 1.5,
    body: (r) => `Load average ${mainLoad(r).toFixed(1)} at the start on ${r.machine.cpus}
cores: other builds and tests ran beside the bench, so servers got a part of a core (see the
server CPU columns) and absolute figures are low and noisy. Ratios measured side by side in one
run (Jono / node:http / nginx) are less affected than absolute req/s and latencies.`,
  },
  {
    title: 'Live updates miss their target (owner: server, services/sse.ts and the queue view)',
    applies: (r) =>
      missed(r, 'One change').length +
        missed(r, 'Longest /healthz').length +
        missed(r, '10,000 reconnecting').length >
      0,
    body: (r) => `${[
      lines(r, 'One change'),
      lines(r, 'Longest /healthz'),
      lines(r, '10,000 reconnecting'),
    ]
      .filter(Boolean)
      .join('; ')}. The target: one change reaches 99 % of ${TARGETS.fanoutStreams} order streams
in ${TARGETS.fanoutP99Ms} ms with /healthz never waiting over ${TARGETS.healthzMs} ms, and
${TARGETS.fanoutStreams} reconnecting clients all get a first message within 5 s. See the
fan-out table for the shop and staff streams and the server's CPU while the change went out.`,
  },
  {
    title: 'Joins miss their latency target (owner: server, services/queue-change.ts)',
    applies: (r) => missed(r, 'PostgreSQL,').length + missed(r, 'PGlite,').length > 0,
    body: (r) => `${[lines(r, 'PostgreSQL,'), lines(r, 'PGlite,')].filter(Boolean).join('; ')}.
See the join-and-cancel table for cold and warm runs and the server's CPU.

The load is a closed loop without think time: each customer sends the next request as soon as
the last is answered, so a request's latency is about customers / requests per second. Outside
daytime few shops take orders (the demo market's 24-hour shops), so the customers crowd into
two or three queues. Each shop's changes run one transaction at a time (the advisory lock); the
changes that arrive meanwhile share the next one (services/queue-change.ts: one lock, one read
of the queue, one estimate, one INSERT for the batch's joins, one commit for up to 32 changes),
which took PostgreSQL at 100 customers from about 140 to 450-520 join-and-cancel cycles a
second. The p99 of the same code moves between runs (100 customers warm: 152, 237, 208 ms in
three runs; 300: 458, 523, 500 ms): a batch that reloads a shop's history (kept for minutes) or
a garbage collection lands in the tail, and Node's one thread is about 90 % busy at 100
customers. Its profile: drizzle building SQL and mapping rows about 22 % (its \`is()\` checks
alone 8 %), socket writes (one per statement and per answer) about 19 %, the estimate about
15 %. What remains per change is a cancel's own UPDATE inside its shop's transaction, and the
reads outside it (the customer, the rate-limit counter, whether a rejoin is spent). On PGlite
the database runs in the same thread as the server; a cold start's first burst used to wait for
the JIT and cold caches (1.05-1.15 s at p99): the server now rehearses joins before listening
(services/warm-up.ts), 0.46 s in the last run.`,
  },
  {
    title: 'The shop list is below the node:http or nginx ratio (owner: server, routes/pobs)',
    applies: (r) => missed(r, 'Shop list').length > 0,
    body: (r) =>
      `${lines(r, 'Shop list')}. Measured with wrk against the same bytes in the same run.

Ready reads are answered before routing (server/src/lib/fast-reads.ts: a path match, the
content language, the ETag and encoding choice, one write with the route's headers); the
node:http server sends the same headers, so what remains is that per-request work. The ratio
moves by tens of points between runs on these shared cores: compare several runs.`,
  },
  {
    title: 'Memory or start time above target (owner: server, db/pglite.ts, services/warm-up.ts)',
    applies: (r) => missed(r, 'Idle memory').length + missed(r, 'Time to healthy').length > 0,
    body: (r) =>
      `${[lines(r, 'Idle memory'), lines(r, 'Time to healthy')].filter(Boolean).join('; ')}.

The resident set read once after 10 s idle moves by 10-20 MB between runs of the same code (V8's
young generation, the pages of Node's own binary it touched). What it holds: on PGlite the
buffer cache (PGLITE_SHARED_BUFFERS, 32MB) and the database's WebAssembly heap; on PostgreSQL
about 30 MB of live JavaScript, V8's reserve around it and Node's binary. The start includes
the join rehearsal (services/warm-up.ts, 0.2-0.4 s).`,
  },
];
