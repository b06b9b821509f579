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

/** One answer of Jono's: its body and its header name-value pairs (without Date, Content-Length). */
export interface Variant {
  body: Buffer;
  headers: string[];
}

/**
 * nginx serving Jono's own answers byte for byte with Jono's headers: per path, Accept-Language
 * (fi, or en when it starts with en) and Accept-Encoding (br, then gzip, else none), as Jono
 * chooses. Each variant is a static file with its own `add_header` lines and Content-Type; nginx
 * adds only Server, Date, Content-Length, Last-Modified and Accept-Ranges of its own (ETag off).
 * variants: "<path>|<fi|en>|<br|gzip|identity>" -> answer.
 */
export async function startNginxVariants(variants: Record<string, Variant>): Promise<StaticServer> {
  if (!existsSync(NGINX_BIN)) throw new Error(`${NGINX_BIN} is not installed`);
  const dir = tempDir('nginx');
  chmodSync(dir, 0o755);
  const www = join(dir, 'www');
  mkdirSync(www, { recursive: true, mode: 0o755 });
  const paths = [...new Set(Object.keys(variants).map((k) => k.split('|')[0] ?? ''))];
  const quote = (v: string) => `"${v.replace(/["\\$]/g, (c) => `\\${c}`)}"`;
  const locations: string[] = [];
  for (const [key, v] of Object.entries(variants)) {
    const [path, lang, enc] = key.split('|');
    const name = `v${paths.indexOf(path ?? '')}-${lang}-${enc}`;
    writeFileSync(join(www, name), v.body, { mode: 0o644 });
    let type = 'application/octet-stream';
    const adds: string[] = [];
    for (let i = 0; i + 1 < v.headers.length; i += 2) {
      const h = (v.headers[i] ?? '').toLowerCase();
      const value = v.headers[i + 1] ?? '';
      if (h === 'content-type') type = value;
      else adds.push(`add_header ${h} ${quote(value)} always;`);
    }
    locations.push(
      `location = /${name} { internal; types { } default_type ${quote(type)}; ${adds.join(' ')} }`,
    );
  }
  const port = await freePort(PORT_BASE + 21);
  const temp = (name: string) => `${name}_temp_path ${join(dir, name)};`;
  const conf = `
worker_processes 1;
daemon off;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
events { worker_connections 4096; }
http {
  access_log off;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
  sendfile on;
  tcp_nopush on;
  etag off;
  server_tokens off;
  keepalive_requests 1000000;
  keepalive_timeout 75s;
  map $http_accept_language $jono_lang { default fi; "~*^\\s*en" en; }
  map $http_accept_encoding $jono_enc { default identity; "~*\\bbr\\b" br; "~*\\bgzip\\b" gzip; }
  server {
    listen 127.0.0.1:${port};
    root ${www};
    ${paths.map((p, i) => `location = ${p} { rewrite ^ /v${i}-$jono_lang-$jono_enc last; }`).join('\n    ')}
    ${locations.join('\n    ')}
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
  try {
    await waitForHttp(url + (paths[0] ?? '/'), proc, 15_000);
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
