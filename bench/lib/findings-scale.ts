// Findings of the scale benchmarks (issue 18): each shows while its figure misses the target or
// the measurement itself is suspect (a load generator near its limit, busy cores).
import type { Finding } from './findings';
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
the last is answered, so a request's latency is about customers / requests per second. The
server's one Node.js thread is busy the whole run (server CPU about 100 %) at roughly 120
join-and-cancel cycles a second on PostgreSQL, some 4 ms of CPU per request. A CPU profile
(\`BENCH_CPU_PROF=dir BENCH_ONLY=joins\`) shows no single hot spot left: drizzle building the
SQL of the statements (about 16 % of the samples, a fifth of it its \`is()\` checks), the pg
protocol and socket writes, routing and zod validation, and the shop's Monte Carlo estimate after
each change (changes in a burst share one recomputation; \`sampleWaits\` about 4 %). The local
day and hour of tickets and once-a-day rules had cost 6 % (a new Intl formatter per call) and
now use the per-quarter-hour offset cache. On PGlite the database runs in the same thread, one
statement at a time: a cold start's first burst of 100 joins is served one after another, so
its last answer comes after all of them (cold p99 about 1.8 s, warm about 1 s). The p99 targets at 100 and 300 customers need three to five times the
requests per second of one thread: a node per core (\`npm run cluster -- --nodes N\` on
PostgreSQL; the Nodes table shows two nodes on this machine, which share its two cores with
PostgreSQL and the load generator, so they add concurrency, not a core).`,
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
    title: 'Memory or start time above target (owner: server, db/client.ts)',
    applies: (r) => missed(r, 'Idle memory').length + missed(r, 'Time to healthy').length > 0,
    body: (r) =>
      `${[lines(r, 'Idle memory'), lines(r, 'Time to healthy')].filter(Boolean).join('; ')}.`,
  },
];
