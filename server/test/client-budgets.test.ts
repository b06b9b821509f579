// Per-client budgets for connections (issue 27): one address opened 19,848 live streams, and at
// the file limit every new connection, /healthz included, was closed unanswered. Streams are now
// counted per address, per account and in all; and X-Forwarded-For is believed only from the
// proxies TRUST_PROXY lists.
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, listenLocally } from './helpers';
import { WEDNESDAY_NOON, join, newCustomer } from './queue-factories';
import { openSse, type SseClient } from './sse-client';
import type { App } from '../src/app';
import { streamCeiling } from '../src/services/sse';

const apps: App[] = [];
const streams: SseClient[] = [];
afterEach(async () => {
  for (const s of streams.splice(0)) s.close();
  for (const app of apps.splice(0)) await app.close();
});

async function listening(envOverrides: Record<string, string>, realLimits = false) {
  const app = await buildTestApp({ now: () => WEDNESDAY_NOON, envOverrides, realLimits });
  apps.push(app);
  const base = await listenLocally(app);
  const sse = async (path: string, headers?: Record<string, string>) => {
    const s = await openSse(`${base}/api/fi${path}`, headers);
    streams.push(s);
    return s;
  };
  return { app, base, sse };
}

describe('live streams per client', () => {
  it('refuses a stream past the per-address budget with 429, and takes one again after a close', async () => {
    const { sse } = await listening({ STREAMS_PER_ADDRESS: '3' });
    const held = [
      await sse('/pobs/1/events'),
      await sse('/pobs/2/events'),
      await sse('/pobs/1/events'),
    ];
    for (const s of held) expect(s.status).toBe(200);
    const over = await sse('/pobs/1/events');
    expect(over.status).toBe(429);
    held[0]?.close();
    await new Promise((r) => setTimeout(r, 100));
    expect((await sse('/pobs/1/events')).status).toBe(200);
  });

  it('refuses a stream past the per-account budget, while another account still connects', async () => {
    const { app, sse } = await listening({ STREAMS_PER_ADDRESS: '100', STREAMS_PER_ACCOUNT: '2' });
    const a = await newCustomer(app);
    const b = await newCustomer(app);
    const orderA = (await join(app, a, 5)).json<{ id: number }>().id;
    const orderB = (await join(app, b, 5)).json<{ id: number }>().id;
    const path = (c: { id: number }, id: number) => `/customers/${c.id}/orders/${id}/events`;
    expect((await sse(path(a, orderA), a.auth)).status).toBe(200);
    expect((await sse(path(a, orderA), a.auth)).status).toBe(200);
    expect((await sse(path(a, orderA), a.auth)).status).toBe(429);
    expect((await sse(path(b, orderB), b.auth)).status).toBe(200);
  });

  it('answers 503 past the node ceiling, and /healthz and the API keep answering', async () => {
    const { base, sse } = await listening({ STREAMS_PER_ADDRESS: '100', STREAMS_MAX: '5' });
    for (let i = 0; i < 5; i++) expect((await sse('/pobs/1/events')).status).toBe(200);
    const full = await sse('/pobs/1/events');
    expect(full.status).toBe(503);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect((await fetch(`${base}/api/fi/pobs/`)).status).toBe(200);
  });

  it('derives the ceiling from the open-file limit, below it', () => {
    expect(streamCeiling(0, 65_536)).toBe(30_000);
    expect(streamCeiling(0, 20_000)).toBe(15_904);
    expect(streamCeiling(0, 1_024)).toBe(64);
    expect(streamCeiling(0, undefined)).toBe(30_000);
    expect(streamCeiling(1_000, 65_536)).toBe(1_000);
  });
});

describe('TRUST_PROXY', () => {
  const register = (app: App, i: number, remoteAddress: string, forwardedFor: string) =>
    app.inject({
      method: 'POST',
      url: '/api/fi/register/',
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
      payload: {
        phone: `+3584012${String(i).padStart(5, '0')}`,
        firstname: 'Testi',
        lastname: 'Välityspalvelin',
        email: `t${i}@example.fi`,
        password: 'Parturi123',
        terms_accepted: true,
      },
    });

  it('believes X-Forwarded-For only from a listed proxy', async () => {
    const app = await buildTestApp({
      envOverrides: { TRUST_PROXY: '10.0.0.1,192.168.0.0/16' },
      realLimits: true,
    });
    apps.push(app);
    // A client reaching the node directly names a new address each time: all one address.
    const direct = [];
    for (let i = 0; i < 6; i++)
      direct.push((await register(app, i, '203.0.113.9', `198.51.100.${i}`)).statusCode);
    expect(direct.slice(0, 5).every((s) => s !== 429)).toBe(true);
    expect(direct[5]).toBe(429);
    // Through the listed balancer, each client is its own address.
    const proxied = [];
    for (let i = 10; i < 16; i++)
      proxied.push((await register(app, i, '192.168.4.4', `198.51.100.${i}`)).statusCode);
    expect(proxied.some((s) => s === 429)).toBe(false);
  });

  it('refuses an entry that is neither an address nor a range', async () => {
    for (const TRUST_PROXY of ['balancer', '10.0.0.0/33', '10.0.0.1/8/1', 'yes']) {
      await expect(buildTestApp({ envOverrides: { TRUST_PROXY } }), TRUST_PROXY).rejects.toThrow(
        /TRUST_PROXY/,
      );
    }
  });
});
