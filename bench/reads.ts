// HTTP reads measured with wrk: Jono's shop list and shop page against exactly Jono's answers
// (the same bytes and headers, issue 29) served by a bare node:http server (the ceiling of any
// Node.js server) and by nginx (static files, one per answer, with Jono's headers), for two
// Accept-Languages (fi, en) and three encodings (none, gzip, br), all in the same run; on PGlite
// and on PostgreSQL. Each set reports the bytes of each server's answer, headers included.
//
// What customers create: the page read is of a shop taking orders with READS_WAITING customers
// in its queue (joined through the API before the answers are taken), so the minute sweep and
// the answers' age-out (every 30 s) do the work they do in a shop with a queue. A set is
// ROUNDS rounds, each server in turn for the run's seconds: its figures are the median of the
// rounds with their spread, and each path's figures over all its sets' rounds (at least a
// minute of Jono per path and database) take the sweep and the age-outs at their real rate.
// CPU per answer (each server's process CPU over its answers) is reported beside req/s: on
// shared cores it swings far less.
import { writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { customers, join as joinShop, MARKET, orderBodies } from './lib/api-client';
import { median } from './lib/stats';
import { startJono, type JonoServer } from './lib/jono-server';
import { startNginxVariants, type Variant } from './lib/nginx';
import { parseOptions, type BenchOptions } from './lib/options';
import { BENCH_DIR, logFile, PORT_BASE, tempDir } from './lib/paths';
import { onEachDatabase, type Backend } from './lib/postgres';
import { freePort, startProcess, stopAll, stopAllOnExit, waitForHttp } from './lib/processes';
import { wrk, wrkInstalled, type WrkFigures } from './lib/wrk';

export type Encoding = 'identity' | 'gzip' | 'br';

/** The two Accept-Languages read: the market's own and English. */
const LANGUAGES: [lang: 'fi' | 'en', header: string][] = [
  ['fi', 'fi-FI,fi;q=0.9'],
  ['en', 'en-GB,en;q=0.9'],
];
const ENCODINGS: Encoding[] = ['identity', 'gzip', 'br'];

export interface ReadRun {
  server: 'Jono' | 'node:http' | 'nginx';
  /** The round (1..ROUNDS) of the set this run belongs to. */
  round?: number;
  figures: WrkFigures;
}

/** One round's ratios: Jono over node:http and nginx (req/s), and node:http's CPU per answer over Jono's. */
export interface RoundRatios {
  vsBare: number | null;
  vsNginx: number | null;
  cpuVsBare: number | null;
}

/** A path's figures over all its sets' rounds (every language and encoding). */
export interface PathSummary {
  name: string;
  path: string;
  /** Seconds Jono was measured on this path. */
  jonoSeconds: number;
  /** Answers per second over all the rounds, Jono over node:http and over nginx. */
  vsBare: number | null;
  vsNginx: number | null;
  /** Server CPU per answer over all the rounds, microseconds. */
  cpuPerAnswerUs: Record<string, number | null>;
  /** node:http's CPU per answer over Jono's. */
  cpuVsBare: number | null;
  /** Per-round ratios' lowest and highest. */
  vsBareRange: [number, number] | null;
  cpuVsBareRange: [number, number] | null;
}

export interface ReadSet {
  name: string;
  path: string;
  encoding: Encoding;
  /** The Accept-Language sent (fi or en). */
  language?: string;
  /** Body bytes each server sent (Jono's own encoding may differ from the one asked for). */
  bodyBytes: number;
  /** Each server's answer, headers and body, in bytes (as close as nginx's own headers allow). */
  answerBytes?: Record<string, number>;
  jonoEncoding: string;
  runs: ReadRun[];
  /** Jono req/s over node:http's and over nginx's: the median of the rounds. */
  vsBare: number | null;
  vsNginx: number | null;
  /** Each round's ratios (the spread of the medians above). */
  rounds?: RoundRatios[];
  /**
   * node:http's server CPU per answer over Jono's (1: Jono's answer costs what node:http's does).
   * On shared cores req/s swings with the neighbours' load; the CPU each answer cost its server
   * swings far less, and is what an idle machine's req/s ratio would follow.
   */
  cpuVsBare?: number | null;
}

export interface ReadsBackend {
  backend: Backend;
  status: 'ok' | 'skipped' | 'failed';
  note?: string;
  /** The shop whose page is read, and the customers waiting in it during the runs. */
  pageShop?: number;
  waiting?: number;
  sets: ReadSet[];
  paths?: PathSummary[];
}

export interface ReadsResult {
  tool: string;
  threads: number;
  connections: number;
  durationSec: number;
  warmupSec: number;
  /** Rounds per set (each server in turn). */
  rounds: number;
  backends: ReadsBackend[];
}

interface Raw {
  status: number;
  encoding: string;
  body: Buffer;
  /** Name-value pairs, without those node:http writes itself. */
  headers: string[];
  /** Every name-value pair received. */
  allHeaders: string[];
}

function rawGet(url: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          encoding: String(res.headers['content-encoding'] ?? 'identity'),
          body: Buffer.concat(chunks),
          headers: apiHeadersOf(res.rawHeaders),
          allHeaders: res.rawHeaders,
        }),
      );
    })
      .on('error', reject)
      .end();
  });
}

