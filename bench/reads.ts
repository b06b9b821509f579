// HTTP reads measured with wrk: Jono's shop list and shop page against exactly Jono's answers
// (the same bytes and headers, issue 29) served by a bare node:http server (the ceiling of any
// Node.js server) and by nginx (static files, one per answer, with Jono's headers), for two
// Accept-Languages (fi, en) and three encodings (none, gzip, br), all in the same run; on PGlite
// and on PostgreSQL. Each set reports the bytes of each server's answer, headers included.
import { writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { MARKET } from './lib/api-client';
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
  figures: WrkFigures;
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
  /** Jono req/s over node:http's and over nginx's. */
  vsBare: number | null;
  vsNginx: number | null;
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
  sets: ReadSet[];
}

export interface ReadsResult {
  tool: string;
  threads: number;
  connections: number;
  durationSec: number;
  warmupSec: number;
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

async function measureBackend(jono: JonoServer, opts: BenchOptions): Promise<ReadSet[]> {
  const listPath = `/api/${MARKET}/pobs/`;
  const shops = JSON.parse((await rawGet(jono.url + listPath)).body.toString()) as { id: number }[];
  const shopPath = `/api/${MARKET}/pobs/${shops.some((s) => s.id === 1) ? 1 : (shops[0]?.id ?? 1)}/`;
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
  const warmup = 1;
  const duration = opts.quick ? 3 : 5;
  try {
    const sets: ReadSet[] = [];
    for (const [name, path] of [
      ['GET /pobs/ (shop list)', listPath],
      ['GET /pobs/1/ (shop page)', shopPath],
    ] as const) {
      for (const [lang, header] of LANGUAGES) {
        for (const encoding of ENCODINGS) {
          const headers = requestHeaders(header, encoding);
          const runs: ReadRun[] = [];
          const sizes: Record<string, number> = {};
          for (const s of servers) {
            sizes[s.server] = answerBytes(await rawGet(s.url + path, headers));
            const run = {
              url: s.url + path,
              headers,
              connections: CONNECTIONS,
              threads: THREADS,
              serverPgids: s.pgid ? [s.pgid] : [],
            };
            await wrk({ ...run, durationSec: warmup });
            runs.push({ server: s.server, figures: await wrk({ ...run, durationSec: duration }) });
          }
          const rps = (server: ReadRun['server']) =>
            runs.find((r) => r.server === server)?.figures.reqPerSec ?? 0;
          const cpuPerAnswer = (server: ReadRun['server']) => {
            const f = runs.find((r) => r.server === server)?.figures;
            return f && f.requests > 0 && f.serverCpu > 0 ? f.serverCpu / f.requests : null;
          };
          const jonoCpu = cpuPerAnswer('Jono');
          const bareCpu = cpuPerAnswer('node:http');
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
            vsBare: rps('node:http') > 0 ? rps('Jono') / rps('node:http') : null,
            vsNginx: rps('nginx') > 0 ? rps('Jono') / rps('nginx') : null,
            cpuVsBare: jonoCpu && bareCpu ? bareCpu / jonoCpu : null,
          });
        }
      }
    }
    return sets;
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
    return { backend, status: 'ok', sets: await measureBackend(jono, opts) };
  } finally {
    await jono.stop();
  }
}

export async function runReads(opts: BenchOptions): Promise<ReadsResult> {
  if (!wrkInstalled()) throw new Error('wrk is not installed (apt-get install wrk)');
  const backends = await onEachDatabase(
    ['PGlite', 'PostgreSQL'],
    (backend, url) => runBackend(backend, opts, url),
    (backend, status, note): ReadsBackend => ({ backend, status, note, sets: [] }),
  );
  return {
    tool: 'wrk 4.1.0 (Debian)',
    threads: THREADS,
    connections: CONNECTIONS,
    durationSec: opts.quick ? 3 : 5,
    warmupSec: 1,
    backends,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  stopAllOnExit();
  const result = await runReads(parseOptions(process.argv.slice(2)));
  console.log(JSON.stringify(result, null, 2));
  await stopAll();
}
