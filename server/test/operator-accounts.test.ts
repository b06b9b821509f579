// The chain operator manages a market's operator accounts; a market operator, manager or barber
// cannot.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorAccountSchema, operatorAccountsSchema } from '@jono/contract';
import { DEMO, buildTestApp } from './helpers';
import { mutableClock } from './queue-factories';
import type { App } from '../src/app';

const clock = mutableClock();
let app: App;

const signIn = (market: string, username: string, password = DEMO.password) =>
  app.inject({
    method: 'POST',
    url: `/api/${market}/staff/login/`,
    payload: { username, password },
  });
async function bearer(market: string, username: string, password = DEMO.password) {
  const res = await signIn(market, username, password);
  expect(res.statusCode, res.body).toBe(200);
  return { authorization: `Bearer ${res.json<{ access_token: string }>().access_token}` };
}

beforeAll(async () => {
  app = await buildTestApp({ now: clock.now, markets: ['fi', 'no'] });
});
afterAll(() => app.close());

describe('/operator/accounts/', () => {
  it('the chain operator creates a market operator, resets its password and removes it', async () => {
    const chain = await bearer('fi', 'operator');
    const list = operatorAccountsSchema.parse(
      (await app.inject({ url: '/api/fi/operator/accounts/', headers: chain })).json(),
    );
    expect(list.map((a) => a.username)).toEqual(['operator-fi']);
    const created = await app.inject({
      method: 'POST',
      url: '/api/fi/operator/accounts/',
      headers: chain,
      payload: { username: 'ops-helsinki', name: 'Helsinki ops', password: 'Start1234' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const account = operatorAccountSchema.parse(created.json());
    // It signs in at FI, sees FI and not NO.
    const own = await bearer('fi', 'ops-helsinki', 'Start1234');
    expect((await app.inject({ url: '/api/fi/operator/shops/', headers: own })).statusCode).toBe(
      200,
    );
    expect((await app.inject({ url: '/api/no/operator/shops/', headers: own })).statusCode).toBe(
      403,
    );
    // A taken name, in this market or another, is a conflict.
    for (const username of ['ops-helsinki', 'operator-no']) {
      const again = await app.inject({
        method: 'POST',
        url: '/api/fi/operator/accounts/',
        headers: chain,
        payload: { username, name: 'x', password: 'Start1234' },
      });
      expect(again.statusCode).toBe(409);
    }
    // A new password: the old one and the open session stop working.
    const reset = await app.inject({
      method: 'POST',
      url: `/api/fi/operator/accounts/${account.id}/password/`,
      headers: chain,
      payload: { password: 'Other1234' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await signIn('fi', 'ops-helsinki', 'Start1234')).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/fi/operator/shops/', headers: own })).statusCode).toBe(
      401,
    );
    const renewed = await bearer('fi', 'ops-helsinki', 'Other1234');
    // Removed: it can neither sign in nor use its session.
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/fi/operator/accounts/${account.id}/`,
      headers: chain,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await signIn('fi', 'ops-helsinki', 'Other1234')).statusCode).toBe(401);
    expect(
      (await app.inject({ url: '/api/fi/operator/shops/', headers: renewed })).statusCode,
    ).toBe(401);
  });

  it("never touches the chain operator's own account through a market", async () => {
    const chain = await bearer('fi', 'operator');
    let tried = 0;
    for (const market of ['fi', 'no']) {
      const home = app.markets.get(market as 'fi');
      const rows = await home!.db.query.operators.findMany();
      const own = rows.find((r) => r.username === 'operator');
      if (!own) continue;
      tried += 1;
      const res = await app.inject({
        method: 'DELETE',
        url: `/api/${market}/operator/accounts/${own.id}/`,
        headers: chain,
      });
      expect(res.statusCode).toBe(404);
    }
    expect(tried).toBe(1);
    expect((await signIn('fi', 'operator')).statusCode).toBe(200);
  });

  it('a market operator, a manager and a barber cannot list, create, reset or remove', async () => {
    const target = (
      await app.inject({
        url: '/api/fi/operator/accounts/',
        headers: await bearer('fi', 'operator'),
      })
    ).json<{ id: number }[]>()[0];
    if (!target) throw new Error('no operator-fi');
    for (const username of ['operator-fi', 'manager1', 'barber1']) {
      const auth = await bearer('fi', username);
      const calls = [
        app.inject({ url: '/api/fi/operator/accounts/', headers: auth }),
        app.inject({
          method: 'POST',
          url: '/api/fi/operator/accounts/',
          headers: auth,
          payload: { username: `x-${username}`, name: 'x', password: 'Start1234' },
        }),
        app.inject({
          method: 'POST',
          url: `/api/fi/operator/accounts/${target.id}/password/`,
          headers: auth,
          payload: { password: 'Hacked1234' },
        }),
        app.inject({
          method: 'DELETE',
          url: `/api/fi/operator/accounts/${target.id}/`,
          headers: auth,
        }),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.statusCode, `${username} ${res.body}`).toBe(403);
      }
    }
    // Nothing changed: operator-fi still signs in with its password.
    expect((await signIn('fi', 'operator-fi')).statusCode).toBe(200);
    expect((await signIn('fi', 'x-operator-fi', 'Start1234')).statusCode).toBe(401);
  });
});
