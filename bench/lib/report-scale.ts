// The report's sections of issue 18: memory and start, HTTP reads (wrk), join and cancel, live
// updates (fan-out and reconnect storm), nodes behind nginx. Each names its load generator and
// shows that generator's CPU next to the server's, so a saturated client is visible.
import type { BenchResults, Outcome } from './results';
import { mb } from './targets-scale';

export const table = (head: string[], rows: (string | number | null | undefined)[][]) =>
  [
    `| ${head.join(' | ')} |`,
    `| ${head.map(() => '---').join(' | ')} |`,
    ...rows.map(
      (r) => `| ${r.map((c) => (c === null || c === undefined ? '-' : c)).join(' | ')} |`,
    ),
  ].join('\n');

const pct = (x: number | null) => (x === null ? '-' : `${(x * 100).toFixed(1)} %`);
const cpu = (x: number | undefined) => (x === undefined ? '-' : `${x} %`);

function failed<T>(o: Outcome<T> | undefined, what: string, missing: string[]): string | null {
  if (o?.ok) return null;
  const why = !o ? `${what}: not run.` : `${what}: failed (${o.error}).`;
  missing.push(why);
  return why;
}

export const SERVER_NOTE = `Every server here is Jono started as a child process the way an
operator runs it (the compiled server, \`node server/dist/server.js\`, built once per run by
\`deploy/src/nodes.ts\`; \`NODE_ENV=production\`,
\`LOG_LEVEL=warn\`, fresh \`DATA_DIR\`, demo seed, \`TRUST_PROXY=true\`), on PGlite or on a
throwaway PostgreSQL 15 cluster (Debian's, loopback, default settings with fsync on). CPU columns
are % of one core over the measured run, read from /proc for each process group: "client" is
the load generator, "server" is Jono (all its processes). A client near 100 % means the figure
is the client's limit, not the server's.`;

export function renderFootprint(r: BenchResults, missing: string[]): string[] {
  const out = ['## Memory and start\n'];
  const why = failed(r.footprint, 'Memory and start', missing);
  if (why || !r.footprint?.ok) return [...out, why ?? ''];
  const f = r.footprint.value;
  out.push(`All five markets (\`MARKETS=fi,ee,no,dk,se\`). First start: empty database (migrations and
demo seed of every market); restart: the same data again. Memory: resident set (VmRSS) of the
server's processes after ${f.idleSeconds} s idle, in MB (10^6 bytes); on PostgreSQL it is Jono's
alone, the database server's own memory is not counted.\n`);
  out.push(
    table(
      [
        'database',
        'first start: healthy after',
        'idle memory',
        'restart: healthy after',
        'idle memory',
      ],
      f.backends.map((b) =>
        b.status !== 'ok'
          ? [b.backend, `${b.status}: ${b.note ?? ''}`, '', '', '']
          : [
              b.backend,
              `${b.firstStartSeconds} s`,
              b.firstIdleRssMiB === undefined ? '-' : `${mb(b.firstIdleRssMiB)} MB`,
              `${b.restartSeconds} s`,
              b.restartIdleRssMiB === undefined ? '-' : `${mb(b.restartIdleRssMiB)} MB`,
            ],
      ),
    ),
  );
  return out;
}

const range = (r: [number, number] | null | undefined) => (r ? `${pct(r[0])}-${pct(r[1])}` : '-');
const spread = (xs: (number | null)[]) =>
  range(
    xs.some((x) => x !== null)
      ? [
          Math.min(...xs.filter((x): x is number => x !== null)),
          Math.max(...xs.filter((x): x is number => x !== null)),
        ]
      : null,
  );

