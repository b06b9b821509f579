// The app's join is limited per IP like every flooded route, but counts its attempt in the
// statement that reads the customer (one round trip fewer): the same answers as the hook's.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from './helpers';
import { fi, mutableClock, newCustomer, orderPayload } from './queue-factories';
import type { App } from '../src/app';
import { rateCounters } from '../src/db/schema';

let app: App;
const clock = mutableClock();
beforeAll(async () => {
  app = await buildTestApp({ now: clock.now, limits: { orders: { max: 3, windowMs: 60_000 } } });
});
afterAll(() => app.close());

async function post(customer: { id: number; auth: Record<string, string> }, payload: unknown) {
  return app.inject({
    method: 'POST',
    url: `/api/fi/customers/${customer.id}/orders/`,
    headers: customer.auth,
    payload: payload as Record<string, unknown>,
  });
}

describe("the app join's IP limit", () => {
  it('counts joins, refusals and invalid bodies alike, and refuses the attempt over the limit', async () => {
    await fi(app).db.delete(rateCounters);
    const payload = await orderPayload(app, 1);
    const first = await newCustomer(app);
    // Joined; then refused (already queuing); then an invalid body, refused before the handler.
    expect((await post(first, payload)).statusCode).toBe(201);
    expect((await post(first, payload)).statusCode).toBe(409);
    expect((await post(first, { items: [] })).statusCode).toBe(400);
    // The invalid body is counted after its answer (onResponse): wait for that count, which the
    // next attempt raced under load (a PostgreSQL run with two test files at once).
    await vi.waitFor(async () => {
      const [counted] = await fi(app).db.select().from(rateCounters);
      expect(counted?.hits).toBe(3);
    });
    const over = await post(await newCustomer(app), payload);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ error: 'rate_limited' });
    expect(Number(over.headers['retry-after'])).toBeGreaterThanOrEqual(59);
    // The refused attempt is taken back: the window's count stays at the limit.
    const [counter] = await fi(app).db.select().from(rateCounters);
    expect(counter?.hits).toBe(3);
    // A new window allows joins again.
    clock.at += 61_000;
    expect((await post(await newCustomer(app), payload)).statusCode).toBe(201);
  });

  it('refuses an unknown customer with 404 and a stranger with 403, counting both', async () => {
    await fi(app).db.delete(rateCounters);
    const payload = await orderPayload(app, 1);
    const someone = await newCustomer(app);
    const stranger = await post({ id: someone.id + 1_000_000, auth: someone.auth }, payload);
    expect(stranger.statusCode).toBe(403);
    const ghostId = someone.id + 1_000_000;
    const token = await app.tokens.signAccess({
      sub: String(ghostId),
      market: 'fi',
      kind: 'customer',
    });
    const ghost = await post({ id: ghostId, auth: { authorization: `Bearer ${token}` } }, payload);
    expect(ghost.statusCode).toBe(404);
    const [counter] = await fi(app).db.select().from(rateCounters);
    expect(counter?.hits).toBe(2);
  });
});
