// The chain board's live stream: one stream carries every shop of the operator's markets; a
// burst of changes in a shop arrives as one message with that shop's new state.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { operatorBoardEventSchema, type OperatorBoardEvent } from '@jono/contract';
import { DEMO, buildTestApp, listenLocally } from './helpers';
import { join, newCustomer, WEDNESDAY_NOON } from './queue-factories';
import { openSse, type SseClient } from './sse-client';
import type { App } from '../src/app';
import { eq } from 'drizzle-orm';
import { operators } from '../src/db/schema';
import { recheckSessions } from '../src/services/revocation';

let app: App;
let base: string;
const open: SseClient[] = [];

beforeAll(async () => {
  app = await buildTestApp({ now: () => WEDNESDAY_NOON, markets: ['fi', 'no'] });
  base = `${await listenLocally(app)}/api`;
});
afterAll(async () => {
  for (const s of open) s.close();
  await app.close();
});

async function token(market: string, username: string) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/${market}/staff/login/`,
    payload: { username, password: DEMO.password },
  });
  return res.json<{ access_token: string }>().access_token;
}

describe('GET /operator/events', () => {
  it('sends the changed shops of every market on one stream', async () => {
    const chain = await token('no', 'operator');
    const s = await openSse(`${base}/no/operator/events?markets=fi,no`, {
      authorization: `Bearer ${chain}`,
    });
    open.push(s);
    expect(s.status).toBe(200);
    const customers = await Promise.all([1, 2, 3].map(() => newCustomer(app)));
    await Promise.all(customers.map((c) => join(app, c, 5)));
    const msg = await s.next<OperatorBoardEvent>(
      (m) => m.market === 'fi' && m.shops.some((shop) => shop.id === 5),
      10_000,
    );
    const event = operatorBoardEventSchema.parse(msg);
    const shop5 = event.shops.find((shop) => shop.id === 5);
    expect(shop5?.waiting_by_priority.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(3);
    // Only the shops that changed, not the whole chain.
    expect(event.shops.length).toBeLessThan(5);
  });

  it('sends a changed shop whose state could not be read at a later message, without another change', async () => {
    const chain = await token('no', 'operator');
    const s = await openSse(`${base}/no/operator/events?markets=fi`, {
      authorization: `Bearer ${chain}`,
    });
    open.push(s);
    // The next build of the changed shops fails (the database away for a moment).
    const board = app.operatorBoard as unknown as { build: (...args: unknown[]) => unknown };
    const build = vi.spyOn(board, 'build').mockRejectedValueOnce(new Error('the database is away'));
    expect((await join(app, await newCustomer(app), 5)).statusCode).toBe(201);
    const msg = await s.next<OperatorBoardEvent>(
      (m) => m.market === 'fi' && m.shops.some((shop) => shop.id === 5),
      10_000,
    );
    expect(build.mock.calls.length).toBeGreaterThanOrEqual(2);
    expect(msg.shops.find((shop) => shop.id === 5)?.waiting_by_priority.some((n) => n > 0)).toBe(
      true,
    );
    build.mockRestore();
  });

  it('refuses a market the operator does not cover', async () => {
    const fiOnly = await token('fi', 'operator-fi');
    const s = await openSse(`${base}/fi/operator/events?markets=fi,no`, {
      authorization: `Bearer ${fiOnly}`,
    });
    open.push(s);
    expect(s.status).toBe(403);
  });

  describe('an operator account removed or given a new password', () => {
    let n = 0;
    /** A new market operator of FI with an open board stream. */
    async function openOperator() {
      n += 1;
      const chain = { authorization: `Bearer ${await token('fi', 'operator')}` };
      const username = `ops-live-${n}`;
      const created = await app.inject({
        method: 'POST',
        url: '/api/fi/operator/accounts/',
        headers: chain,
        payload: { username, name: `Live ${n}`, password: 'Start1234' },
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json<{ id: number }>().id;
      const login = await app.inject({
        method: 'POST',
        url: '/api/fi/staff/login/',
        payload: { username, password: 'Start1234' },
      });
      const own = {
        authorization: `Bearer ${login.json<{ access_token: string }>().access_token}`,
      };
      const s = await openSse(`${base}/fi/operator/events`, own);
      open.push(s);
      expect(s.status).toBe(200);
      return { id, chain, own, s };
    }
    const ended = (s: SseClient) => s.next(() => false, 3_000);

    it('removed: its open stream ends at once and its token stops working', async () => {
      const { id, chain, own, s } = await openOperator();
      const removed = await app.inject({
        method: 'DELETE',
        url: `/api/fi/operator/accounts/${id}/`,
        headers: chain,
      });
      expect(removed.statusCode).toBe(200);
      await expect(ended(s)).rejects.toThrow('stream ended');
      expect((await app.inject({ url: '/api/fi/operator/shops/', headers: own })).statusCode).toBe(
        401,
      );
      const again = await openSse(`${base}/fi/operator/events`, own);
      open.push(again);
      expect(again.status).toBe(401);
    });

    it('a new password: its open stream ends at once', async () => {
      const { id, chain, own, s } = await openOperator();
      const reset = await app.inject({
        method: 'POST',
        url: `/api/fi/operator/accounts/${id}/password/`,
        headers: chain,
        payload: { password: 'Other1234' },
      });
      expect(reset.statusCode).toBe(200);
      await expect(ended(s)).rejects.toThrow('stream ended');
      expect((await app.inject({ url: '/api/fi/operator/shops/', headers: own })).statusCode).toBe(
        401,
      );
    });

    it('removed where no notice arrived (another process, a lost NOTIFY): the re-check ends it', async () => {
      const { id, s } = await openOperator();
      await app.markets.get('fi')!.db.delete(operators).where(eq(operators.id, id));
      expect(await recheckSessions(app)).toBeGreaterThanOrEqual(1);
      await expect(ended(s)).rejects.toThrow('stream ended');
    });
  });
});
