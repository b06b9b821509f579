// kill -9 during a join load: every order answered 2xx before the kill is there after a restart,
// and the database opens cleanly. Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { pobSchema } from '@jono/contract';
import { databaseUrl } from './helpers';

const SERVER_DIR = resolve(import.meta.dirname, '..');
const port = 20_000 + Math.floor(Math.random() * 20_000);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'jono-crash-'));
const schemaPrefix = `crash${randomBytes(3).toString('hex')}_`;
let child: ChildProcess | undefined;

function start(): ChildProcess {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      MARKETS: 'fi',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
      DATABASE_SCHEMA_PREFIX: schemaPrefix,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  child = proc;
  return proc;
}

async function waitHealthy(): Promise<void> {
  for (let i = 0; i < 600; i++) {
    try {
      const res = await fetch(`${base}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not become healthy');
}

const api = (
  path: string,
  init: { method?: string; body?: unknown; token?: string; ip?: string } = {},
) =>
  fetch(`${base}/api/fi${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': init.ip ?? '10.0.0.1',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });

afterAll(async () => {
  child?.kill('SIGKILL');
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`drop schema if exists "${schemaPrefix}fi" cascade`);
    await client.end();
  }
  // Retried: the killed server may still be closing its files.
  rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
});

describe(`kill -9 during a join load (${databaseUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('keeps every order that was answered 2xx', { timeout: 240_000 }, async () => {
    start();
    await waitHealthy();

    // Customers, each from its own address so per-IP limits do not get in the way.
    const customers: { id: number; token: string; ip: string }[] = [];
    for (let i = 0; i < 40; i++) {
      const ip = `10.1.${Math.floor(i / 200)}.${(i % 200) + 1}`;
      const phone = `+3584555${String(i).padStart(5, '0')}`;
      await api('/auth/register-code/', { method: 'POST', ip, body: { phone } });
      // The development outbox answers this machine only, without a proxy header.
      const outbox = (await (
        await fetch(`${base}/api/fi/dev/sms-outbox?to=${encodeURIComponent(phone)}`)
      ).json()) as { items: { text: string }[] };
      const code = /(\d{6})/.exec(outbox.items.at(-1)?.text ?? '')?.[1];
      const reg = await api('/register/', {
        method: 'POST',
        ip,
        body: {
          code,
          phone,
          firstname: 'Kuorma',
          lastname: `Asiakas${i}`,
          email: `k${i}@example.fi`,
          password: 'Kuorma123',
          terms_accepted: true,
        },
      });
      expect(reg.status).toBe(201);
      const session = (await (
        await api('/login/', { method: 'POST', ip, body: { phone, password: 'Kuorma123' } })
      ).json()) as {
        customer_id: number;
        access_token: string;
      };
      customers.push({ id: session.customer_id, token: session.access_token, ip });
    }

    // Orders at the shops open around the clock.
    const payloads = await Promise.all(
      [1, 5, 13].map(async (pobId) => {
        const shop = pobSchema.parse(await (await api(`/pobs/${pobId}/`)).json());
        const s = shop.services[0];
        if (!s) throw new Error('no service');
        return {
          pob_id: pobId,
          items: [
            {
              amount: 1,
              service_id: s.id,
              service_info: {
                duration: s.duration,
                group_id: s.group_id,
                id: s.id,
                price: s.price,
                title: s.title,
              },
              extra_services: [],
            },
          ],
        };
      }),
    );

    const acked: { customer: (typeof customers)[number]; orderId: number }[] = [];
    let killed = false;
    const joins = customers.map(async (c, i) => {
      try {
        const res = await api(`/customers/${c.id}/orders/`, {
          method: 'POST',
          token: c.token,
          ip: c.ip,
          body: payloads[i % 3],
        });
        if (res.status === 201 && !killed) {
          const { id } = (await res.json()) as { id: number };
          acked.push({ customer: c, orderId: id });
          if (acked.length === 12) {
            killed = true;
            child?.kill('SIGKILL');
          }
        }
      } catch {
        // the connection died with the server
      }
    });
    await Promise.all(joins);
    expect(killed).toBe(true);
    expect(acked.length).toBeGreaterThanOrEqual(12);
    // A process killed by a signal has signalCode set and exitCode null; it may have exited already.
    await new Promise<void>((r) => {
      if (!child || child.exitCode !== null || child.signalCode !== null) r();
      else child.once('exit', () => r());
    });

    start();
    await waitHealthy();
    expect((await api('/pobs/')).status).toBe(200);
    for (const { customer, orderId } of acked) {
      const res = await api(`/customers/${customer.id}/orders/${orderId}/`, {
        token: customer.token,
        ip: customer.ip,
      });
      expect(res.status, `order ${orderId} of customer ${customer.id}`).toBe(200);
      expect(((await res.json()) as { status: string }).status).toBe('active');
    }
    child?.kill('SIGTERM');
  });
});
