// The rehearsal before listening (server.ts) goes through the app's own request handler over a
// loopback socket (lib/loopback-requests.ts): real node:http requests, answered as a client's
// would be (the ready reads' fast path included), and nothing left listening afterwards.
import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { loopbackRequests } from '../src/lib/loopback-requests';
import { buildTestApp } from './helpers';

let app: App;
beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
});
afterAll(() => app.close());

describe('loopback requests', () => {
  it("answers through the app's handler before it listens, the fast path included", async () => {
    expect(app.server.listening).toBe(false);
    const fast = app.reads.fastAnswers;
    const statuses = await loopbackRequests(app.server, [
      { method: 'GET', url: '/api/fi/pobs/1/', headers: { 'accept-language': 'en' } },
      { method: 'GET', url: '/api/fi/pobs/1/', headers: { 'accept-language': 'en' } },
      { method: 'GET', url: '/api/fi/pobs/999999/' },
      { method: 'POST', url: '/api/fi/customers/1/orders/', json: { pob_id: 1, items: [] } },
    ]);
    expect(statuses).toEqual([200, 200, 404, 401]);
    // The second read was a ready read, answered before routing.
    expect(app.reads.fastAnswers).toBe(fast + 1);
    expect(app.server.listening).toBe(false);
  });

  it('fails instead of hanging when an answer never comes, and leaves nothing listening', async () => {
    const silent = createServer(() => undefined);
    await expect(loopbackRequests(silent, [{ method: 'GET', url: '/never' }], 200)).rejects.toThrow(
      /no answer to GET \/never/,
    );
    expect(silent.listening).toBe(false);
  });
});
