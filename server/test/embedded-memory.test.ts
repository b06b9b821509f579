// The embedded database's buffer cache lives in the server's own memory: it is PGLITE_SHARED_BUFFERS
// (32MB unless set), not PostgreSQL's 128MB, which held about 150 MB of an idle server's 380 MB.
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { loadEnv } from '../src/config/env';
import { buildTestApp, databaseUrl } from './helpers';
import type { App } from '../src/app';

const apps: App[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
});

const sharedBuffers = async (app: App) => {
  // PGlite's driver answers { rows }.
  const result = (await app.markets.get('fi')!.db.execute(sql`show shared_buffers`)) as unknown as {
    rows: { shared_buffers: string }[];
  };
  return result.rows[0]?.shared_buffers;
};

describe.skipIf(databaseUrl)('the embedded database (PGlite)', () => {
  it('keeps a 32MB buffer cache unless PGLITE_SHARED_BUFFERS says otherwise', async () => {
    const plain = await buildTestApp();
    apps.push(plain);
    expect(await sharedBuffers(plain)).toBe('32MB');
    const larger = await buildTestApp({ envOverrides: { PGLITE_SHARED_BUFFERS: '48MB' } });
    apps.push(larger);
    expect(await sharedBuffers(larger)).toBe('48MB');
  });
});

describe('PGLITE_SHARED_BUFFERS', () => {
  it('refuses what PostgreSQL would not read as a size, or PGlite could not hold, before anything starts', () => {
    const keys = () => ({ publicKey: 'p', privateKey: 'k' });
    for (const bad of ['lots', '32', '32 MB', '0MB', '32MB; drop table orders', '64kB', '2GB']) {
      expect(() => loadEnv({ PGLITE_SHARED_BUFFERS: bad, DATA_DIR: '/tmp/x' }, keys)).toThrow(
        /PGLITE_SHARED_BUFFERS/,
      );
    }
  });
});
