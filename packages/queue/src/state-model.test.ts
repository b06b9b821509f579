// Model-based tests of the state model: random sequences of what two tablets, customers and the
// clock do to one shop, run on state-model.ts and on a small reference model written apart from
// it; after every step both must agree on every verdict and state, and the invariants must hold.
// fast-check prints the seed and the shortest failing sequence on failure.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyAction,
  chairStates,
  decide,
  nextShopStateChange,
  nextToSit,
  orderState,
  shopInvariantViolations,
  type Action,
  type OrderFacts,
  type PresenceBeforeStart,
} from './state-model';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 26, 9, 0);
const GRACE = 10;

type Command =
  | { c: 'join'; app: boolean; priority: number }
  | { c: 'check_in'; i: number }
  | { c: 'set_off'; i: number; travel: number }
  | { c: 'self_defer'; i: number; minutes: number }
  | { c: 'tick'; minutes: number }
  | { c: 'chairs'; n: number }
  | { c: 'refresh'; tablet: number }
  | { c: 'chair_start'; tablet: number; k: number }
  | { c: 'start'; i: number; chair: number | null }
  | { c: 'finish' | 'no_show' | 'cancel' | 'defer' | 'undo'; i: number };

// Few orders per sequence, so that actions meet the same orders often (undo after reuse...).
const index = fc.nat({ max: 5 });
const commandArb: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      c: fc.constant('join' as const),
      app: fc.boolean(),
      priority: fc.nat({ max: 3 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ c: fc.constant('check_in' as const), i: index }) },
  {
    weight: 1,
    arbitrary: fc.record({
      c: fc.constant('set_off' as const),
      i: index,
      travel: fc.integer({ min: 1, max: 30 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      c: fc.constant('self_defer' as const),
      i: index,
      minutes: fc.constantFrom(15, 30),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      c: fc.constant('tick' as const),
      minutes: fc.integer({ min: 1, max: 25 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ c: fc.constant('chairs' as const), n: fc.nat({ max: 4 }) }) },
  {
    weight: 2,
    arbitrary: fc.record({ c: fc.constant('refresh' as const), tablet: fc.nat({ max: 1 }) }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      c: fc.constant('chair_start' as const),
      tablet: fc.nat({ max: 1 }),
      k: fc.nat({ max: 3 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      c: fc.constant('start' as const),
      i: index,
      chair: fc.option(fc.integer({ min: 1, max: 5 })),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      c: fc.constantFrom(
        'finish' as const,
        'no_show' as const,
        'cancel' as const,
        'defer' as const,
      ),
      i: index,
    }),
  },
  { weight: 3, arbitrary: fc.record({ c: fc.constant('undo' as const), i: index }) },
);

// ---- The reference model: the rules in plain words, apart from state-model.ts ------------------

interface RefOrder {
  id: number;
  priority: number;
  rank: number;
  here: boolean;
  chair: number | null;
  done: 'served' | 'no_show' | 'cancelled' | null;
  deferredUntil: number;
  arrivesAt: number;
  heldUntil: number;
  last: 'start' | 'finish' | 'no_show' | 'cancel' | null;
  hereBeforeStart: boolean;
}

function refKind(o: RefOrder, now: number): string {
  if (o.done) return o.done;
  if (o.chair !== null) return 'in_chair';
  if (o.deferredUntil > now) return 'deferred';
  if (o.here) return 'at_shop';
  if (o.arrivesAt > now) return 'on_the_way';
  if (o.heldUntil > now) return 'held';
  return 'absent';
}
const refWaiting = (o: RefOrder, now: number) =>
  ['absent', 'on_the_way', 'at_shop', 'held', 'deferred'].includes(refKind(o, now));
const before = (a: RefOrder, b: RefOrder) =>
  a.priority > b.priority ||
  (a.priority === b.priority && (a.rank < b.rank || (a.rank === b.rank && a.id < b.id)));

/** The reference's verdict: true when the action is possible; for a start, the chair. */
function refDecide(
  orders: RefOrder[],
  onDuty: number,
  now: number,
  o: RefOrder,
  action: Action,
): { ok: boolean; chair?: number } {
  const occupied = (chair: number) => orders.some((x) => x !== o && !x.done && x.chair === chair);
  const kind = refKind(o, now);
  const waiting = refWaiting(o, now);
  switch (action.type) {
    case 'start': {
      if (!waiting) return { ok: false };
      if (action.chair !== undefined) {
        return action.chair <= onDuty && !occupied(action.chair)
          ? { ok: true, chair: action.chair }
          : { ok: false };
      }
      for (let c = 1; c <= onDuty; c++) if (!occupied(c)) return { ok: true, chair: c };
      return { ok: false };
    }
    case 'finish':
      return { ok: kind === 'in_chair' };
    case 'no_show':
      return { ok: waiting && kind !== 'held' && kind !== 'on_the_way' };
    case 'cancel':
      return { ok: waiting || kind === 'in_chair' };
    case 'defer':
      return { ok: waiting && orders.some((x) => x !== o && refWaiting(x, now) && before(o, x)) };
    case 'undo':
      if (action.last === 'start') return { ok: kind === 'in_chair' };
      if (action.last === 'finish' || (action.last === 'cancel' && o.chair !== null)) {
        return kind === (action.last === 'finish' ? 'served' : 'cancelled') &&
          !occupied(o.chair ?? 0)
          ? { ok: true, chair: o.chair ?? 0 }
          : { ok: false };
      }
      return { ok: kind === (action.last === 'no_show' ? 'no_show' : 'cancelled') };
    default:
      return { ok: waiting };
  }
}

// ---- Running a sequence on both -------------------------------------------------------------

interface Board {
  chairs: { chair: number; state: string; next: number | null }[];
}

/** A cheap assertion for the hot loop (expect() is slow over thousands of runs). */
function same<T>(actual: T, expected: T, what: string) {
  if (actual !== expected) {
    throw new Error(`${what}: ${String(actual)} instead of ${String(expected)}`);
  }
}

function run(commands: readonly Command[]) {
  let now = T0;
  let onDuty = 2;
  let nextId = 1;
  const sut: OrderFacts[] = [];
  const last = new Map<number, 'start' | 'finish' | 'no_show' | 'cancel'>();
  const presence = new Map<number, PresenceBeforeStart>();
  const ref: RefOrder[] = [];
  const tablets: Board[] = [{ chairs: [] }, { chairs: [] }];

  const active = () => sut.filter((o) => o.status === 'active');
  const snapshot = (): Board => {
    const next = nextToSit(active(), now);
    let k = 0;
    return {
      chairs: chairStates(onDuty, active()).chairs.map((c) => ({
        chair: c.chair,
        state: c.state,
        next: c.state === 'free' ? (next[k++]?.id ?? null) : null,
      })),
    };
  };
  const pick = (i: number) => (sut.length === 0 ? undefined : sut[i % sut.length]);

  /** One staff or customer action on order `id`, decided by both; they must agree. */
  const act = (id: number, action: Action) => {
    const at = sut.findIndex((o) => o.id === id);
    const order = sut[at] as OrderFacts;
    const r = ref.find((x) => x.id === id) as RefOrder;
    const verdict = decide(order, action, { onDuty, orders: active(), now });
    const expected = refDecide(ref, onDuty, now, r, action);
    same(verdict.ok, expected.ok, `${action.type} of order ${id}`);
    if (!verdict.ok) return;
    if (expected.chair !== undefined) same(verdict.chair, expected.chair, 'chair');
    // The system under test.
    const was = order;
    sut[at] = applyAction(order, action, verdict, now, presence.get(id));
    if (action.type === 'start') {
      presence.set(id, { atShop: was.atShop, checkedInAt: null });
      sut[at] = { ...(sut[at] as OrderFacts), startedAt: now };
    }
    if (action.type === 'undo' && verdict.chair !== undefined) {
      sut[at] = { ...(sut[at] as OrderFacts), chair: verdict.chair ?? null };
    }
    if (action.type === 'defer') {
      // Swap sort keys with the next waiting customer in queue order.
      const behind = active()
        .filter((x) => x.id !== id && x.startedAt === null && compare(x, order) > 0)
        .sort(compare)[0] as OrderFacts;
      const j = sut.findIndex((x) => x.id === behind.id);
      sut[j] = { ...behind, priority: order.priority, rank: order.rank };
      sut[at] = { ...(sut[at] as OrderFacts), priority: behind.priority, rank: behind.rank };
      const rb = ref.find((x) => x.id === behind.id) as RefOrder;
      [r.priority, rb.priority, r.rank, rb.rank] = [rb.priority, r.priority, rb.rank, r.rank];
    }
    if (['start', 'finish', 'no_show', 'cancel'].includes(action.type)) {
      last.set(id, action.type as 'start');
    } else if (action.type === 'undo') last.delete(id);
    // The reference.
    switch (action.type) {
      case 'start':
        r.hereBeforeStart = r.here;
        r.here = true;
        r.chair = expected.chair ?? null;
        r.last = 'start';
        break;
      case 'finish':
        r.done = 'served';
        r.last = 'finish';
        break;
      case 'no_show':
      case 'cancel':
        r.done = action.type === 'no_show' ? 'no_show' : 'cancelled';
        r.last = action.type;
        break;
      case 'undo':
        if (action.last === 'start') {
          r.chair = null;
          r.here = r.hereBeforeStart;
        } else r.done = null;
        r.last = null;
        break;
      case 'check_in':
        r.here = true;
        break;
      default:
        break;
    }
  };

  const check = () => {
    same(shopInvariantViolations(onDuty, active()).join('; '), '', 'invariants');
    const { chairs } = chairStates(onDuty, active());
    // Every active order is shown exactly once: in one chair or in the waiting list.
    const seated = chairs.flatMap((c) => (c.orderId === null ? [] : [c.orderId]));
    const waitingIds = active()
      .filter((o) => o.startedAt === null)
      .map((o) => o.id);
    same(
      [...seated, ...waitingIds].sort((a, b) => a - b).join(),
      active()
        .map((o) => o.id)
        .sort((a, b) => a - b)
        .join(),
      'every active order shown once',
    );
    // Busy chairs never exceed chairs on duty plus draining ones; draining chairs are busy.
    const draining = chairs.filter((c) => c.state === 'draining');
    same(seated.length <= onDuty + draining.length, true, 'busy chairs');
    for (const c of draining) same(c.orderId !== null, true, 'draining chair busy');
    // Both models agree on every order's state.
    for (const o of sut) {
      const r = ref.find((x) => x.id === o.id) as RefOrder;
      same(orderState(o, now).kind, refKind(r, now), `state of order ${o.id}`);
    }
    // Who sits next: only customers at the shop, first in queue order.
    const next = nextToSit(active(), now);
    for (const o of next) same(orderState(o, now).kind, 'at_shop', 'who sits next');
    const firstHere = ref
      .filter((x) => refKind(x, now) === 'at_shop')
      .sort((a, b) => (before(a, b) ? -1 : 1))[0];
    same(next[0]?.id, firstHere?.id, 'first to sit');
    // The time-driven change is in the future and is the earliest deadline.
    const change = nextShopStateChange(active(), now);
    if (change !== null) same(change > now, true, 'next change in the future');
  };

  for (const cmd of commands) {
    switch (cmd.c) {
      case 'join': {
        const id = nextId++;
        const rank = now + id;
        sut.push({
          id,
          status: 'active',
          priority: cmd.priority,
          rank,
          atShop: !cmd.app,
          startedAt: null,
          chair: null,
          deferredUntil: null,
          heldUntil: null,
          arrivesAt: null,
        });
        ref.push({
          id,
          priority: cmd.priority,
          rank,
          here: !cmd.app,
          chair: null,
          done: null,
          deferredUntil: 0,
          arrivesAt: 0,
          heldUntil: 0,
          last: null,
          hereBeforeStart: false,
        });
        break;
      }
      case 'check_in': {
        const o = pick(cmd.i);
        if (o) {
          const at = sut.indexOf(o);
          const verdict = decide(o, { type: 'check_in' }, { onDuty, orders: active(), now });
          const r = ref.find((x) => x.id === o.id) as RefOrder;
          same(verdict.ok, refWaiting(r, now), 'check in');
          if (verdict.ok) {
            sut[at] = { ...o, atShop: true };
            r.here = true;
          }
        }
        break;
      }
      case 'set_off': {
        const o = pick(cmd.i);
        const r = o && (ref.find((x) => x.id === o.id) as RefOrder);
        if (o && r && refWaiting(r, now) && !r.here) {
          const arrivesAt = now + cmd.travel * MINUTE;
          sut[sut.indexOf(o)] = { ...o, arrivesAt, heldUntil: arrivesAt + GRACE * MINUTE };
          r.arrivesAt = arrivesAt;
          r.heldUntil = arrivesAt + GRACE * MINUTE;
        }
        break;
      }
      case 'self_defer': {
        const o = pick(cmd.i);
        const r = o && (ref.find((x) => x.id === o.id) as RefOrder);
        if (o && r && refWaiting(r, now)) {
          const until = now + cmd.minutes * MINUTE;
          sut[sut.indexOf(o)] = { ...o, deferredUntil: until };
          r.deferredUntil = until;
        }
        break;
      }
      case 'tick':
        now += cmd.minutes * MINUTE;
        break;
      case 'chairs':
        onDuty = cmd.n;
        break;
      case 'refresh':
        tablets[cmd.tablet] = snapshot();
        break;
      case 'chair_start': {
        // A tablet presses a free chair's Start from what it last showed (maybe stale).
        const chair = tablets[cmd.tablet]?.chairs.filter((c) => c.state === 'free')[cmd.k];
        if (chair?.next != null) act(chair.next, { type: 'start', chair: chair.chair });
        break;
      }
      case 'start': {
        const o = pick(cmd.i);
        if (o)
          act(o.id, cmd.chair === null ? { type: 'start' } : { type: 'start', chair: cmd.chair });
        break;
      }
      case 'undo': {
        const o = pick(cmd.i);
        const l = o && last.get(o.id);
        if (o && l) act(o.id, { type: 'undo', last: l });
        break;
      }
      default: {
        const o = pick(cmd.i);
        if (o) act(o.id, { type: cmd.c });
      }
    }
    check();
    // A fresh board's chair Start is always possible.
    const fresh = snapshot();
    for (const c of fresh.chairs) {
      if (c.next === null) continue;
      const o = sut.find((x) => x.id === c.next) as OrderFacts;
      const ok = decide(o, { type: 'start', chair: c.chair }, { onDuty, orders: active(), now }).ok;
      same(ok, true, 'fresh Start');
    }
  }
}

function compare(a: OrderFacts, b: OrderFacts) {
  return b.priority - a.priority || a.rank - b.rank || a.id - b.id;
}

describe('state model', () => {
  it('agrees with the reference model and keeps every invariant over random busy hours', () => {
    fc.assert(
      fc.property(fc.array(commandArb, { minLength: 20, maxLength: 80 }), (commands) => {
        run(commands);
      }),
      { numRuns: 3000 },
    );
  }, 120_000);

  it('undo of a finish whose chair was reused is refused, and allowed once the chair is free', () => {
    const o = (id: number, over: Partial<OrderFacts> = {}): OrderFacts => ({
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
      ...over,
    });
    const served = o(1, { status: 'serviced', startedAt: T0, chair: 1 });
    const sitting = o(2, { startedAt: T0 + MINUTE, chair: 1 });
    const undo: Action = { type: 'undo', last: 'finish' };
    expect(decide(served, undo, { onDuty: 2, orders: [sitting], now: T0 + 2 * MINUTE })).toEqual({
      ok: false,
      refusal: 'chair_taken',
    });
    expect(decide(served, undo, { onDuty: 2, orders: [], now: T0 + 2 * MINUTE })).toEqual({
      ok: true,
      chair: 1,
    });
  });

  it('a chair taken off duty while busy drains: it stays with its customer and no one else sits', () => {
    const seated: OrderFacts = {
      id: 1,
      status: 'active',
      priority: 0,
      rank: 1,
      atShop: true,
      startedAt: T0,
      chair: 2,
      deferredUntil: null,
      heldUntil: null,
      arrivesAt: null,
    };
    const waiting: OrderFacts = { ...seated, id: 2, rank: 2, startedAt: null, chair: null };
    const { chairs } = chairStates(1, [seated, waiting]);
    expect(chairs).toEqual([
      { chair: 1, state: 'free', orderId: null },
      { chair: 2, state: 'draining', orderId: 1 },
    ]);
    const shop = { onDuty: 1, orders: [seated, waiting], now: T0 };
    expect(decide(waiting, { type: 'start', chair: 2 }, shop)).toEqual({
      ok: false,
      refusal: 'chair_off_duty',
    });
    expect(decide(waiting, { type: 'start' }, shop)).toEqual({ ok: true, chair: 1 });
    expect(decide(seated, { type: 'finish' }, shop)).toEqual({ ok: true });
  });

  it('who sits next passes over absent, on-the-way, held and deferred customers', () => {
    const base: OrderFacts = {
      id: 0,
      status: 'active',
      priority: 0,
      rank: 0,
      atShop: false,
      startedAt: null,
      chair: null,
      deferredUntil: null,
      heldUntil: null,
      arrivesAt: null,
    };
    const now = T0;
    const orders = [
      { ...base, id: 1, rank: 1 },
      { ...base, id: 2, rank: 2, arrivesAt: now + MINUTE, heldUntil: now + 11 * MINUTE },
      { ...base, id: 3, rank: 3, arrivesAt: now - MINUTE, heldUntil: now + 9 * MINUTE },
      { ...base, id: 4, rank: 4, atShop: true, deferredUntil: now + 15 * MINUTE },
      { ...base, id: 5, rank: 5, atShop: true },
    ];
    expect(orders.map((o) => orderState(o, now).kind)).toEqual([
      'absent',
      'on_the_way',
      'held',
      'deferred',
      'at_shop',
    ]);
    expect(nextToSit(orders, now).map((o) => o.id)).toEqual([5]);
    // The clock alone: the first change is the arrival of 2, a minute from now.
    expect(nextShopStateChange(orders, now)).toBe(now + MINUTE);
    // Deferral over: 4 is at the shop again and first to sit.
    expect(nextToSit(orders, now + 16 * MINUTE).map((o) => o.id)).toEqual([4, 5]);
  });
});
