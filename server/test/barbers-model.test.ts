// A model-based property test of named barbers (issue 30) through the API: random sequences of
// barbers signing on and off, walk-ins tied to a barber or free, changes of barber, starts and
// finishes. After every step: no order is lost, no chair holds two, a tied customer is only ever
// started by their own barber, and the shop's chairs are its barbers on duty. A second model adds
// app customers away from the shop who arrive later (issue 31): the turn of every customer away
// for whom a chair is free is recorded, at once and once (never moved later).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { and, eq, isNull } from 'drizzle-orm';
import type { App } from '../src/app';
import { barbers, orders, pobs } from '../src/db/schema';
import { buildTestApp } from './helpers';
import { awayTurns, chairStates } from '@jono/queue';
import { factsOf } from '../src/services/order-facts';
import { authFor, catalogue, fi, mutableClock, newCustomer, orderPayload } from './queue-factories';

const clock = mutableClock();
const SHOP = 5;
let app: App;
let auth: Record<string, string>;
let serviceId = 0;

beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
  const res = await app.inject({
    method: 'POST',
    url: '/api/fi/staff/login/',
    payload: { username: `barber${SHOP}`, password: 'Jono1234' },
  });
  auth = { authorization: `Bearer ${res.json<{ access_token: string }>().access_token}` };
  serviceId = (await catalogue(app, SHOP))[0]?.id ?? 0;
});
afterAll(() => app.close());

type Step =
  | { kind: 'on' | 'off'; barber: number }
  | { kind: 'join'; barber: number | null }
  | { kind: 'change'; order: number; barber: number | null }
  | { kind: 'start'; order: number; chair: number | null }
  | { kind: 'finish'; order: number };

const BARBERS = 3;
const barberPick = fc.option(fc.nat(BARBERS - 1), { nil: null });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constantFrom('on' as const, 'off' as const), barber: fc.nat(BARBERS - 1) }),
  fc.record({ kind: fc.constant('join' as const), barber: barberPick }),
  fc.record({ kind: fc.constant('change' as const), order: fc.nat(20), barber: barberPick }),
  fc.record({
    kind: fc.constant('start' as const),
    order: fc.nat(20),
    chair: fc.option(fc.integer({ min: 1, max: BARBERS }), { nil: null }),
  }),
  fc.record({ kind: fc.constant('finish' as const), order: fc.nat(20) }),
);

async function freshShop(): Promise<number[]> {
  const db = fi(app).db;
  await db.update(orders).set({ status: 'cancelled' }).where(eq(orders.pobId, SHOP));
  await db
    .update(barbers)
    .set({ removedAt: new Date(clock.at), chair: null })
    .where(and(eq(barbers.pobId, SHOP), isNull(barbers.removedAt)));
  await db.update(pobs).set({ chairs: 0 }).where(eq(pobs.id, SHOP));
  const all = [1, 2, 3, 4, 5, 6, 7];
  const rows = await db
    .insert(barbers)
    .values([
      {
        pobId: SHOP,
        firstName: 'Aino',
        week: all.map((weekday) => ({ weekday, from: '00:00', to: '24:00' })),
      },
      // Off at noon, back at 13:00 (Helsinki): signing off before then leaves a later shift.
      {
        pobId: SHOP,
        firstName: 'Eetu',
        week: all.flatMap((weekday) => [
          { weekday, from: '08:00', to: '11:00' },
          { weekday, from: '13:00', to: '23:00' },
        ]),
      },
      { pobId: SHOP, firstName: 'Veera', week: [] },
    ])
    .returning({ id: barbers.id });
  app.queue.invalidate('fi', SHOP);
  return rows.map((r) => r.id);
}

async function run(step: Step, ids: number[], created: number[]) {
  const barberOf = (i: number | null) => (i === null ? null : (ids[i] ?? null));
  const orderOf = (i: number) => created[i % Math.max(created.length, 1)];
  switch (step.kind) {
    case 'on':
    case 'off':
      return app.inject({
        method: step.kind === 'on' ? 'POST' : 'DELETE',
        url: `/api/fi/staff/barbers/${barberOf(step.barber)}/duty/`,
        headers: auth,
      });
    case 'join': {
      const res = await app.inject({
        method: 'POST',
        url: '/api/fi/staff/walk-ins/',
        headers: auth,
        payload: {
          items: [{ service_id: serviceId, extra_service_ids: [] }],
          barber_id: barberOf(step.barber),
        },
      });
      if (res.statusCode === 201) created.push(res.json<{ id: number }>().id);
      return res;
    }
    case 'change': {
      const id = orderOf(step.order);
      if (id === undefined) return null;
      return app.inject({
        method: 'POST',
        url: `/api/fi/staff/orders/${id}/barber/`,
        headers: auth,
        payload: { barber_id: barberOf(step.barber), customer_consent: true },
      });
    }
    case 'start':
    case 'finish': {
      const id = orderOf(step.order);
      if (id === undefined) return null;
      return app.inject({
        method: 'POST',
        url: `/api/fi/staff/orders/${id}/${step.kind}/`,
        headers: auth,
        ...(step.kind === 'start' && step.chair !== null ? { payload: { chair: step.chair } } : {}),
      });
    }
  }
}

