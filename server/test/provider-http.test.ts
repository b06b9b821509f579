// The SMS providers' HTTP client (services/provider-http.ts): what a provider receives, the
// connection kept for the next message, and every way an answer can fail to come.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { providerCall } from '../src/services/provider-http';

let server: Server | undefined;

async function serve(
  handler: (req: IncomingMessage, res: ServerResponse, body: string) => void,
): Promise<{ url: string; sockets: Set<Socket> }> {
  const sockets = new Set<Socket>();
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => handler(req, res, body));
  });
  server.on('connection', (s: Socket) => sockets.add(s));
  await new Promise<void>((r) => server?.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`, sockets };
}

afterEach(async () => {
  const open = server;
  server = undefined;
  if (!open) return;
  open.closeAllConnections();
  await new Promise((r) => open.close(r));
});

describe('providerCall', () => {
  it('posts the body with its length and headers, and reads the JSON answer', async () => {
    const seen: { method?: string; length?: string; type?: string; body?: string }[] = [];
    const { url } = await serve((req, res, body) => {
      seen.push({
        method: req.method,
        length: req.headers['content-length'],
        type: req.headers['content-type'],
        body,
      });
      res.writeHead(201, { 'content-type': 'application/json' }).end('{"id":"m-1"}');
    });
    const text = JSON.stringify({ to: '+358401234567', text: 'Vuorosi lähestyy – ä' });
    const answer = await providerCall(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: text,
    });
    expect(answer.status).toBe(201);
    expect(answer.ok).toBe(true);
    await expect(answer.json()).resolves.toEqual({ id: 'm-1' });
    expect(seen).toEqual([
      {
        method: 'POST',
        length: String(Buffer.byteLength(text)),
        type: 'application/json',
        body: text,
      },
    ]);
  });

  it('keeps the connection for the next message', async () => {
    const { url, sockets } = await serve((_req, res) => res.end('{}'));
    for (let i = 0; i < 3; i++) {
      await (await providerCall(url, { method: 'POST', headers: {}, body: `{"n":${i}}` })).json();
    }
    expect(sockets.size).toBe(1);
  });

  it('answers a refusal with its status, not an error', async () => {
    const { url } = await serve((_req, res) => res.writeHead(429).end('slow down'));
    const answer = await providerCall(url, { method: 'GET', headers: {} });
    expect(answer.status).toBe(429);
    expect(answer.ok).toBe(false);
    await expect(answer.json()).rejects.toThrow();
  });

  it('gives up on a provider that does not answer', async () => {
    const { url } = await serve(() => undefined);
    const started = Date.now();
    await expect(
      providerCall(url, { method: 'POST', headers: {}, body: '{}', timeoutMs: 300 }),
    ).rejects.toThrow();
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  });

  it('fails when the answer is cut off before its end', async () => {
    const { url } = await serve((_req, res) => {
      res.writeHead(200, { 'content-length': '100' });
      res.write('{"id":');
      setTimeout(() => res.socket?.destroy(), 20);
    });
    await expect(providerCall(url, { method: 'POST', headers: {}, body: '{}' })).rejects.toThrow();
  });

  it('fails when nothing listens, and on a URL it cannot send to', async () => {
    const { url } = await serve((_req, res) => res.end('{}'));
    const open = server;
    server = undefined;
    await new Promise((r) => open?.close(r));
    await expect(providerCall(url, { method: 'GET', headers: {} })).rejects.toThrow();
    await expect(
      providerCall('ftp://example.test/x', { method: 'GET', headers: {} }),
    ).rejects.toThrow(/unsupported protocol/);
  });
});
