// /metrics' closed-loop figures are added up by the database (shopAccuracy); the rule of what a
// customer waited after a shown wait is TypeScript's (waitAfterEstimate, as `npm run accuracy`
// and the published accuracy judge it). Over random orders, the two must give the same figures.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { inArray } from 'drizzle-orm';
import { accuracyTable } from '@jono/queue';
import { buildTestApp } from './helpers';
import { fi, mutableClock } from './queue-factories';
import { orders, pobs, waitEstimates } from '../src/db/schema';
import { shopAccuracy, shownOutcomesByShop } from '../src/services/estimate-accuracy';
import type { App } from '../src/app';

const clock = mutableClock();
let app: App;
/** Half minutes: the waits land on x.5 minutes, where rounding to whole minutes must agree. */
const HALF = 30_000;
const SHOPS = [1, 2];

beforeAll(async () => {
  app = await buildTestApp({ now: clock.now, seedHistory: false });
});
afterAll(() => app.close());

const halves = (max: number) => fc.integer({ min: 0, max });
/** Half minutes from the moment shown: often -1, 0 or 1 (the rule's edges), else anywhere. */
const fromShown = (min: number, max: number) =>
  fc.oneof(fc.constantFrom(-1, 0, 1), fc.integer({ min, max }));
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });

/** One shown wait and the order it was shown to, in half minutes from a base time. */
const shownArb = fc.record({
  shop: fc.constantFrom(...SHOPS),
  priority: fc.constantFrom(0, 1, 2, 3),
  joined: halves(40),
  /** Shown this long after joining. */
  shownAfter: halves(40),
  atShop: fc.boolean(),
  checkedIn: maybe(fromShown(-40, 40)),
  started: maybe(fromShown(-10, 120)),
  turn: maybe(fromShown(-10, 120)),
  wait: fc.integer({ min: 0, max: 60 }),
  below: fc.integer({ min: 0, max: 10 }),
  above: fc.integer({ min: 0, max: 15 }),
  /** Days before now: some fall outside the window. */
  daysAgo: fc.constantFrom(0, 1, 13, 15),
});

/** The orders written, removed before the next case (the demo's own orders stay). */
const written: number[] = [];

type Shown = typeof shownArb extends fc.Arbitrary<infer T> ? T : never;

async function clear() {
  const db = fi(app).db;
  await db.delete(waitEstimates);
  if (written.length > 0) await db.delete(orders).where(inArray(orders.id, written.splice(0)));
}

async function write(rows: Shown[]) {
  const db = fi(app).db;
  for (const r of rows) {
    const base = clock.at - r.daysAgo * 86_400_000 - 200 * HALF;
    const joined = base + r.joined * HALF;
    const shown = joined + r.shownAfter * HALF;
    const t = (fromShown: number | null) =>
      fromShown === null ? null : new Date(shown + fromShown * HALF);
    const [o] = await db
      .insert(orders)
      .values({
        pobId: r.shop,
        source: 'walk_in',
        status: r.started === null ? 'cancelled' : 'serviced',
        priority: r.priority,
        rank: joined,
        customerAtPob: r.atShop,
        checkedInAt: t(r.checkedIn),
        joinedAt: new Date(joined),
        startedAt: t(r.started),
        turnAt: t(r.turn),
        plannedMinutes: 20,
        items: [],
      })
      .returning({ id: orders.id });
    if (!o) throw new Error('insert failed');
    written.push(o.id);
    await db.insert(waitEstimates).values({
      orderId: o.id,
      pobId: r.shop,
      priority: r.priority,
      at: new Date(shown),
      modelP10: r.wait,
      modelP50: r.wait,
      modelP90: r.wait,
      wait: r.wait,
      low: Math.max(0, r.wait - r.below),
      high: r.wait + r.above,
    });
  }
}

describe("/metrics' closed loop added up in SQL", () => {
  it('gives the figures of the TypeScript rule for random orders', async () => {
    const db = fi(app).db;
    await fc.assert(
      fc.asyncProperty(fc.array(shownArb, { minLength: 1, maxLength: 40 }), async (rows) => {
        await clear();
        await write(rows);
        const since = new Date(clock.at - 14 * 86_400_000);
        const expected = [...(await shownOutcomesByShop(db, since))].map(([shop, outcomes]) => {
          const all = accuracyTable(outcomes)[0];
          return { shop, n: all?.n, mae: all?.mae, longer: all?.longer, inside: all?.inside };
        });
        const got = await shopAccuracy(db, since);
        const byShop = <T extends { shop: string }>(list: T[]) =>
          [...list].sort((a, b) => a.shop.localeCompare(b.shop));
        expect(byShop(got)).toEqual(byShop(expected));
      }),
      { numRuns: 40 },
    );
  }, 240_000);

  it('counts a shop once per name and leaves out shops without a known outcome', async () => {
    const db = fi(app).db;
    await clear();
    // Shown 10 (8..15), sat 12 minutes later: inside, longer, error 2.
    await write([
      {
        shop: 1,
        priority: 0,
        joined: 0,
        shownAfter: 0,
        atShop: true,
        checkedIn: null,
        started: 24,
        turn: null,
        wait: 10,
        below: 2,
        above: 5,
        daysAgo: 1,
      },
      // Still on the way when shown, no recorded turn: no outcome.
      {
        shop: 2,
        priority: 0,
        joined: 0,
        shownAfter: 0,
        atShop: false,
        checkedIn: 30,
        started: 40,
        turn: null,
        wait: 10,
        below: 2,
        above: 5,
        daysAgo: 1,
      },
    ]);
    const [name] = await db
      .select({ name: pobs.name })
      .from(pobs)
      .where(inArray(pobs.id, [1]));
    const since = new Date(clock.at - 14 * 86_400_000);
    expect(await shopAccuracy(db, since)).toEqual([
      { shop: name?.name, n: 1, mae: 2, longer: 1, inside: 1 },
    ]);
  });
});
