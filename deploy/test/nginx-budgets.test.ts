// The shipped nginx configuration (issue 27): per-address connection budgets on live streams, and
// an access log without query strings. Runs the real nginx in front of a small upstream that
// holds streams open like a node; skipped without nginx.
import { createServer, type Server, type ServerResponse } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nginxInstalled, startBalancer, type Balancer } from '../src/nginx';

const PORT = Number(process.env.NGINX_TEST_PORT ?? 3137);

describe.skipIf(!nginxInstalled())('the shipped nginx configuration', () => {
  let upstream: Server;
  let balancer: Balancer;
  const held: ServerResponse[] = [];
  const aborts: AbortController[] = [];

  beforeAll(async () => {
    upstream = createServer((req, res) => {
      if (req.url?.includes('/events')) {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('retry: 5000\n\n');
        held.push(res);
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"status":"ok"}');
    });
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
    const addr = upstream.address();
    const port = typeof addr === 'object' && addr ? addr.port : 0;
    balancer = await startBalancer({ nodes: [`127.0.0.1:${port}`], port: PORT, workers: 1 });
  });
  afterAll(async () => {
    for (const a of aborts) a.abort();
    for (const res of held) res.destroy();
    await balancer?.stop();
    await new Promise((r) => upstream?.close(r));
  });

  const stream = async (path: string) => {
    const abort = new AbortController();
    aborts.push(abort);
    const res = await fetch(`${balancer.url}${path}`, { signal: abort.signal });
    return { status: res.status, close: () => abort.abort() };
  };

  it('holds at most 40 live streams per address, answers 429 past them, and /healthz still answers', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 41; i++) statuses.push((await stream('/api/fi/pobs/1/events')).status);
    expect(statuses.slice(0, 40).every((s) => s === 200)).toBe(true);
    expect(statuses[40]).toBe(429);
    expect((await fetch(`${balancer.url}/healthz`)).status).toBe(200);
    for (const a of aborts.splice(0)) a.abort();
  });

  it('logs stream paths without their query string', async () => {
    const secret = 'eyJTICKETSECRET.part.sig';
    const s = await stream(`/api/fi/customers/7/orders/9/events?ticket=${secret}&last_event_id=x`);
    expect(s.status).toBe(200);
    s.close();
    await fetch(`${balancer.url}/api/fi/staff/summary/?date=2026-11-26`);
    // nginx writes a line when the request ends.
    await new Promise((r) => setTimeout(r, 500));
    const log = readFileSync(join(balancer.dir, 'access.log'), 'utf8');
    expect(log).toContain('/api/fi/customers/7/orders/9/events');
    expect(log).not.toContain(secret);
    expect(log).not.toContain('ticket=');
    expect(log).not.toContain('?');
  });
});