/** Header name-value pairs of an answer, without those node:http writes itself. */
function apiHeadersOf(raw: string[]): string[] {
  const own = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
  const out: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i] ?? '';
    if (!own.has(name.toLowerCase())) out.push(name, raw[i + 1] ?? '');
  }
  return out;
}

const THREADS = 1;
const CONNECTIONS = 50;

/** An answer's size: status line, headers and body, as sent. */
function answerBytes(raw: Raw): number {
  let n = 'HTTP/1.1 200 OK\r\n'.length + 2 + raw.body.length;
  for (let i = 0; i + 1 < raw.allHeaders.length; i += 2) {
    n += (raw.allHeaders[i] ?? '').length + 2 + (raw.allHeaders[i + 1] ?? '').length + 2;
  }
  return n;
}

/** Customers waiting in the page's shop while it is read (READS_WAITING; --quick: 5). */
const waitingOf = (opts: BenchOptions) =>
  Number(process.env.READS_WAITING ?? (opts.quick ? 5 : 20));
/** Rounds per set (READS_ROUNDS; --quick: 1). */
const roundsOf = (opts: BenchOptions) => Number(process.env.READS_ROUNDS ?? (opts.quick ? 1 : 3));
const durationOf = (opts: BenchOptions) => (opts.quick ? 3 : 5);
const WARMUP_SEC = 1;

/** The shop whose page is read: shop 1 if it takes orders now, else the first that does. */
async function queueUp(url: string, waiting: number): Promise<{ shop: number; waiting: number }> {
  const bodies = await orderBodies(url);
  const shop = bodies.has(1) ? 1 : ([...bodies.keys()][0] ?? 1);
  const body = bodies.get(shop);
  if (!body || waiting <= 0) return { shop, waiting: 0 };
  let joined = 0;
  for (const c of await customers(url, waiting)) {
    await joinShop(url, c, body);
    joined += 1;
  }
  return { shop, waiting: joined };
}

type Server = ReadRun['server'];

const ratio = (a: number | null, b: number | null) => (a && b ? a / b : null);
const range = (xs: (number | null)[]): [number, number] | null => {
  const v = xs.filter((x): x is number => x !== null);
  return v.length ? [Math.min(...v), Math.max(...v)] : null;
};

/** Answers per second and CPU seconds per answer of `server` over `runs`. */
function totals(runs: readonly ReadRun[], server: Server, seconds: number) {
  const mine = runs.filter((r) => r.server === server);
  const answers = mine.reduce((t, r) => t + r.figures.requests, 0);
  // serverCpu is % of one core over the run: CPU seconds = % / 100 * seconds.
  const cpu = mine.reduce((t, r) => t + (r.figures.serverCpu / 100) * seconds, 0);
  return {
    perSec: mine.length ? answers / (mine.length * seconds) : null,
    cpuPerAnswer: answers > 0 && cpu > 0 ? cpu / answers : null,
  };
}

