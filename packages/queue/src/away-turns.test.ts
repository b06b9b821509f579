// When an away customer's turn comes (issue 31): the one rule the server records `turn_at` by
// and the simulator calls its customers by (barber-eligibility.ts awayTurns).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { awayTurns, nextPerChair, type FreeChair, type TiedOrderFacts } from './barber-eligibility';

const order = (id: number, over: Partial<TiedOrderFacts> = {}): TiedOrderFacts => ({
  id,
  status: 'active',
  priority: 0,
  rank: id,
  atShop: true,
  startedAt: null,
  chair: null,
  deferredUntil: null,
  heldUntil: null,
  arrivesAt: null,
  wantsBarberId: null,
  ...over,
});
const ids = (list: readonly { id: number }[]) => list.map((o) => o.id);

describe('awayTurns', () => {
  it('no free chair: nobody’s turn comes', () => {
    expect(awayTurns([], [order(1, { atShop: false })], 0)).toEqual([]);
  });

  it('a free chair and the first in line away: their turn has come', () => {
    const free = [{ chair: 1, barberId: null }];
    expect(ids(awayTurns(free, [order(1, { atShop: false }), order(2)], 0))).toEqual([1]);
  });

  it('the first in line here takes the chair: the one away behind them waits', () => {
    const free = [{ chair: 1, barberId: null }];
    expect(ids(awayTurns(free, [order(1), order(2, { atShop: false })], 0))).toEqual([]);
    // Two free chairs: the second is free for the customer away.
    const two = [...free, { chair: 2, barberId: null }];
    expect(ids(awayTurns(two, [order(1), order(2, { atShop: false })], 0))).toEqual([2]);
  });

  it('several away in a row: the free chair is free for each until someone here takes it', () => {
    const free = [{ chair: 1, barberId: null }];
    const queue = [
      order(1, { atShop: false }),
      order(2, { atShop: false }),
      order(3),
      order(4, { atShop: false }),
    ];
    expect(ids(awayTurns(free, queue, 0))).toEqual([1, 2]);
  });

  it('a deferred customer asked for more time; one on the way or held is away', () => {
    const free = [{ chair: 1, barberId: null }];
    const queue = [
      order(1, { deferredUntil: 10_000 }),
      order(2, { atShop: false, arrivesAt: 5_000 }),
      order(3, { atShop: false, heldUntil: 9_000 }),
    ];
    expect(ids(awayTurns(free, queue, 0))).toEqual([2, 3]);
    // The deferral over, the deferred customer (here) takes the chair.
    expect(ids(awayTurns(free, queue, 20_000))).toEqual([]);
  });

  it("a customer tied to a barber: only when that barber's chair is free", () => {
    const free = [{ chair: 2, barberId: 8 }];
    expect(awayTurns(free, [order(1, { atShop: false, wantsBarberId: 7 })], 0)).toEqual([]);
    expect(ids(awayTurns(free, [order(1, { atShop: false, wantsBarberId: 8 })], 0))).toEqual([1]);
  });

  it('members ahead in the queue count first (priority, rank)', () => {
    const free = [{ chair: 1, barberId: null }];
    const queue = [order(1, { atShop: false }), order(2, { priority: 2 })];
    expect(awayTurns(free, queue, 0)).toEqual([]);
  });
});

// Random shops: 0-3 free chairs (with or without named barbers), 0-8 waiting customers here,
// away, on the way, held or deferred, some tied to a barber.
const shopArb = fc
  .record({
    named: fc.boolean(),
    chairs: fc.uniqueArray(fc.integer({ min: 1, max: 4 }), { maxLength: 3 }),
    orders: fc.array(
      fc.record({
        priority: fc.constantFrom(0, 0, 1, 2),
        state: fc.constantFrom('here', 'away', 'on_the_way', 'held', 'deferred'),
        tied: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
      }),
      { maxLength: 8 },
    ),
  })
  .map(({ named, chairs, orders }) => {
    const free: FreeChair[] = chairs.map((c) => ({ chair: c, barberId: named ? c : null }));
    const list = orders.map((o, i) =>
      order(i + 1, {
        priority: o.priority,
        wantsBarberId: named ? o.tied : null,
        atShop: o.state === 'here' || o.state === 'deferred',
        arrivesAt: o.state === 'on_the_way' ? 60_000 : null,
        heldUntil: o.state === 'held' ? 60_000 : null,
        deferredUntil: o.state === 'deferred' ? 60_000 : null,
      }),
    );
    return { free, list, named };
  });

describe('awayTurns: the moment the engine would have started them (property)', () => {
  it('a customer away whose turn came would be seated by nextPerChair were they here', () => {
    fc.assert(
      fc.property(shopArb, ({ free, list }) => {
        for (const o of awayTurns(free, list, 0)) {
          expect(o.atShop).toBe(false);
          const here = list.map((x) =>
            x.id === o.id ? { ...x, atShop: true, arrivesAt: null, heldUntil: null } : x,
          );
          const seated = [...nextPerChair(free, here, 0).values()].map((x) => x?.id);
          expect(seated).toContain(o.id);
        }
      }),
    );
  });

  it('and conversely for a customer who chose no barber: seated were they here => turn came', () => {
    fc.assert(
      fc.property(shopArb, ({ free, list }) => {
        const due = new Set(ids(awayTurns(free, list, 0)));
        for (const o of list) {
          if (o.atShop || o.wantsBarberId !== null) continue;
          const here = list.map((x) =>
            x.id === o.id ? { ...x, atShop: true, arrivesAt: null, heldUntil: null } : x,
          );
          const seated = [...nextPerChair(free, here, 0).values()].map((x) => x?.id);
          expect(due.has(o.id)).toBe(seated.includes(o.id));
        }
      }),
    );
  });

  it('customers here are never in the answer, and nobody when no chair is free', () => {
    fc.assert(
      fc.property(shopArb, ({ free, list }) => {
        const due = awayTurns(free, list, 0);
        expect(due.every((o) => !o.atShop)).toBe(true);
        if (free.length === 0) expect(due).toEqual([]);
      }),
    );
  });
});
