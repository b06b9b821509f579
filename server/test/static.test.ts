// The built apps: compressed copies sent by Accept-Encoding, client-side routes get index.html,
// and the CSP header on every page.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './helpers';
import type { App } from '../src/app';

let app: App;
const dists: string[] = [];
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;

function fakeDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'jono-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Jono</title>');
  writeFileSync(join(dir, 'assets', 'app-1.js'), script);
  writeFileSync(join(dir, 'assets', 'app-1.js.br'), brotliCompressSync(script));
  writeFileSync(join(dir, 'assets', 'app-1.js.gz'), gzipSync(script));
  dists.push(dir);
  return dir;
}

beforeAll(async () => {
  app = await buildTestApp({ envOverrides: { WEB_DIST: fakeDist(), STAFF_DIST: fakeDist() } });
});
afterAll(async () => {
  await app.close();
  for (const dir of dists) rmSync(dir, { recursive: true, force: true });
});

describe('the built apps', () => {
  it('sends the brotli or gzip copy of an asset when the browser accepts it', async () => {
    const br = await app.inject({
      url: '/assets/app-1.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(script.length / 4);
    const gz = await app.inject({
      url: '/staff/assets/app-1.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ url: '/assets/app-1.js' });
    expect(plain.body).toBe(script);
    expect(br.headers['cache-control']).toContain('immutable');
  });

  it('answers client-side routes with index.html, not cached, with the CSP', async () => {
    for (const url of ['/', '/home', '/barbershop/3', '/tracking', '/staff/', '/staff/board']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>Jono</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    }
  });
});
