// Invariants of ordering and estimates over random shop states.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deferOrder } from './defer-order';
import { estimateQueue } from './estimate-queue';
import { sortQueue } from './sort-queue';
import { MINUTE, T0 } from './test-factories';
import type { QueueOrder, ShopQueueState } from './types';

const orderArb = (id: number) =>
  fc
    .record({
      priority: fc.integer({ min: 0, max: 3 }),
      ago: fc.integer({ min: 0, max: 180 }),
      inService: fc.boolean(),
      startedAgo: fc.integer({ min: 0, max: 90 }),
      plannedMinutes: fc.integer({ min: 5, max: 60 }),
      serviceIds: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 2 }),
    })
    .map((r): QueueOrder => ({
      id,
      priority: r.priority,
      joinedAt: T0 - r.ago * MINUTE,
      rank: T0 - r.ago * MINUTE,
      status: r.inService ? 'in_service' : 'waiting',
      ...(r.inService ? { startedAt: T0 - Math.min(r.ago, r.startedAgo) * MINUTE } : {}),
      plannedMinutes: r.plannedMinutes,
      serviceIds: r.serviceIds,
    }));

const stateArb: fc.Arbitrary<ShopQueueState> = fc
  .record({
    chairs: fc.integer({ min: 1, max: 4 }),
    count: fc.integer({ min: 0, max: 14 }),
    seeds: fc.array(fc.integer({ min: 0, max: 1e9 }), { minLength: 14, maxLength: 14 }),
    arrivals: fc.option(
      fc.array(fc.float({ min: 0, max: 8, noNaN: true }), { minLength: 4, maxLength: 4 }),
    ),
  })
  .chain((r) =>
    fc.tuple(...Array.from({ length: r.count }, (_, i) => orderArb(i + 1))).map((orders) => ({
      now: T0,
      chairs: r.chairs,
      orders,
      ...(r.arrivals ? { arrivalsPerHour: { ...r.arrivals } } : {}),
    })),
  );

const startOf = (state: ShopQueueState, id: number) =>
  estimateQueue(state).orders.get(id)?.expectedStart ?? NaN;

describe('queue invariants', () => {
  it('keeps FIFO within a priority and never puts a higher priority behind a lower one', () => {
    fc.assert(
      fc.property(stateArb, (state) => {
        const queue = sortQueue(state.orders);
        const { orders } = estimateQueue(state);
        for (let i = 1; i < queue.length; i++) {
          const [a, b] = [queue[i - 1]!, queue[i]!];
          expect(a.priority).toBeGreaterThanOrEqual(b.priority);
          if (a.priority === b.priority) expect(a.rank).toBeLessThanOrEqual(b.rank);
        }
        for (const a of queue) {
          for (const b of queue) {
            const [sa, sb] = [orders.get(a.id)!.expectedStart!, orders.get(b.id)!.expectedStart!];
            const ahead = a.priority > b.priority || (a.priority === b.priority && a.rank < b.rank);
            if (ahead) expect(sa).toBeLessThanOrEqual(sb + 1e-6);
          }
        }
      }),
    );
  });

  it('never estimates a negative or fractional wait, and members never wait longer', () => {
    fc.assert(
      fc.property(stateArb, (state) => {
        const { orders, serviceTimeEstimates } = estimateQueue(state);
        for (const e of orders.values()) {
          expect(Number.isInteger(e.waitMinutes) && e.waitMinutes! >= 0).toBe(true);
        }
        const waits = serviceTimeEstimates.map((e) => e.wait_time!);
        waits.forEach((w, i) => {
          expect(Number.isInteger(w) && w >= 0).toBe(true);
          if (i > 0) expect(w).toBeGreaterThanOrEqual(waits[i - 1]!);
        });
      }),
    );
  });

  it('never shortens anyone’s estimate when a new order joins', () => {
    fc.assert(
      fc.property(stateArb, orderArb(99), (state, joining) => {
        const newcomer = { ...joining, status: 'waiting' as const, joinedAt: T0, rank: T0 };
        const after = { ...state, orders: [...state.orders, newcomer] };
        for (const o of state.orders) {
          expect(startOf(after, o.id)).toBeGreaterThanOrEqual(startOf(state, o.id) - 1e-6);
        }
        const before = estimateQueue(state).serviceTimeEstimates;
        estimateQueue(after).serviceTimeEstimates.forEach((e, i) => {
          expect(e.wait_time!).toBeGreaterThanOrEqual(before[i]!.wait_time!);
        });
      }),
    );
  });

  it('gives a customer who joins the wait that was shown for their priority', () => {
    fc.assert(
      fc.property(stateArb, orderArb(99), (state, joining) => {
        const newcomer = { ...joining, status: 'waiting' as const, joinedAt: T0, rank: T0 };
        const shown = estimateQueue(state).serviceTimeEstimates.find(
          (e) => e.priority === newcomer.priority,
        );
        const after = estimateQueue({ ...state, orders: [...state.orders, newcomer] });
        expect(after.orders.get(99)?.waitMinutes).toBe(shown?.wait_time);
      }),
    );
  });

  it('puts a deferred customer right after the one who was next', () => {
    fc.assert(
      fc.property(stateArb, fc.nat(), (state, pick) => {
        const queue = sortQueue(state.orders);
        fc.pre(queue.length >= 2);
        const index = pick % (queue.length - 1);
        const changes = deferOrder(state.orders, queue[index]!.id);
        const moved = state.orders.map((o) => ({ ...o, ...changes.find((c) => c.id === o.id) }));
        const expected = queue.map((o) => o.id);
        expected.splice(index, 2, queue[index + 1]!.id, queue[index]!.id);
        expect(sortQueue(moved).map((o) => o.id)).toEqual(expected);
      }),
    );
  });
});
