// nginx from Debian's package on loopback, serving given bodies as static files at the same
// paths as Jono: the ceiling a JSON endpoint could reach on this machine.
import { chmodSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, startProcess, waitForHttp } from './processes';
import { logFile, PORT_BASE, tempDir } from './paths';

export const NGINX_BIN = '/usr/sbin/nginx';

export interface StaticServer {
  url: string;
  /** Process group id (its pid), for CPU readings. */
  pgid: number;
  stop: () => Promise<void>;
}

/**
 * files: URL path ending in "/" (served as its index.json) -> body bytes, and optionally the
 * gzip bytes (served by gzip_static as index.json.gz to clients that accept gzip).
 */
export async function startNginx(
  files: Record<string, Buffer | { identity: Buffer; gzip: Buffer }>,
): Promise<StaticServer> {
  if (!existsSync(NGINX_BIN)) throw new Error(`${NGINX_BIN} is not installed`);
  const dir = tempDir('nginx');
  // nginx's workers run as nobody when started by root: let them read the files.
  chmodSync(dir, 0o755);
  const www = join(dir, 'www');
  for (const [path, body] of Object.entries(files)) {
    const folder = join(www, path);
    mkdirSync(folder, { recursive: true, mode: 0o755 });
    const identity = Buffer.isBuffer(body) ? body : body.identity;
    writeFileSync(join(folder, 'index.json'), identity, { mode: 0o644 });
    if (!Buffer.isBuffer(body)) {
      writeFileSync(join(folder, 'index.json.gz'), body.gzip, { mode: 0o644 });
    }
  }
  const port = await freePort(PORT_BASE + 20);
  const temp = (name: string) => `${name}_temp_path ${join(dir, name)};`;
  const conf = `
# One worker: Jono is one Node.js process, so both get one core.
worker_processes 1;
daemon off;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
events { worker_connections 4096; }
http {
  access_log off;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
  default_type application/json;
  charset utf-8;
  charset_types application/json;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  keepalive_timeout 75s;
  gzip_static on;
  gzip_vary on;
  server {
    listen 127.0.0.1:${port};
    root ${www};
    index index.json;
    location / { try_files $uri $uri/ =404; }
  }
}
`;
  const confFile = join(dir, 'nginx.conf');
  writeFileSync(confFile, conf);
  const proc = startProcess(
    'nginx',
    NGINX_BIN,
    ['-c', confFile, '-p', dir, '-e', join(dir, 'error.log')],
    {
      logFile: logFile('nginx'),
    },
  );
  const url = `http://127.0.0.1:${port}`;
  const first = Object.keys(files)[0] ?? '/';
  try {
    await waitForHttp(url + first, proc, 15_000);
  } catch (err) {
    await proc.stop();
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    url,
    pgid: proc.child.pid ?? 0,
    stop: async () => {
      await proc.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
