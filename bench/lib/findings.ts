// Diagnoses of the targets missed, from profiling, with the fix proposed to each code owner.
// A finding shows while its figure misses the target, so the report drops it once fixed.
import type { BenchResults } from './results';
import type { Finding } from './verdicts';
import { SCALE_FINDINGS } from './findings-scale';
import { ACCURACY_FINDINGS } from './report-accuracy';
import { HOME_JS_BUDGET, LINEAR_RATIO } from './targets';

export type { Finding } from './verdicts';

const FINDINGS: Finding[] = [
  {
    title: 'The server sends JavaScript and CSS uncompressed (owner: server)',
    applies: (r) =>
      r.web?.ok === true && r.web.value.pages.some((p) => p.encoding.includes('none')),
    body: (r) => {
      const home = r.web?.ok ? r.web.value.pages.find((p) => p.path === '/home') : undefined;
      const raw = home ? `${(home.jsRawBytes / 1000).toFixed(0)} kB` : 'every byte';
      const gz = home ? `${(home.jsGzipBytes / 1000).toFixed(0)} kB` : 'a third';
      return `Scripts arrive with no \`content-encoding\`: /home downloads ${raw} of JavaScript where
gzip would send ${gz}. Under Lighthouse's mobile throttling (slow 4G) this alone costs seconds of
FCP/LCP and is the largest part of the missed performance score.

**Proposed fix** (server/src/plugins/static.ts): serve precompressed files with
\`@fastify/static\`'s \`preCompressed: true\` and write \`.br\`/\`.gz\` next to each asset at build
time (apps/web: a small post-build step with node:zlib, or vite-plugin-compression), so no CPU is
spent per request; or register \`@fastify/compress\` for text types. Keep the immutable
cache-control already set on /assets/.`;
    },
  },
  {
    title: '/home loads more JavaScript than its budget (owner: apps/web)',
    applies: (r) =>
      r.web?.ok === true &&
      (r.web.value.pages.find((p) => p.path === '/home')?.jsGzipBytes ?? 0) > HOME_JS_BUDGET,
    body: (r) => {
      const home = r.web?.ok ? r.web.value.pages.find((p) => p.path === '/home') : undefined;
      const largest = (home?.largest ?? [])
        .map((f) => `\`${f.file}\` ${(f.gzipBytes / 1000).toFixed(1)} kB`)
        .join(', ');
      return `/home loads ${home?.jsFiles ?? '?'} scripts, ${((home?.jsGzipBytes ?? 0) / 1000).toFixed(1)} kB gzip;
the heaviest: ${largest}. Decision 006 (docs/decisions/006-first-screen-javascript-budget.md)
lists what already came off: react-i18next, zustand's persist middleware, translations as
JavaScript, barrel leaks into the first-screen chunk. What remains is the libraries the stack
names: react-dom about 64 kB, React Router about 12 kB, i18next about 13 kB, TanStack Query about
11 kB.

**What is left**: look for what the last change added to the first-screen chunk (a static import
of a screen only some visits need belongs behind \`lazy\`). The next library step, per decision 006,
is a small \`t()\` of our own over the same JSON files instead of i18next (about 13 kB).

Budget: ${(HOME_JS_BUDGET / 1000).toFixed(0)} kB.`;
    },
  },
  {
    title: 'Lighthouse performance below 95 (owner: server and apps/web)',
    applies: (r) =>
      r.lighthouse?.ok === true &&
      r.lighthouse.value.pages.some((p) => p.performance !== null && p.performance < 95),
    body: (r) => {
      const pages = r.lighthouse?.ok ? r.lighthouse.value.pages : [];
      const lines = pages
        .map(
          (p) =>
            `${p.path}: FCP ${fmtMs(p.metrics.fcpMs)}, LCP ${fmtMs(p.metrics.lcpMs)}, TBT ${fmtMs(p.metrics.tbtMs)}, CLS ${p.metrics.cls ?? '-'}`,
        )
        .join('; ');
      return `${lines}. Scripts, styles and translations arrive brotli-compressed and the first
screen is within its budget; what remains on a page below 95 is Total Blocking Time: evaluating
its JavaScript on the reference CPU (bench/lighthouse.ts: 4x a machine of benchmarkIndex 1,100). A shop page opened directly loads ten scripts,
about 10 kB gzip more than /home, the later ones found only after the first has run. Scores
move by 5-10 between runs on these shared cores (the last column of the Lighthouse table). Next
step: preload the shop page's chunks from index.html when the path is a shop's.`;
    },
  },
  {
    title: 'Estimate recomputation grows faster than linearly (owner: packages/queue)',
    applies: (r) =>
      r.engine?.ok === true &&
      [...r.engine.value.queue, ...r.engine.value.shops].some(
        (p) => p.ratio !== null && p.ratio > LINEAR_RATIO,
      ),
    body: () => `Profile of \`estimateQueue\` on a 1000-order queue: 44 % of the time is
\`higherPriorityLoad\` (packages/queue/src/arrivals-ahead.ts), called from \`segments()\` inside
\`withArrivals\` for every waiting order: each call filters and sorts \`arrivalsAhead\` again and
recomputes the load of every forecast segment (with \`typicalMinutes\` each time), although it
depends only on the state and the priority. In list-schedule.ts, \`assignChairs\` removes the
next customer with \`pending.splice(next, 1)\`, which is O(n) per customer, so O(n^2) over a
long queue (and it runs once for the queue and once more per priority level in
\`newOrderStart\`).

**Proposed fix** (packages/queue): in \`estimateQueue\`, compute the segments once per priority
level (at most 4) and pass them to \`withArrivals\` (e.g. \`withArrivals(state, priority, waitMs,
segmentsOf(priority))\` with a small Map memo); in \`assignChairs\`, keep a head index and mark
taken entries instead of splicing (the usual case is that the head is ready). Both keep results
identical, which the existing property tests check.`,
  },
];

const fmtMs = (ms: number | null | undefined) =>
  ms === null || ms === undefined ? '-' : `${(ms / 1000).toFixed(1)} s`;

export function findings(r: BenchResults): { title: string; body: string }[] {
  return [...FINDINGS, ...ACCURACY_FINDINGS, ...SCALE_FINDINGS]
    .filter((f) => f.applies(r))
    .map((f) => ({ title: f.title, body: f.body(r) }));
}