export function renderReads(r: BenchResults, missing: string[]): string[] {
  const out = ['## HTTP reads\n'];
  const why = failed(r.reads, 'HTTP reads', missing);
  if (why || !r.reads?.ok) return [...out, why ?? ''];
  const x = r.reads.value;
  out.push(`Load generator: ${x.tool}, ${x.threads} thread, ${x.connections} connections, ${x.warmupSec} s
warm-up (discarded) then ${x.durationSec} s measured per server, the three servers one after the
other, ${x.rounds ?? 1} round(s) per set (a set's ratios: the median of its rounds, with their
range), each path's figures over all its rounds below the sets (at least a minute of Jono per path:
the minute sweep and the answers' 30 s age-out land in them at their real rate). The page read is
of a shop taking orders with customers waiting in it (the number is in its name). Servers: Jono; a bare \`node:http\` server in its own process answering the same bytes
with the same headers Jono sent for them (security headers, ETag, Vary: byte for byte Jono's
answer but for the Date; \`bench/lib/bare-server.ts\`: the ceiling of any Node.js server); and nginx (Debian's, one worker) serving the same bytes as
static files, the gzip ones through \`gzip_static\`. "gzip" rows send \`Accept-Encoding: gzip\`;
the bytes are Jono's own gzip answer when it sends one (else gzip -9 made by the bench, and Jono's
row says what it sent). req/s is wrk's mean; latencies in ms; bytes per answer include headers.
"CPU per answer, node:http / Jono" is node:http's server CPU per answer over Jono's (100 %: the same cost): on
shared cores it swings far less than req/s.`);
  for (const b of x.backends) {
    out.push(`### ${b.backend}\n`);
    if (b.status !== 'ok') {
      out.push(`${b.status}: ${b.note ?? ''}`);
      missing.push(`HTTP reads on ${b.backend}: ${b.status} (${b.note ?? ''})`);
      continue;
    }
    const rows: (string | number)[][] = [];
    for (const s of b.sets) {
      for (const [k, run] of s.runs.entries()) {
        const f = run.figures;
        rows.push([
          k === 0 ? `**${s.name}, ${s.encoding}**` : '',
          run.server === 'Jono' && s.jonoEncoding !== s.encoding
            ? `Jono (sent ${s.jonoEncoding})`
            : run.server,
          f.reqPerSec,
          f.p50Ms,
          f.p99Ms,
          f.bytesPerResponse,
          f.errors,
          cpu(f.serverCpu),
          cpu(f.clientCpu),
          run.server === 'Jono' && k === s.runs.findIndex((x) => x.server === 'Jono')
            ? `${pct(s.vsBare)} / ${pct(s.vsNginx)}` +
              (s.rounds && s.rounds.length > 1
                ? ` (rounds ${spread(s.rounds.map((q) => q.vsBare))})`
                : '') +
              (s.cpuVsBare ? `; CPU per answer, node:http / Jono: ${pct(s.cpuVsBare)}` : '')
            : '',
        ]);
      }
    }
    out.push(
      table(
        [
          'request',
          'server',
          'req/s',
          'p50',
          'p99',
          'bytes/answer',
          'errors',
          'server CPU',
          'wrk CPU',
          'Jono / node:http / nginx',
        ],
        rows,
      ),
    );
    if (b.paths?.length) {
      out.push(
        table(
          [
            'path, all sets',
            'Jono measured',
            'Jono / node:http, req/s (rounds)',
            'Jono / nginx',
            'CPU per answer, µs: Jono / node:http / nginx',
            'node:http / Jono, CPU per answer (rounds)',
          ],
          b.paths.map((p) => [
            p.name,
            `${p.jonoSeconds} s`,
            `${pct(p.vsBare)} (${range(p.vsBareRange)})`,
            pct(p.vsNginx),
            `${p.cpuPerAnswerUs.Jono ?? '-'} / ${p.cpuPerAnswerUs['node:http'] ?? '-'} / ${p.cpuPerAnswerUs.nginx ?? '-'}`,
            `${pct(p.cpuVsBare)} (${range(p.cpuVsBareRange)})`,
          ]),
        ),
      );
    }
  }
  return out;
}

