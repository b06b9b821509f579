// Operators: the chain board's sign-in, what each operator may read, and the board itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorLoginAnswerSchema, operatorShopsSchema, type OperatorShops } from '@jono/contract';
import { DEMO, buildTestApp, login } from './helpers';
import { eq } from 'drizzle-orm';
import { fi, join, mutableClock, newCustomer, setShop } from './queue-factories';
import { outbox } from '../src/db/schema';
import { enqueue } from '../src/services/outbox';
import type { App } from '../src/app';

const clock = mutableClock();
let app: App;

const signIn = (market: string, username: string, password = DEMO.password) =>
  app.inject({
    method: 'POST',
    url: `/api/${market}/staff/login/`,
    payload: { username, password },
  });
async function bearer(market: string, username: string) {
  const res = await signIn(market, username);
  expect(res.statusCode, res.body).toBe(200);
  return { authorization: `Bearer ${res.json<{ access_token: string }>().access_token}` };
}
const shopsOf = (market: string, auth: Record<string, string>, query = '') =>
  app.inject({ url: `/api/${market}/operator/shops/${query}`, headers: auth });

beforeAll(async () => {
  app = await buildTestApp({ now: clock.now, markets: ['fi', 'no'] });
});
afterAll(() => app.close());

describe('operator sign-in', () => {
  it('signs in operator-fi at the staff login and answers an operator, not a staff member', async () => {
    const res = await signIn('fi', 'operator-fi');
    expect(res.statusCode).toBe(200);
    const body = operatorLoginAnswerSchema.parse(res.json());
    expect(body.operator).toMatchObject({ username: 'operator-fi', markets: ['fi'] });
    expect(res.json()).not.toHaveProperty('staff');
  });

  it('refuses a wrong password, and a market operator at another market', async () => {
    expect((await signIn('fi', 'operator-fi', 'Wrong1234')).statusCode).toBe(401);
    expect((await signIn('fi', 'operator-no')).statusCode).toBe(401);
    expect((await signIn('no', 'operator-fi')).statusCode).toBe(401);
  });

  it('signs in the chain operator at any market it covers', async () => {
    for (const market of ['fi', 'no']) {
      const res = await signIn(market, 'operator');
      expect(res.statusCode, res.body).toBe(200);
      expect(operatorLoginAnswerSchema.parse(res.json()).operator.markets).toEqual(
        expect.arrayContaining(['fi', 'no']),
      );
    }
  });
});

