// HTTP reads measured with wrk: Jono's shop list and shop page against the same bytes served by
// a bare node:http server (the ceiling of any Node.js server) and by nginx (static files,
// gzip_static), plain and gzip, all in the same run; on PGlite and on PostgreSQL.
import { writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { MARKET } from './lib/api-client';
import { startJono, type JonoServer } from './lib/jono-server';
import { startNginx } from './lib/nginx';
import { parseOptions, type BenchOptions } from './lib/options';
import { BENCH_DIR, logFile, PORT_BASE, tempDir } from './lib/paths';
import { onEachDatabase, type Backend } from './lib/postgres';
import { freePort, startProcess, stopAll, stopAllOnExit, waitForHttp } from './lib/processes';
import { wrk, wrkInstalled, type WrkFigures } from './lib/wrk';

export type Encoding = 'identity' | 'gzip';

export interface ReadRun {
  server: 'Jono' | 'node:http' | 'nginx';
  figures: WrkFigures;
}

export interface ReadSet {
  name: string;
  path: string;
  encoding: Encoding;
  /** Body bytes each server sent (Jono's own encoding may differ from the one asked for). */
  bodyBytes: number;
  jonoEncoding: string;
  runs: ReadRun[];
  /** Jono req/s over node:http's and over nginx's. */
  vsBare: number | null;
  vsNginx: number | null;
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

async function measureBackend(jono: JonoServer, opts: BenchOptions): Promise<ReadSet[]> {
  const listPath = `/api/${MARKET}/pobs/`;
  const shops = JSON.parse((await rawGet(jono.url + listPath)).body.toString()) as { id: number }[];
  const shopPath = `/api/${MARKET}/pobs/${shops.some((s) => s.id === 1) ? 1 : (shops[0]?.id ?? 1)}/`;
  // The bytes Jono answers, plain and to a client that accepts gzip; the other two servers
  // answer exactly these (gzip made here at level 9 if Jono sent none). node:http also sends
  // Jono's headers (security headers, ETag, Vary...), so the two answers are byte for byte alike
  // but for the Date; nginx sends its own.
  const files: Record<
    string,
    {
      identity: Buffer;
      gzip: Buffer;
      jonoGzip: string;
      identityHeaders: string[];
      gzipHeaders: string[];
    }
  > = {};
  for (const path of [listPath, shopPath]) {
    const plain = await rawGet(jono.url + path);
    const zipped = await rawGet(jono.url + path, { 'accept-encoding': 'gzip' });
    if (plain.status !== 200) throw new Error(`GET ${path}: ${plain.status}`);
    files[path] = {
      identity: plain.body,
      gzip: zipped.encoding === 'gzip' ? zipped.body : gzipSync(plain.body, { level: 9 }),
      jonoGzip: zipped.encoding,
      identityHeaders: plain.headers,
      gzipHeaders:
        zipped.encoding === 'gzip'
          ? zipped.headers
          : [...plain.headers, 'content-encoding', 'gzip'],
    };
  }
  const nginx = await startNginx(files);
  const dir = tempDir('bare');
  const filesJson = join(dir, 'files.json');
  writeFileSync(
    filesJson,
    JSON.stringify(
      Object.fromEntries(
        Object.entries(files).map(([p, f]) => [
          p,
          {
            identity: f.identity.toString('base64'),
            gzip: f.gzip.toString('base64'),
            identityHeaders: f.identityHeaders,
            gzipHeaders: f.gzipHeaders,
          },
        ]),
      ),
    ),
  );
  const barePort = await freePort(PORT_BASE + 25);
  const bare = startProcess(
    'bare',
    process.execPath,
    ['--import', 'tsx', join(BENCH_DIR, 'lib', 'bare-server.ts'), String(barePort), filesJson],
    { logFile: logFile('bare'), cwd: BENCH_DIR },
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
    const plan: [string, string, Encoding][] = [
      ['GET /pobs/ (shop list)', listPath, 'identity'],
      ['GET /pobs/ (shop list)', listPath, 'gzip'],
      ['GET /pobs/1/ (shop page)', shopPath, 'gzip'],
    ];
    for (const [name, path, encoding] of plan) {
      const headers: Record<string, string> =
        encoding === 'gzip' ? { 'Accept-Encoding': 'gzip' } : {};
      const runs: ReadRun[] = [];
      for (const s of servers) {
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
      const f = files[path];
      sets.push({
        name,
        path,
        encoding,
        bodyBytes: (encoding === 'gzip' ? f?.gzip : f?.identity)?.length ?? 0,
        jonoEncoding: encoding === 'gzip' ? (f?.jonoGzip ?? '?') : 'identity',
        runs,
        vsBare: rps('node:http') > 0 ? rps('Jono') / rps('node:http') : null,
        vsNginx: rps('nginx') > 0 ? rps('Jono') / rps('nginx') : null,
      });
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