export function renderJoins(r: BenchResults, missing: string[]): string[] {
  const out = ['## Join and cancel\n'];
  const why = failed(r.joins, 'Join and cancel', missing);
  if (why || !r.joins?.ok) return [...out, why ?? ''];
  const j = r.joins.value;
  out.push(`Load generator: ${j.tool}. Each connection is one registered, logged-in customer who
POSTs \`/api/fi/customers/{id}/orders/\` (one service of a shop; customers spread over the shops
taking orders) and then PATCHes \`{"cancel":true}\` on the order it got, again and again, for
${j.durationSec} s. Cold: Jono restarted on the same data just before (healthy after the seconds
shown; like every start, it rehearsed joins in transactions that roll back before listening,
services/warm-up.ts), no request before the load; warm: the same process right after. Every join claims its own
\`X-Forwarded-For\` (Jono runs with \`TRUST_PROXY=true\`), so the per-address limit (20 orders a
minute) never refuses: the figure is the server's capacity. "join p99" is the POST alone; p50/p99
of all requests are autocannon's; timeouts are requests unanswered after 10 s. Active orders left
when a run stops are cancelled before the next.`);
  for (const b of j.backends) {
    out.push(`### ${b.backend}\n`);
    if (b.status !== 'ok') {
      out.push(`${b.status}: ${b.note ?? ''}`);
      missing.push(`Join and cancel on ${b.backend}: ${b.status} (${b.note ?? ''})`);
      continue;
    }
    const rows: (string | number | null | undefined)[][] = [];
    for (const p of b.points) {
      for (const [label, run] of [
        ['cold', p.cold],
        ['warm', p.warm],
      ] as const) {
        rows.push([
          label === 'cold' ? `**${p.customers}**` : '',
          label === 'cold' ? `${label} (restart ${p.restartSeconds} s)` : label,
          run.cyclesPerSec,
          run.joinP50Ms,
          run.joinP99Ms,
          run.figures?.p50Ms,
          run.figures?.p99Ms,
          run.figures?.timeouts,
          run.figures ? run.figures.errors - run.figures.timeouts : undefined,
          cpu(run.serverCpu),
          run.serverCpuMsPerCycle,
          cpu(run.clientCpu),
        ]);
      }
    }
    out.push(
      table(
        [
          'customers',
          'run',
          'cycles/s',
          'join p50',
          'join p99',
          'all p50',
          'all p99',
          'timeouts',
          'other errors',
          'server CPU',
          'server CPU ms/cycle',
          'client CPU',
        ],
        rows,
      ),
    );
  }
  return out;
}

