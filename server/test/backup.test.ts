// `npm run backup` and `npm run restore` on the embedded database: a backup taken from the running
// server while customers join, restored into a fresh data directory, holds every order the server
// had answered; the backup endpoint answers only this machine, with the backup token.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, databaseUrl } from './helpers';
import { WEDNESDAY_NOON, fi, join as joinShop, newCustomer } from './queue-factories';
import { buildApp, type App } from '../src/app';
import { loadEnv } from '../src/config/env';
import { orders } from '../src/db/schema';
import { backupToken } from '../src/lib/backups';

const run = promisify(execFile);
const SECRET = 'test-secret-that-is-long-enough-to-sign-tokens-0123456789';
const SERVER_DIR = new URL('..', import.meta.url).pathname;

const allOrders = (app: App) =>
  fi(app)
    .db.select({ id: orders.id, status: orders.status, customerId: orders.customerId })
    .from(orders)
    .orderBy(asc(orders.id));

describe.skipIf(databaseUrl)('backups of the embedded database', () => {
  let app: App;
  let port: number;
  beforeAll(async () => {
    app = await buildTestApp({ now: () => WEDNESDAY_NOON });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    port = address.port;
  });
  afterAll(() => app.close());

  it('answers only this machine with the backup token', async () => {
    const token = backupToken(SECRET);
    const auth = { authorization: `Bearer ${token}` };
    expect((await app.inject({ method: 'POST', url: '/admin/backup' })).statusCode).toBe(404);
    const wrong = { authorization: `Bearer ${backupToken('another-secret')}` };
    expect(
      (await app.inject({ method: 'POST', url: '/admin/backup', headers: wrong })).statusCode,
    ).toBe(404);
    const proxied = await app.inject({
      method: 'POST',
      url: '/admin/backup',
      headers: { ...auth, 'x-forwarded-for': '198.51.100.7' },
    });
    expect(proxied.statusCode).toBe(404);
    const remote = await app.inject({
      method: 'POST',
      url: '/admin/backup',
      headers: auth,
      remoteAddress: '198.51.100.7',
    });
    expect(remote.statusCode).toBe(404);
    const ok = await app.inject({ method: 'POST', url: '/admin/backup', headers: auth });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('application/gzip');
    expect(ok.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
  });

  it('`npm run backup` while customers join, `npm run restore` into a fresh server: every order is there', async () => {
    // Orders answered before the backup, one of them cancelled.
    for (const shop of [1, 5, 13, 13]) {
      const c = await newCustomer(app);
      expect((await joinShop(app, c, shop)).statusCode).toBe(201);
    }
    const [first] = await allOrders(app);
    if (!first?.customerId) throw new Error('no order');
    // Joins keep coming while the backup is taken.
    let joining = true;
    const load = (async () => {
      while (joining) {
        const c = await newCustomer(app);
        expect((await joinShop(app, c, 5)).statusCode).toBe(201);
      }
    })();
    const before = await allOrders(app);

    const dir = mkdtempSync(join(tmpdir(), 'jono-backup-'));
    const file = join(dir, 'backup.tar.gz');
    const env = {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      JWT_SECRET: SECRET,
      DATA_DIR: join(dir, 'unused'),
      MARKETS: 'fi',
    };
    const backup = await run('npx', ['tsx', 'src/db/backup-cli.ts', file], {
      cwd: SERVER_DIR,
      env,
    });
    joining = false;
    await load;
    expect(backup.stdout).toContain('from the running Jono');
    expect(existsSync(file)).toBe(true);
    const after = await allOrders(app);

    // A fresh server's data directory; nothing answers on its port.
    const freshDir = join(dir, 'fresh');
    const restore = await run('npx', ['tsx', 'src/db/restore-cli.ts', file], {
      cwd: SERVER_DIR,
      env: { ...env, DATA_DIR: freshDir, PORT: '1' },
    });
    expect(restore.stdout).toMatch(/fi: \d+ orders/);
    expect(readdirSync(join(freshDir, 'pglite', 'jono'))).toContain('PG_VERSION');

    const fresh = await buildApp({
      env: loadEnv(
        {
          NODE_ENV: 'test',
          DATA_DIR: freshDir,
          LOG_LEVEL: 'silent',
          MARKETS: 'fi',
          JWT_SECRET: SECRET,
        },
        () => ({ publicKey: 'k', privateKey: 'k' }),
      ),
      logger: false,
      seed: false,
      now: () => WEDNESDAY_NOON,
    });
    try {
      const restored = await allOrders(fresh);
      const byId = new Map(restored.map((o) => [o.id, o]));
      // Every order answered before the backup began, as it was; nothing the server never had.
      for (const o of before) expect(byId.get(o.id)).toEqual(o);
      const known = new Map(after.map((o) => [o.id, o]));
      for (const o of restored) expect(known.get(o.id)).toEqual(o);
      expect(restored.length).toBeGreaterThanOrEqual(before.length);
      // The restored server works: its customers log in and see their orders.
      const res = await fresh.inject({
        url: `/api/fi/customers/${first.customerId}/orders/`,
        headers: {
          authorization: `Bearer ${await fresh.tokens.signAccess({ sub: String(first.customerId), market: 'fi', kind: 'customer' })}`,
        },
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await fresh.close();
    }
  }, 120_000);
});
