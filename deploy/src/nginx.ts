// nginx as the balancer of this machine's nodes: deploy/nginx/jono.conf (the file an operator
// installs) with this run's nodes and address, in a main configuration of its own in a temporary
// directory, run as a child process (not a daemon).
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sleep, spawnChild, waitForHttp, type Child } from './processes';

/** nginx's worker processes under `master`, and whether each is finishing after a reload. */
function workers(master: number): { pid: number; shuttingDown: boolean }[] {
  const ps = spawnSync('ps', ['-o', 'pid=,args=', '--ppid', String(master)], { encoding: 'utf8' });
  return ps.stdout
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(.*)$/.exec(line))
    .flatMap((m) =>
      m?.[2]?.includes('worker process')
        ? [{ pid: Number(m[1]), shuttingDown: m[2].includes('shutting down') }]
        : [],
    );
}

export const NGINX_BIN = '/usr/sbin/nginx';
export const SITE_CONF = resolve(import.meta.dirname, '../nginx/jono.conf');

export const nginxInstalled = () => existsSync(NGINX_BIN);

/**
 * The shipped site configuration with `nodes` ("host:port") as the upstream and `listen`.
 * `passClientForwardedFor`: for load generators only (one address posing as many clients):
 * nginx passes on the X-Forwarded-For the client sent instead of overwriting it. Never in
 * production: clients could then choose their own address.
 */
export function renderSite(
  nodes: string[],
  listen: string,
  passClientForwardedFor = false,
  /** Where this run's access log goes (the shipped path needs /var/log/nginx). */
  accessLog = '/dev/null',
  /** Nodes marked `down`: nginx sends them nothing (a rolling restart drains one at a time). */
  down: readonly string[] = [],
): string {
  const shipped = readFileSync(SITE_CONF, 'utf8');
  const serverLine = /^(\s*)server 127\.0\.0\.1:\d+ (.*);$/gm;
  const lines = [...shipped.matchAll(serverLine)];
  const first = lines[0];
  if (!first || nodes.length === 0) throw new Error(`${SITE_CONF}: no upstream server line`);
  const [, indent, params] = first;
  const upstream = nodes
    .map((n) => `${indent}server ${n} ${params}${down.includes(n) ? ' down' : ''};`)
    .join('\n');
  let placed = false;
  const withNodes = shipped.replace(serverLine, () => {
    if (placed) return '';
    placed = true;
    return upstream;
  });
  if (!/^\s*listen 80;$/m.test(withNodes)) throw new Error(`${SITE_CONF}: no "listen 80;" line`);
  const shippedLog = 'access_log /var/log/nginx/jono.access.log jono_paths;';
  if (!withNodes.includes(shippedLog)) throw new Error(`${SITE_CONF}: no "${shippedLog}"`);
  const site = withNodes
    .replace(/^(\s*)listen 80;$/m, `$1listen ${listen};`)
    .replace(shippedLog, `access_log ${accessLog} jono_paths;`);
  const overwrite = 'proxy_set_header X-Forwarded-For $remote_addr;';
  if (!site.includes(overwrite)) throw new Error(`${SITE_CONF}: no "${overwrite}"`);
  // A load generator is one address posing as many clients: no per-address budgets for it.
  return passClientForwardedFor
    ? site
        .replace(overwrite, 'proxy_set_header X-Forwarded-For $http_x_forwarded_for;')
        .replace(/^\s*limit_conn jono_\w+ \d+;$/gm, '')
    : site;
}

/** Open files a worker may have: 65536, or this machine's hard limit when lower. */
function openFileLimit(): number {
  const hard = spawnSync('sh', ['-c', 'ulimit -Hn'], { encoding: 'utf8' }).stdout.trim();
  const n = Number(hard);
  return hard === 'unlimited' || !Number.isFinite(n) || n <= 0 ? 65536 : Math.min(n, 65536);
}

/** A main configuration around the site: what /etc/nginx/nginx.conf would hold. */
export function mainConfig(dir: string, site: string, workers: number | 'auto'): string {
  const files = openFileLimit();
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((name) => `  ${name}_temp_path ${join(dir, name)};`)
    .join('\n');
  return `# Written by deploy/src/nginx.ts around deploy/nginx/jono.conf.
worker_processes ${workers};
worker_rlimit_nofile ${files};
daemon off;
pid ${join(dir, 'nginx.pid')};
error_log stderr warn;
# After a reload, old workers finish their requests; live streams they still carry end after this.
worker_shutdown_timeout 30s;
events { worker_connections ${Math.min(16384, files - 64)}; }
http {
  access_log off;
${temp}
${site}
}
`;
}

export interface Balancer extends Child {
  url: string;
  dir: string;
  confFile: string;
  /**
   * Rewrites the configuration with `down` nodes marked down and reloads nginx (SIGHUP); resolves
   * once every worker taking requests was started with the new configuration.
   */
  reload(down: readonly string[]): Promise<void>;
}

export interface BalancerOptions {
  /** Upstream nodes, "host:port". */
  nodes: string[];
  host?: string;
  port: number;
  workers?: number | 'auto';
  logFile?: string;
  /** Benchmarks only: see renderSite. */
  passClientForwardedFor?: boolean;
}

/** Starts nginx in front of the nodes; resolves when it answers /healthz through a node. */
export async function startBalancer(opts: BalancerOptions): Promise<Balancer> {
  if (!nginxInstalled()) throw new Error(`${NGINX_BIN} is not installed (apt-get install nginx)`);
  const dir = mkdtempSync(join(tmpdir(), 'jono-nginx-'));
  // nginx's workers run as nobody when the master is root: let them use the temporary paths.
  chmodSync(dir, 0o755);
  for (const name of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    mkdirSync(join(dir, name), { mode: 0o777 });
    chmodSync(join(dir, name), 0o777);
  }
  const host = opts.host ?? '127.0.0.1';
  const confFile = join(dir, 'nginx.conf');
  const write = (down: readonly string[]) => {
    const site = renderSite(
      opts.nodes,
      `${host}:${opts.port}`,
      opts.passClientForwardedFor,
      join(dir, 'access.log'),
      down,
    );
    writeFileSync(confFile, mainConfig(dir, site, opts.workers ?? 'auto'));
  };
  write([]);
  const proc = spawnChild('nginx', NGINX_BIN, ['-c', confFile, '-p', dir, '-e', 'stderr'], {
    logFile: opts.logFile,
  });
  const balancer: Balancer = {
    ...proc,
    url: `http://${host}:${opts.port}`,
    dir,
    confFile,
    async stop(graceMs) {
      await proc.stop(graceMs);
      rmSync(dir, { recursive: true, force: true });
    },
    async reload(down) {
      const master = proc.child.pid;
      if (master === undefined) throw new Error('nginx is not running');
      const before = new Set(workers(master).map((w) => w.pid));
      write(down);
      process.kill(master, 'SIGHUP');
      const deadline = Date.now() + 15_000;
      for (;;) {
        const taking = workers(master).filter((w) => !w.shuttingDown);
        if (taking.length > 0 && taking.every((w) => !before.has(w.pid))) return;
        if (Date.now() > deadline) throw new Error(`nginx did not reload:\n${proc.tail()}`);
        await sleep(50);
      }
    },
  };
  try {
    await waitForHttp(`${balancer.url}/healthz`, proc, 15_000);
  } catch (err) {
    await balancer.stop();
    throw err;
  }
  return balancer;
}