function roundRatios(runs: readonly ReadRun[], seconds: number): RoundRatios {
  const [jono, bare, nginx] = (['Jono', 'node:http', 'nginx'] as const).map((s) =>
    totals(runs, s, seconds),
  );
  return {
    vsBare: ratio(jono?.perSec ?? null, bare?.perSec ?? null),
    vsNginx: ratio(jono?.perSec ?? null, nginx?.perSec ?? null),
    cpuVsBare: ratio(bare?.cpuPerAnswer ?? null, jono?.cpuPerAnswer ?? null),
  };
}

const medianOf = (xs: (number | null)[]) => {
  const v = xs.filter((x): x is number => x !== null);
  return v.length ? median(v) : null;
};

async function measureBackend(
  jono: JonoServer,
  opts: BenchOptions,
): Promise<Pick<ReadsBackend, 'sets' | 'paths' | 'pageShop' | 'waiting'>> {
  const listPath = `/api/${MARKET}/pobs/`;
  const queue = await queueUp(jono.url, waitingOf(opts));
  const shopPath = `/api/${MARKET}/pobs/${queue.shop}/`;
  // Jono's answers, per path, language and encoding: the other two servers answer exactly these.
  const requestHeaders = (language: string, encoding: Encoding): Record<string, string> => ({
    'accept-language': language,
    ...(encoding === 'identity' ? {} : { 'accept-encoding': encoding }),
  });
  const variants: Record<string, Variant> = {};
  const sent = new Map<string, string>();
  for (const path of [listPath, shopPath]) {
    for (const [lang, header] of LANGUAGES) {
      for (const encoding of ENCODINGS) {
        const raw = await rawGet(jono.url + path, requestHeaders(header, encoding));
        variants[`${path}|${lang}|${encoding}`] = { body: raw.body, headers: raw.headers };
        sent.set(`${path}|${lang}|${encoding}`, raw.encoding);
      }
    }
  }
  const nginx = await startNginxVariants(variants);
  const dir = tempDir('bare');
  const filesJson = join(dir, 'variants.json');
  writeFileSync(
    filesJson,
    JSON.stringify(
      Object.fromEntries(
        Object.entries(variants).map(([k, v]) => [
          k,
          { body: v.body.toString('base64'), headers: v.headers },
        ]),
      ),
    ),
  );
  const barePort = await freePort(PORT_BASE + 25);
  const bare = startProcess(
    'bare-node',
    process.execPath,
    ['--import', 'tsx', join(BENCH_DIR, 'lib', 'bare-server.ts'), String(barePort), filesJson],
    { cwd: BENCH_DIR, logFile: logFile('bare-node') },
  );
  const bareUrl = `http://127.0.0.1:${barePort}`;
  await waitForHttp(bareUrl + listPath, bare, 30_000);
  const servers = [
    { server: 'nginx' as const, url: nginx.url, pgid: nginx.pgid },
    { server: 'node:http' as const, url: bareUrl, pgid: bare.child.pid },
    { server: 'Jono' as const, url: jono.url, pgid: jono.pgid },
  ];
  const duration = durationOf(opts);
  const rounds = roundsOf(opts);
  try {
    const sets: ReadSet[] = [];
    const paths: PathSummary[] = [];
    for (const [name, path] of [
      ['GET /pobs/ (shop list)', listPath],
      [`GET /pobs/${queue.shop}/ (shop page, ${queue.waiting} waiting)`, shopPath],
    ] as const) {
      const pathRuns: ReadRun[] = [];
      const pathRounds: RoundRatios[] = [];
      for (const [lang, header] of LANGUAGES) {
        for (const encoding of ENCODINGS) {
          const headers = requestHeaders(header, encoding);
          const runs: ReadRun[] = [];
          const sizes: Record<string, number> = {};
          const ratios: RoundRatios[] = [];
          // Each server in turn, round after round: a neighbour's burst or Jono's periodic work
          // lands in one round, and the median and spread show it.
          for (let round = 1; round <= rounds; round++) {
            const these: ReadRun[] = [];
            for (const s of servers) {
              const run = {
                url: s.url + path,
                headers,
                connections: CONNECTIONS,
                threads: THREADS,
                serverPgids: s.pgid ? [s.pgid] : [],
              };
              if (round === 1) {
                sizes[s.server] = answerBytes(await rawGet(s.url + path, headers));
                await wrk({ ...run, durationSec: WARMUP_SEC });
              }
              these.push({
                server: s.server,
                round,
                figures: await wrk({ ...run, durationSec: duration }),
              });
            }
            runs.push(...these);
            ratios.push(roundRatios(these, duration));
          }
          const all = roundRatios(runs, duration);
          const key = `${path}|${lang}|${encoding}`;
          sets.push({
            name,
            path,
            encoding,
            language: lang,
            bodyBytes: variants[key]?.body.length ?? 0,
            answerBytes: sizes,
            jonoEncoding: sent.get(key) ?? '?',
            runs,
            vsBare: medianOf(ratios.map((r) => r.vsBare)),
            vsNginx: medianOf(ratios.map((r) => r.vsNginx)),
            rounds: ratios,
            cpuVsBare: rounds > 1 ? medianOf(ratios.map((r) => r.cpuVsBare)) : all.cpuVsBare,
          });
          pathRuns.push(...runs);
          pathRounds.push(...ratios);
        }
      }
      const over = roundRatios(pathRuns, duration);
      const us = (server: Server) => {
        const c = totals(pathRuns, server, duration).cpuPerAnswer;
        return c === null ? null : Math.round(c * 1e7) / 10;
      };
      paths.push({
        name,
        path,
        jonoSeconds: pathRuns.filter((r) => r.server === 'Jono').length * duration,
        vsBare: over.vsBare,
        vsNginx: over.vsNginx,
        cpuPerAnswerUs: { Jono: us('Jono'), 'node:http': us('node:http'), nginx: us('nginx') },
        cpuVsBare: over.cpuVsBare,
        vsBareRange: range(pathRounds.map((r) => r.vsBare)),
        cpuVsBareRange: range(pathRounds.map((r) => r.cpuVsBare)),
      });
    }
    return { sets, paths, pageShop: queue.shop, waiting: queue.waiting };
  } finally {
    await nginx.stop();
    await bare.stop();
  }
}