describe('who reaches GET /operator/shops/', () => {
  it('an operator of NO cannot see FI, and FI cannot see NO', async () => {
    const no = await bearer('no', 'operator-no');
    const fi = await bearer('fi', 'operator-fi');
    expect((await shopsOf('no', no)).statusCode).toBe(200);
    const refused = await shopsOf('fi', no);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('Kamppi');
    expect((await shopsOf('no', fi)).statusCode).toBe(403);
    // The live stream too.
    const stream = await app.inject({ url: '/api/fi/operator/events', headers: no });
    expect(stream.statusCode).toBe(403);
    const fiStream = await app.inject({
      url: '/api/fi/operator/events?markets=fi,no',
      headers: fi,
    });
    expect(fiStream.statusCode).toBe(403);
  });

  it('the chain operator reads every market with the token from one sign-in', async () => {
    const chain = await bearer('no', 'operator');
    for (const market of ['fi', 'no']) {
      const res = await shopsOf(market, chain);
      expect(res.statusCode, res.body).toBe(200);
      expect(operatorShopsSchema.parse(res.json()).shops.every((s) => s.market === market)).toBe(
        true,
      );
    }
  });

  it('managers, barbers, customers and no token never reach it', async () => {
    const manager = await bearer('fi', 'manager1');
    const barber = await bearer('fi', 'barber1');
    const customer = await login(app, DEMO.gold);
    for (const auth of [manager, barber, customer.auth]) {
      const res = await shopsOf('fi', auth);
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('waiting_by_priority');
    }
    expect((await shopsOf('fi', {})).statusCode).toBe(401);
  });

  it("an operator's token opens no staff or customer route", async () => {
    const op = await bearer('fi', 'operator-fi');
    expect((await app.inject({ url: '/api/fi/staff/queue/', headers: op })).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/fi/customers/1/', headers: op })).statusCode).toBe(403);
  });
});

describe('the chain board', () => {
  it('lists every shop with its live queue and last hour, sorted by attention', async () => {
    const op = await bearer('fi', 'operator-fi');
    const before = operatorShopsSchema.parse((await shopsOf('fi', op)).json());
    const shop1 = before.shops.find((s) => s.id === 1);
    if (!shop1) throw new Error('shop 1 missing');
    const customer = await newCustomer(app, { membershipType: null });
    expect((await join(app, customer, 1)).statusCode).toBe(201);
    const after: OperatorShops = operatorShopsSchema.parse((await shopsOf('fi', op)).json());
    expect(after.count).toBe(before.count);
    const now1 = after.shops.find((s) => s.id === 1);
    if (!now1) throw new Error('shop 1 missing');
    expect(now1.waiting_by_priority[0]).toBe((shop1.waiting_by_priority[0] ?? 0) + 1);
    expect(now1.last_hour.joins).toBe(shop1.last_hour.joins + 1);
    expect(now1.barbers_on_duty).toBeGreaterThan(0);
    expect(now1.service_time_estimates.length).toBeGreaterThan(0);
    const scores = after.shops.map((s) => s.attention);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('puts a closed queue with customers waiting first', async () => {
    const op = await bearer('fi', 'operator-fi');
    const customer = await newCustomer(app, { membershipType: null });
    expect((await join(app, customer, 2)).statusCode).toBe(201);
    await setShop(app, 2, { queueState: 'closed' });
    const board = operatorShopsSchema.parse((await shopsOf('fi', op)).json());
    expect(board.shops[0]).toMatchObject({ id: 2, reasons: ['closed_with_waiting'] });
    await setShop(app, 2, { queueState: 'open' });
  });

  it('puts a shop whose customer alerts failed in the last hour above quiet shops, and says so', async () => {
    const op = await bearer('fi', 'operator-fi');
    const ctx = fi(app);
    const alert = (key: string, purpose: 'turnNear' | 'reply') => ({
      key,
      channel: 'sms' as const,
      purpose,
      recipient: '+358401234567',
      body: 'Your turn is near',
      pobId: 3,
      deadline: null,
    });
    await enqueue(
      ctx.db,
      [
        alert('t-failed-now', 'turnNear'),
        alert('t-failed-old', 'turnNear'),
        alert('t-reply-failed', 'reply'),
      ],
      clock.now(),
    );
    const fail = (key: string, at: number) =>
      ctx.db
        .update(outbox)
        .set({ status: 'failed', updatedAt: new Date(at) })
        .where(eq(outbox.key, key));
    // One alert failed now; one two hours ago (not the last hour); a reply is not an alert.
    await fail('t-failed-now', clock.now());
    await fail('t-failed-old', clock.now() - 2 * 3_600_000);
    await fail('t-reply-failed', clock.now());
    await app.queue.changed(ctx, 3);
    const board = operatorShopsSchema.parse((await shopsOf('fi', op)).json());
    const shop3 = board.shops.find((s) => s.id === 3);
    expect(shop3).toMatchObject({ reasons: ['alerts_failed'], last_hour: { alerts_failed: 1 } });
    const quiet = board.shops.filter((s) => s.reasons.length === 0);
    expect(quiet.length).toBeGreaterThan(0);
    expect(board.shops.indexOf(shop3!)).toBeLessThan(board.shops.indexOf(quiet[0]!));
    // An expired alert counts too.
    await enqueue(ctx.db, [alert('t-expired', 'turnNear')], clock.now());
    await ctx.db
      .update(outbox)
      .set({ status: 'expired', updatedAt: new Date(clock.now()) })
      .where(eq(outbox.key, 't-expired'));
    await app.queue.changed(ctx, 3);
    const again = operatorShopsSchema.parse((await shopsOf('fi', op)).json());
    const later = again.shops.find((s) => s.id === 3);
    expect(later?.last_hour.alerts_failed).toBe(2);
    expect(later!.attention).toBeGreaterThan(shop3!.attention);
    // An hour later the failures are history.
    clock.advance(61);
    const hourLater = operatorShopsSchema.parse((await shopsOf('fi', op)).json());
    expect(hourLater.shops.find((s) => s.id === 3)?.reasons).not.toContain('alerts_failed');
    clock.advance(-61);
  });

  it('pages through the shops without losing or repeating one', async () => {
    const op = await bearer('fi', 'operator-fi');
    const all = operatorShopsSchema.parse((await shopsOf('fi', op)).json());
    const seen: number[] = [];
    let offset: number | null = 0;
    while (offset !== null) {
      const page = operatorShopsSchema.parse(
        (await shopsOf('fi', op, `?offset=${offset}&limit=4`)).json(),
      );
      seen.push(...page.shops.map((s) => s.id));
      offset = page.next_offset;
    }
    expect(seen).toEqual(all.shops.map((s) => s.id));
    expect((await shopsOf('fi', op, '?limit=5000')).statusCode).toBe(400);
  });

  it('is built once per queue change, not per request', async () => {
    const op = await bearer('fi', 'operator-fi');
    await shopsOf('fi', op);
    const computations = app.queue.computations;
    await shopsOf('fi', op);
    await shopsOf('fi', op);
    expect(app.queue.computations).toBe(computations);
  });
});

describe('operator messages (issue 27: authority matches reach)', () => {
  const send = (market: string, auth: Record<string, string>, to: unknown) =>
    app.inject({
      method: 'POST',
      url: `/api/${market}/operator/messages/`,
      headers: auth,
      payload: { title: 'Sunnuntaina auki', content: '<p>Kaikki liikkeet auki.</p>', to },
    });

  it('lets a market operator write to every customer of the market, and nobody else', async () => {
    const op = await bearer('fi', 'operator-fi');
    const sent = await send('fi', op, 'all');
    expect(sent.statusCode, sent.body).toBe(201);
    // Any customer of the market sees it, served anywhere or never.
    const { customer_id, auth } = await login(app, DEMO.oneTime);
    const list = await app.inject({
      url: `/api/fi/customers/${customer_id}/messages/`,
      headers: auth,
    });
    expect(list.json<{ items: { title: string }[] }>().items.map((m) => m.title)).toContain(
      'Sunnuntaina auki',
    );
    // Another market's operator, a manager and a customer cannot.
    expect((await send('fi', await bearer('no', 'operator-no'), 'all')).statusCode).toBe(403);
    expect((await send('fi', await bearer('fi', 'manager1'), 'all')).statusCode).toBe(403);
    expect((await send('fi', auth, 'all')).statusCode).toBe(403);
    // A phone nobody has is 404.
    expect((await send('fi', op, { phone: '+358409999998' })).statusCode).toBe(404);
  });

  it('allows a few a day per market', async () => {
    const op = await bearer('fi', 'operator-fi');
    const relaxed = app.limits.messagesPerMarket;
    app.limits.messagesPerMarket = { max: 2, windowMs: 86_400_000 };
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await send('fi', op, 'all')).statusCode);
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    } finally {
      app.limits.messagesPerMarket = relaxed;
    }
  });
});
