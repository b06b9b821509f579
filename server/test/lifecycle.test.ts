// Liveness, readiness and a graceful shutdown: /readyz fails while draining or without a
// database (while /healthz stays up); closing the app answers every join in flight, ends the live
// streams, and closes the balancer's keep-alive connections after their last answer.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { buildTestApp } from './helpers';
import { WEDNESDAY_NOON, fi, newCustomer, orderPayload } from './queue-factories';

describe('/healthz and /readyz', () => {
  it('are JSON, not the app page, and readiness follows the database and the drain', async () => {
    const dist = mkdtempSync(joinPath(tmpdir(), 'jono-dist-'));
    writeFileSync(joinPath(dist, 'index.html'), '<!doctype html><title>app</title>');
    const app = await buildTestApp({ envOverrides: { WEB_DIST: dist, STAFF_DIST: dist } });
    try {
      const ready = await app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready' });
      expect((await app.inject({ url: '/healthz' })).json()).toMatchObject({ status: 'ok' });
      // Operators' paths never fall back to the app's page.
      const metrics = await app.inject({ url: '/metrics' });
      expect(metrics.statusCode).toBe(404);
      expect(metrics.headers['content-type']).toContain('application/json');

      const db = fi(app).db;
      const down = vi.spyOn(db, 'execute').mockRejectedValue(new Error('connection refused'));
      const unready = await app.inject({ url: '/readyz' });
      expect(unready.statusCode).toBe(503);
      expect(unready.json()).toEqual({ status: 'database_unavailable', markets: ['fi'] });
      // Liveness does not follow the database: a supervisor must not restart every node.
      expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
      down.mockRestore();

      app.lifecycle.draining = true;
      const draining = await app.inject({ url: '/readyz' });
      expect(draining.statusCode).toBe(503);
      expect(draining.json()).toEqual({ status: 'draining' });
      expect(draining.headers.connection).toBe('close');
      expect((await app.inject({ url: '/healthz' })).headers.connection).toBe('close');
      app.lifecycle.draining = false;
    } finally {
      await app.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('a graceful shutdown', () => {
  it('answers every join in flight, ends the streams and closes', async () => {
    const app = await buildTestApp({ now: () => WEDNESDAY_NOON });
    let received = 0;
    app.addHook('onRequest', async (request) => {
      if (request.method === 'POST') received += 1;
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const base = `http://127.0.0.1:${address.port}`;

    const stream = await fetch(`${base}/api/fi/pobs/13/events`);
    const reader = stream.body?.getReader();
    await reader?.read();

    const customers = await Promise.all(Array.from({ length: 12 }, () => newCustomer(app)));
    const payload = JSON.stringify(await orderPayload(app, 13));
    const joins = customers.map((c) =>
      fetch(`${base}/api/fi/customers/${c.id}/orders/`, {
        method: 'POST',
        headers: { ...c.auth, 'content-type': 'application/json' },
        body: payload,
      }).then(
        async (res) => ({ status: res.status, connection: res.headers.get('connection') }),
        (err: unknown) => ({ status: 0, connection: String(err) }),
      ),
    );
    await vi.waitFor(() => expect(received).toBe(customers.length), { timeout: 10_000 });
    const closed = app.close();

    const answers = await Promise.all(joins);
    expect(answers.map((a) => a.status)).toEqual(customers.map(() => 201));
    // The stream ended (its client reconnects to another node with Last-Event-ID).
    for (;;) {
      const { done } = (await reader?.read()) ?? { done: true };
      if (done) break;
    }
    await closed;
  });
});