async function runBackend(
  backend: ReadsBackend['backend'],
  opts: BenchOptions,
  databaseUrl?: string,
): Promise<ReadsBackend> {
  const jono = await startJono({ name: `reads-${backend.toLowerCase()}`, databaseUrl });
  try {
    return { backend, status: 'ok', ...(await measureBackend(jono, opts)) };
  } finally {
    await jono.stop();
  }
}

export async function runReads(opts: BenchOptions): Promise<ReadsResult> {
  if (!wrkInstalled()) throw new Error('wrk is not installed (apt-get install wrk)');
  // READS_BACKENDS=PostgreSQL narrows a run to one database (the other keeps no figures).
  const order = (
    process.env.READS_BACKENDS?.split(',').map((s) => s.trim()) ?? ['PGlite', 'PostgreSQL']
  ).filter((b): b is Backend => b === 'PGlite' || b === 'PostgreSQL');
  const backends = await onEachDatabase(
    order,
    (backend, url) => runBackend(backend, opts, url),
    (backend, status, note): ReadsBackend => ({ backend, status, note, sets: [] }),
  );
  return {
    tool: 'wrk 4.1.0 (Debian)',
    threads: THREADS,
    connections: CONNECTIONS,
    durationSec: durationOf(opts),
    warmupSec: WARMUP_SEC,
    rounds: roundsOf(opts),
    backends,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  stopAllOnExit();
  const result = await runReads(parseOptions(process.argv.slice(2)));
  console.log(JSON.stringify(result, null, 2));
  await stopAll();
}
