// Invariants of ordering and estimates over random shop states.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deferOrder } from './defer-order';
import { estimateQueue } from './estimate-queue';
import { compareQueueOrders, sortQueue } from './sort-queue';
import { orderArb, stateArb } from './test-arbitraries';
import { MINUTE, T0 } from './test-factories';
import type { QueueOrder, ShopQueueState } from './types';

const startOf = (state: ShopQueueState, id: number) =>
  estimateQueue(state).orders.get(id)?.expectedStart ?? NaN;

describe('queue invariants', () => {
  it('keeps FIFO within a priority and never puts a higher priority behind a lower one', () => {
    // Among customers at the shop: one still on the way is passed over until they arrive.
    const atShop = (state: ShopQueueState, o: QueueOrder) =>
      o.atShop !== false || o.joinedAt + (state.travelMinutes ?? 0) * MINUTE <= state.now;
    fc.assert(
      fc.property(stateArb, (state) => {
        const queue = sortQueue(state.orders);
        const { orders } = estimateQueue(state);
        for (let i = 1; i < queue.length; i++) {
          const [a, b] = [queue[i - 1]!, queue[i]!];
          expect(a.priority).toBeGreaterThanOrEqual(b.priority);
          if (a.priority === b.priority) expect(a.rank).toBeLessThanOrEqual(b.rank);
        }
        const present = queue.filter((o) => atShop(state, o));
        for (const a of present) {
          for (const b of present) {
            const [sa, sb] = [orders.get(a.id)!.expectedStart!, orders.get(b.id)!.expectedStart!];
            const ahead = a.priority > b.priority || (a.priority === b.priority && a.rank < b.rank);
            if (ahead) expect(sa).toBeLessThanOrEqual(sb + 1e-6);
          }
        }
      }),
    );
  }, 20_000);

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
  }, 20_000);

  it('never shortens the estimate of anyone ahead of a new order', () => {
    fc.assert(
      fc.property(stateArb, orderArb(99), (state, joining) => {
        const newcomer = { ...joining, status: 'waiting' as const, joinedAt: T0, rank: T0 };
        const after = { ...state, orders: [...state.orders, newcomer] };
        const ahead = state.orders.filter(
          (o) => o.status === 'in_service' || compareQueueOrders(o, newcomer) < 0,
        );
        for (const o of ahead) {
          expect(startOf(after, o.id)).toBeGreaterThanOrEqual(startOf(state, o.id) - 1e-6);
        }
        // A new customer of a higher priority would be ahead of the newcomer too.
        const before = estimateQueue(state).serviceTimeEstimates;
        estimateQueue(after).serviceTimeEstimates.forEach((e, i) => {
          if (e.priority > newcomer.priority) {
            expect(e.wait_time!).toBeGreaterThanOrEqual(before[i]!.wait_time!);
          }
        });
      }),
    );
  }, 20_000);

  it('never shortens anyone’s estimate when everyone is at the shop', () => {
    fc.assert(
      fc.property(stateArb, orderArb(99), (state, joining) => {
        // No members arriving meanwhile, and the newcomer at the shop too: a customer who comes
        // later (on the way, or a member arriving at a random time in a Monte Carlo run) can
        // shift which chair frees when and so seat someone behind sooner (Graham's anomaly of
        // list scheduling with release times, accepted; docs/queue.md).
        const { arrivalsPerHour: _ignored, ...rest } = state;
        const present = { ...rest, orders: state.orders.map((o) => ({ ...o, atShop: true })) };
        const newcomer = {
          ...joining,
          status: 'waiting' as const,
          joinedAt: T0,
          rank: T0,
          atShop: true,
        };
        const after = { ...present, orders: [...present.orders, newcomer] };
        for (const o of present.orders) {
          expect(startOf(after, o.id)).toBeGreaterThanOrEqual(startOf(present, o.id) - 1e-6);
        }
        const before = estimateQueue(present).serviceTimeEstimates;
        estimateQueue(after).serviceTimeEstimates.forEach((e, i) => {
          expect(e.wait_time!).toBeGreaterThanOrEqual(before[i]!.wait_time!);
        });
      }),
    );
  }, 20_000);

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
  }, 20_000);

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
  }, 20_000);
});
