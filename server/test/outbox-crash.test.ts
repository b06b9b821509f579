// kill -9 between the outbox write and the send: the server writes a recovery code's SMS, its
// worker posts it to the provider, which holds the request; the process is killed before it hears
// back. After a restart the message is sent, and the provider accepts it exactly once. Runs on
// PGlite, and on PostgreSQL when DATABASE_URL is set.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { CREDENTIALS, startFakeProvider, type FakeProvider } from './fake-sms-providers';
import { DEMO, databaseUrl } from './helpers';

const SERVER_DIR = resolve(import.meta.dirname, '..');
const PORT = 3154;
const PROVIDER_PORT = 3155;
const base = `http://127.0.0.1:${PORT}`;
const dataDir = mkdtempSync(join(tmpdir(), 'jono-outbox-crash-'));
const schemaPrefix = `oc${randomBytes(3).toString('hex')}_`;
let child: ChildProcess | undefined;
let provider: FakeProvider | undefined;

function start(): ChildProcess {
  child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: SERVER_DIR,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'development',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      MARKETS: 'fi',
      LOG_LEVEL: 'error',
      DATABASE_SCHEMA_PREFIX: schemaPrefix,
      JWT_SECRET: 'outbox-crash-secret-that-is-long-enough-0123456789',
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: `http://127.0.0.1:${PROVIDER_PORT}/send`,
      SMS_HTTP_TOKEN: CREDENTIALS.secret,
      OUTBOX_LEASE_MS: '2000',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 60_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if (await check()) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const healthy = async () => (await fetch(`${base}/healthz`)).ok;

afterAll(async () => {
  child?.kill('SIGKILL');
  await provider?.close();
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`drop schema if exists "${schemaPrefix}fi" cascade`);
    await client.end();
  }
});

describe(`kill -9 between the outbox write and the send (${databaseUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('sends the message once after the restart', { timeout: 180_000 }, async () => {
    provider = await startFakeProvider('http', PROVIDER_PORT);
    provider.hold(true);
    start();
    await until(healthy, 'the server', 120_000);
    // The answer waits for the send, which the provider holds: the process dies mid-send.
    void fetch(`${base}/api/fi/auth/reset-token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: DEMO.oneTime }),
    }).catch(() => undefined);
    await until(() => (provider?.received.length ?? 0) >= 1, 'the first send');
    const key = String(provider.received[0]?.headers['idempotency-key']);
    expect(key).toMatch(/^recovery:\d+$/);
    child?.kill('SIGKILL');
    await new Promise((r) => child?.once('exit', r));
    provider.hold(false);

    start();
    await until(healthy, 'the restarted server', 120_000);
    const accepted = () =>
      (provider?.received ?? []).filter(
        (r) => r.headers['idempotency-key'] === key && r.answered === 200,
      );
    await until(() => accepted().length >= 1, 'the send after the restart', 60_000);
    // Longer than a lease and a poll: nothing is sent again.
    await new Promise((r) => setTimeout(r, 5_000));
    expect(accepted()).toHaveLength(1);
    expect(accepted()[0]?.params.to).toBe(DEMO.oneTime);
    expect(accepted()[0]?.params.text).toMatch(/\d{8}/);
  });
});

// 46elks and Twilio take no idempotency key: the restarted server finds the held message in the
// provider's list of sent messages (the fake lists what it took, held answers included) and
// records it as sent instead of sending it again (outbox.ts, docs/messages.md).
const keyless = [
  { protocol: '46elks' as const, port: 3365, providerPort: 3366 },
  { protocol: 'twilio' as const, port: 3367, providerPort: 3368 },
];

describe.each(keyless)(
  `kill -9 mid-send to $protocol (${databaseUrl ? 'PostgreSQL' : 'PGlite'})`,
  ({ protocol, port, providerPort }) => {
    const keylessBase = `http://127.0.0.1:${port}`;
    const keylessDir = mkdtempSync(join(tmpdir(), `jono-outbox-crash-${protocol}-`));
    const prefix = `ok${randomBytes(3).toString('hex')}_`;
    let server: ChildProcess | undefined;
    let fake: FakeProvider | undefined;
    const run = () => {
      server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
        cwd: SERVER_DIR,
        env: {
          PATH: process.env.PATH,
          NODE_ENV: 'development',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: keylessDir,
          MARKETS: 'fi',
          LOG_LEVEL: 'error',
          DATABASE_SCHEMA_PREFIX: prefix,
          JWT_SECRET: 'outbox-crash-secret-that-is-long-enough-0123456789',
          SMS_PROVIDER: protocol,
          SMS_API_URL: fake?.url ?? '',
          SMS_API_USER: CREDENTIALS.user,
          SMS_API_SECRET: CREDENTIALS.secret,
          SMS_WEBHOOK_SECRET: 'webhook-secret-0123456789',
          SMS_PUBLIC_URL: 'https://jono.example',
          SMS_SENDER_ID: 'Jono',
          OUTBOX_LEASE_MS: '2000',
          ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      return server;
    };
    const up = async () => (await fetch(`${keylessBase}/healthz`)).ok;

    afterAll(async () => {
      server?.kill('SIGKILL');
      await fake?.close();
      if (databaseUrl) {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        await client.query(`drop schema if exists "${prefix}fi" cascade`);
        await client.end();
      }
    });

    it(
      'finds the message at the provider after the restart and never sends it twice',
      { timeout: 180_000 },
      async () => {
        fake = await startFakeProvider(protocol, providerPort);
        fake.hold(true);
        run();
        await until(up, 'the server', 120_000);
        void fetch(`${keylessBase}/api/fi/auth/reset-token/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ phone: DEMO.oneTime }),
        }).catch(() => undefined);
        const sends = () =>
          (fake?.received ?? []).filter((r) =>
            r.path.endsWith(protocol === '46elks' ? '/sms' : '/Messages.json'),
          );
        await until(() => sends().length >= 1, 'the first send');
        // The provider took it; the process dies before the answer.
        server?.kill('SIGKILL');
        await new Promise((r) => server?.once('exit', r));
        fake.hold(false);
        const listedBefore = fake.listed;

        run();
        await until(up, 'the restarted server', 120_000);
        await until(
          () => (fake?.listed ?? 0) > listedBefore,
          'the look-up at the provider',
          60_000,
        );
        // Longer than a lease and a poll: nothing is sent again.
        await new Promise((r) => setTimeout(r, 5_000));
        expect(sends()).toHaveLength(1);
        expect(sends()[0]?.accepted).toBe(true);
      },
    );
  },
);
