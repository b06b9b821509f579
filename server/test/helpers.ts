// Builds the real app for tests: PGlite cloned from one migrated template (no initdb per test),
// or, with DATABASE_URL, a real PostgreSQL server with schemas unique to the test.
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Market } from '@jono/contract';
import { loadEnv } from '../src/config/env';
import { buildApp, type App, type AppOptions } from '../src/app';
import { makePgliteTemplate } from '../src/db/client';
import { DEFAULT_LIMITS, type RateLimitSettings } from '../src/plugins/rate-limits';

let template: Promise<Blob> | undefined;
export const databaseUrl = process.env.DATABASE_URL;

const RELAXED: Partial<RateLimitSettings> = Object.fromEntries(
  Object.entries(DEFAULT_LIMITS).map(([k, v]) => [k, { ...v, max: 10_000 }]),
);

export interface TestAppOptions extends Partial<Omit<AppOptions, 'env'>> {
  markets?: Market[];
  envOverrides?: Record<string, string>;
  /** Keep the production rate limits (tests of rate limiting). */
  realLimits?: boolean;
}

export async function buildTestApp(opts: TestAppOptions = {}): Promise<App> {
  const dataDir = mkdtempSync(join(tmpdir(), 'jono-test-'));
  const env = loadEnv(
    {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      MARKETS: (opts.markets ?? ['fi']).join(','),
      JWT_SECRET: 'test-secret-that-is-long-enough-to-sign-tokens-0123456789',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      // PGLITE_THREAD=on runs the suites on PGlite in a worker thread (decision 011).
      ...(process.env.PGLITE_THREAD ? { PGLITE_THREAD: process.env.PGLITE_THREAD } : {}),
      // Suites open many streams from one address and account; client-budgets.test.ts sets
      // the real budgets.
      STREAMS_PER_ADDRESS: '100000',
      STREAMS_PER_ACCOUNT: '10000',
      ...opts.envOverrides,
    },
    () => ({ publicKey: 'test-public-key', privateKey: 'test-private-key' }),
  );
  const schemaPrefix = `t${randomBytes(4).toString('hex')}_`;
  if (!databaseUrl) template ??= makePgliteTemplate();
  const app = await buildApp({
    seed: true,
    ...opts,
    env,
    logger: opts.logger ?? false,
    template: databaseUrl ? undefined : await template,
    // PGlite: every test has a database of its own, cloned from the template's schemas.
    schemaPrefix: databaseUrl ? schemaPrefix : undefined,
    limits: opts.realLimits ? opts.limits : { ...RELAXED, ...opts.limits },
  });
  // The data directory (the app's secrets file; PGlite runs in memory) goes with the app: a
  // suite run left some 1,300 of them in the machine's temporary folder.
  app.addHook('onClose', () => rm(dataDir, { recursive: true, force: true }));
  if (databaseUrl) {
    app.addHook('onClose', async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      // The app's own workers (the outbox's claims, a shop's expiry timer) may still hold a
      // lock in the schema while the hooks run: a deadlock there is retried, not a failure.
      for (const m of env.MARKETS) {
        for (let attempt = 1; ; attempt++) {
          try {
            await client.query(`drop schema if exists "${schemaPrefix}${m}" cascade`);
            break;
          } catch (err) {
            const code = (err as { code?: string }).code;
            if (attempt >= 5 || (code !== '40P01' && code !== '55P03')) throw err;
            await new Promise((r) => setTimeout(r, 100 * attempt));
          }
        }
      }
      await client.end();
    });
  }
  return app;
}

export const DEMO = {
  oneTime: '+358400000001',
  gold: '+358400000002',
  platinum: '+358400000003',
  password: 'Jono1234',
};

export async function login(app: App, phone: string, password = DEMO.password, market = 'fi') {
  const res = await app.inject({
    method: 'POST',
    url: `/api/${market}/login/`,
    payload: { phone, password },
  });
  if (res.statusCode !== 200) throw new Error(`login failed ${res.statusCode} ${res.body}`);
  const body = res.json<{ customer_id: number; access_token: string; refresh_token: string }>();
  return { ...body, auth: { authorization: `Bearer ${body.access_token}` } };
}

/** A stream ticket (POST /stream-ticket/) for `credential`: an access token or a device code. */
export async function streamTicket(app: App, credential: string, market = 'fi'): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/${market}/stream-ticket/`,
    headers: { authorization: `Bearer ${credential}` },
  });
  if (res.statusCode !== 200)
    throw new Error(`stream ticket refused ${res.statusCode} ${res.body}`);
  return res.json<{ ticket: string }>().ticket;
}

/** The last code texted to `phone` in the market's development outbox (registration, kiosk). */
export function lastTextedCode(app: App, phone: string, market = 'fi', digits = 6) {
  const outbox = app.markets.get(market as 'fi')?.devOutbox?.outbox ?? [];
  const text = [...outbox].reverse().find((m) => m.to === phone)?.text ?? '';
  return new RegExp(`(\\d{${digits}})`).exec(text)?.[1];
}

/**
 * Registers as the app does: asks for the code (POST /auth/register-code/), reads it from the
 * development outbox and sends the registration with it. Answers the registration's response.
 */
export async function register(
  app: App,
  body: Record<string, unknown> & { phone: string },
  opts: { market?: string; remoteAddress?: string; headers?: Record<string, string> } = {},
) {
  const market = opts.market ?? 'fi';
  const asked = await app.inject({
    method: 'POST',
    url: `/api/${market}/auth/register-code/`,
    payload: { phone: body.phone },
    remoteAddress: opts.remoteAddress,
    headers: opts.headers,
  });
  const code =
    asked.statusCode === 200 ? (lastTextedCode(app, body.phone, market) ?? '000000') : '000000';
  return app.inject({
    method: 'POST',
    url: `/api/${market}/register/`,
    payload: { code, ...body },
    remoteAddress: opts.remoteAddress,
    headers: opts.headers,
  });
}

/** Listens on a free loopback port; answers the server's origin (`http://127.0.0.1:PORT`). */
export async function listenLocally(app: App): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening on a port');
  return `http://127.0.0.1:${address.port}`;
}