export function renderFanout(r: BenchResults, missing: string[]): string[] {
  const out = ['## Live updates: fan-out and reconnect storm\n'];
  const why = failed(r.fanout, 'Fan-out', missing);
  if (why || !r.fanout?.ok) return [...out, why ?? ''];
  const f = r.fanout.value;
  out.push(`Load generator: ${f.workers} separate Node.js processes (\`bench/lib/stream-worker.ts\`, forked)
holding the streams on raw sockets (a request line and a search for \`data:\` per packet, no HTTP
library), each from its own loopback addresses. One Jono, market fi. Streams are opened 250 at a
time per worker and grown ${f.sizes.join(' → ')} on the same server; each must have its first
message before the measurement. The change: three of shop 1's orders are in its three chairs, and
a manager sets the chairs on duty (\`PATCH /api/fi/staff/shop/\`, 3 ↔ 4), which moves every
waiting customer's estimate, so every stream must get a new message. Times are from sending that
request to each stream's message (one clock: the machine's); 50/99/100 % are over all open
streams, "-" when not reached within 30 s. Shop streams: \`/pobs/1/events\`; order streams:
\`/customers/{id}/orders/{orderId}/events\` spread over the shop's waiting orders (one customer
each, many streams per order: an easier case than life's one stream per order, which
\`bench/busy-hour.ts\` measures); staff streams: \`/staff/events\` of shop 1. /healthz is polled
back to back meanwhile; "client CPU" is all workers together.`);
  for (const b of f.backends) {
    out.push(`### ${b.backend}\n`);
    if (b.status !== 'ok') {
      out.push(`${b.status}: ${b.note ?? ''}`);
      missing.push(`Fan-out on ${b.backend}: ${b.status} (${b.note ?? ''})`);
      continue;
    }
    out.push(`${b.orders} active orders in shop 1.\n`);
    out.push(
      table(
        [
          'streams',
          'kind',
          'open',
          'failed',
          '50 %',
          '99 %',
          '100 %',
          'missing',
          'longest /healthz',
          'server CPU',
          'client CPU',
          'server memory',
        ],
        b.points.map((p) => [
          p.streams,
          p.kind,
          p.opened,
          p.failed,
          p.p50Ms,
          p.p99Ms,
          p.p100Ms,
          p.missing,
          p.healthzMaxMs,
          cpu(p.serverCpu),
          cpu(p.clientCpu),
          `${mb(p.serverRssMiB)} MB`,
        ]),
      ),
    );
    if (b.storms.length > 0) {
      out.push(`\nReconnect storms: ${b.storms[0]?.clients} order-stream clients cut off together, as when a node
restarts. Each client opens its stream as the apps do: a stream ticket first (POST
/stream-ticket/ with its token), then the stream with \`?ticket=\`. "app back-off": each comes
back as the apps do (\`reconnectDelayMs\` of \`@jono/contract\`: 0.25 s plus a random part of 1 s,
doubling after a failed attempt, up to 6 attempts), times from the cut; "at once": every client connects in the same instant (the worst
case), times from its connect(). ms.\n`);
      out.push(
        table(
          [
            'storm',
            'clients',
            'first message',
            'retried',
            'failed',
            '50 %',
            '99 %',
            '100 %',
            'longest /healthz',
            'server CPU',
            'client CPU',
          ],
          b.storms.map((s) => {
            const errors = Object.entries(s.errors)
              .map(([k, v]) => `${k} x${v}`)
              .join(', ');
            return [
              s.mode,
              s.clients,
              s.ok,
              s.retried,
              s.failed + (errors ? ` (${errors})` : ''),
              s.p50Ms,
              s.p99Ms,
              s.p100Ms,
              s.healthzMaxMs,
              cpu(s.serverCpu),
              cpu(s.clientCpu),
            ];
          }),
        ),
      );
    }
  }
  return out;
}

export function renderNodes(r: BenchResults, missing: string[]): string[] {
  const out = ['## Nodes behind nginx\n'];
  const why = failed(r.nodes, 'Nodes behind nginx', missing);
  if (why || !r.nodes?.ok) return [...out, why ?? ''];
  const n = r.nodes.value;
  if (n.status !== 'ok') {
    missing.push(`Nodes behind nginx: ${n.status} (${n.note ?? ''})`);
    return [...out, `${n.status}: ${n.note ?? ''}`];
  }
  out.push(`One and then two Jono nodes on one PostgreSQL behind nginx with the shipped
\`deploy/nginx/jono.conf\` (one worker), started as \`npm run cluster\` starts them
(\`deploy/src/nginx.ts\`), except that nginx passes on the client's \`X-Forwarded-For\` here so
that one load generator can pose as many addresses. Shop list: wrk, 1 thread, 50 connections,
gzip, ${n.durationSec} s; join and cancel: ${n.customers} customers as above, ${n.durationSec} s
after a short warm-up. Both nodes share this machine's two cores with nginx, PostgreSQL and the
load generators, so the second node adds concurrency, not a core.\n`);
  out.push(
    table(
      [
        'nodes',
        'shop list req/s',
        'p99',
        'list: nodes CPU',
        'list: wrk CPU',
        'join/cancel cycles/s',
        'join p99',
        'all p99',
        'errors',
        'joins: nodes CPU',
        'joins: nginx CPU',
        'joins: autocannon CPU',
      ],
      n.points.map((p) => [
        p.nodes,
        p.shopList?.reqPerSec,
        p.shopList?.p99Ms,
        cpu(p.shopList?.serverCpu),
        cpu(p.shopList?.clientCpu),
        p.joinCancel?.cyclesPerSec,
        p.joinCancel?.joinP99Ms,
        p.joinCancel?.figures?.p99Ms,
        p.joinCancel?.figures?.errors,
        cpu(p.joinCancel?.serverCpu),
        cpu(p.nginxCpu),
        cpu(p.joinCancel?.clientCpu),
      ]),
    ),
  );
  return out;
}