describe('named barbers: a model of duty, choice and service', () => {
  it('loses no order, never seats two in a chair, starts a tied customer only by their barber', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 18 }), async (steps) => {
        const ids = await freshShop();
        const created: number[] = [];
        for (const s of steps) {
          const res = await run(s, ids, created);
          // Refusals are fine (409/404); nothing answers a server error.
          if (res) expect(res.statusCode, `${JSON.stringify(s)} ${res.body}`).toBeLessThan(500);
          const db = fi(app).db;
          const rows = await db.select().from(orders).where(eq(orders.pobId, SHOP));
          const mine = rows.filter((r) => created.includes(r.id));
          expect(mine).toHaveLength(created.length);
          const active = mine.filter((r) => r.status === 'active');
          const seated = active.filter((r) => r.startedAt !== null);
          const chairs = seated.map((r) => r.chair);
          expect(new Set(chairs).size).toBe(chairs.length);
          for (const r of seated) {
            // Every start in a shop with named barbers records who served: the chair's barber.
            expect(r.servedBy).not.toBeNull();
            if (r.barberId !== null) expect(r.servedBy).toBe(r.barberId);
          }
          for (const r of mine.filter((o) => o.status === 'serviced')) {
            if (r.barberId !== null) expect(r.servedBy).toBe(r.barberId);
          }
          const team = await db
            .select()
            .from(barbers)
            .where(and(eq(barbers.pobId, SHOP), isNull(barbers.removedAt)));
          const [pob] = await db.select().from(pobs).where(eq(pobs.id, SHOP));
          expect(pob?.chairs).toBe(team.filter((b) => b.chair !== null).length);
          // A waiting customer is tied only to a barber who works today (never stranded): off
          // duty, Eetu (a later shift), or Aino while due (her all-day shift began without her
          // and she has not signed off since).
          for (const r of active.filter((o) => o.startedAt === null && o.barberId !== null)) {
            const b = team.find((x) => x.id === r.barberId);
            expect(b).toBeDefined();
            if (b?.chair === null) {
              const due = b.firstName === 'Aino' && b.offDutySince === null;
              expect(b.firstName === 'Eetu' || due, b.firstName).toBe(true);
            }
          }
        }
      }),
      { numRuns: 25 },
    );
  }, 240_000);
});

type TurnStep =
  | Step
  | { kind: 'app'; barber: number | null }
  | { kind: 'arrive'; order: number }
  | { kind: 'wait' };

const turnStep: fc.Arbitrary<TurnStep> = fc.oneof(
  step,
  fc.record({ kind: fc.constant('app' as const), barber: barberPick }),
  fc.record({ kind: fc.constant('arrive' as const), order: fc.nat(20) }),
  fc.constant({ kind: 'wait' as const }),
);

describe('named barbers and customers away: when a turn comes (issue 31)', () => {
  it("records every away customer's turn when a chair is free for them, once", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(turnStep, { minLength: 5, maxLength: 16 }), async (steps) => {
        const ids = await freshShop();
        const created: number[] = [];
        const owners = new Map<number, number>();
        const seen = new Map<number, number>();
        for (const s of steps) {
          clock.advance(1);
          let res: Awaited<ReturnType<typeof run>> = null;
          if (s.kind === 'app') {
            const c = await newCustomer(app);
            const barber = s.barber === null ? null : (ids[s.barber] ?? null);
            res = await app.inject({
              method: 'POST',
              url: `/api/fi/customers/${c.id}/orders/`,
              headers: c.auth,
              payload: { ...(await orderPayload(app, SHOP)), barber_id: barber },
            });
            if (res.statusCode === 201) {
              const id = res.json<{ id: number }>().id;
              created.push(id);
              owners.set(id, c.id);
            }
          } else if (s.kind === 'arrive') {
            const apps = created.filter((id) => owners.has(id));
            const id = apps[s.order % Math.max(apps.length, 1)];
            const customer = id === undefined ? undefined : owners.get(id);
            if (id !== undefined && customer !== undefined) {
              res = await app.inject({
                method: 'PATCH',
                url: `/api/fi/customers/${customer}/orders/${id}/`,
                headers: await authFor(app, customer),
                payload: { customer_at_pob: true },
              });
            }
          } else if (s.kind === 'wait') {
            await app.queue.sweep(fi(app));
          } else {
            res = await run(s, ids, created);
          }
          if (res) expect(res.statusCode, `${JSON.stringify(s)} ${res.body}`).toBeLessThan(500);
          await app.queue.settled();

          const db = fi(app).db;
          const rows = (await db.select().from(orders).where(eq(orders.pobId, SHOP))).filter((r) =>
            created.includes(r.id),
          );
          const team = await db
            .select()
            .from(barbers)
            .where(and(eq(barbers.pobId, SHOP), isNull(barbers.removedAt)));
          const active = rows.filter((r) => r.status === 'active');
          const facts = active.map((r) => ({ ...factsOf(r), wantsBarberId: r.barberId }));
          const holders = team.flatMap((b) => (b.chair === null ? [] : [b]));
          const free = chairStates(
            holders.map((b) => b.chair as number),
            facts,
          )
            .chairs.filter((c) => c.state === 'free')
            .map((c) => ({
              chair: c.chair,
              barberId: holders.find((b) => b.chair === c.chair)?.id ?? null,
            }));
          // Complete: every customer away whose turn the rule says has come has it recorded.
          for (const o of awayTurns(free, facts, clock.now())) {
            const row = active.find((r) => r.id === o.id);
            expect(row?.turnAt, `${o.id} after ${JSON.stringify(s)}`).not.toBeNull();
          }
          for (const r of rows) {
            const turn = r.turnAt?.getTime() ?? null;
            if (turn === null) continue;
            // Once: never moved; never before joining nor after now.
            expect(turn).toBe(seen.get(r.id) ?? turn);
            seen.set(r.id, turn);
            expect(turn).toBeGreaterThanOrEqual(r.joinedAt.getTime());
            expect(turn).toBeLessThanOrEqual(clock.now());
          }
        }
      }),
      { numRuns: 20 },
    );
  }, 240_000);
});
