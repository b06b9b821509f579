// The one-pass schedule against the step-by-step one it replaces (the queue scheduled again for
// each customer on the way and each new order): the same figures, to the last bit.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildDurationModel } from './duration-model';
import {
  chairsFree,
  chairsOnDuty,
  listSchedule,
  runQueue,
  runQueueStepByStep,
  servicesUnderWay,
} from './list-schedule';
import { sortQueue } from './sort-queue';
import { MINUTE, order, shop, T0 } from './test-factories';
import type { QueueOrder, ShopQueueState } from './types';

const orderArb = (id: number) =>
  fc
    .record({
      priority: fc.integer({ min: 0, max: 3 }),
      // Few distinct join times, so that ranks tie and ids decide.
      ago: fc.integer({ min: 0, max: 12 }).map((x) => x * 5),
      inService: fc.boolean(),
      startedAgo: fc.option(fc.integer({ min: 0, max: 60 })),
      onTheWay: fc.boolean(),
      plannedMinutes: fc.constantFrom(0, 5, 10, 15, 20, 30, 45),
      serviceIds: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 0, maxLength: 2 }),
    })
    .map((r): QueueOrder => ({
      id,
      priority: r.priority,
      joinedAt: T0 - r.ago * MINUTE,
      rank: T0 - r.ago * MINUTE,
      status: r.inService ? 'in_service' : 'waiting',
      ...(r.inService && r.startedAgo !== null ? { startedAt: T0 - r.startedAgo * MINUTE } : {}),
      plannedMinutes: r.plannedMinutes,
      serviceIds: r.serviceIds,
      ...(r.onTheWay ? { atShop: false } : {}),
    }));

const model = buildDurationModel(
  Array.from({ length: 30 }, (_, i) => ({
    serviceIds: [1 + (i % 3)],
    plannedMinutes: 20,
    actualMinutes: 14 + ((i * 7) % 13),
  })),
);

const stateArb: fc.Arbitrary<ShopQueueState> = fc
  .record({
    chairs: fc.integer({ min: 1, max: 4 }),
    count: fc.integer({ min: 0, max: 30 }),
    travel: fc.option(fc.constantFrom(0, 5, 10, 20, 35, 60)),
    withModel: fc.boolean(),
  })
  .chain((r) =>
    fc.tuple(...Array.from({ length: r.count }, (_, i) => orderArb(i + 1))).map((orders) => ({
      now: T0,
      chairs: r.chairs,
      orders,
      ...(r.withModel ? { durationModel: model } : {}),
      ...(r.travel !== null ? { travelMinutes: r.travel } : {}),
    })),
  );

function bothRuns(state: ShopQueueState) {
  const free = chairsFree(state.now, chairsOnDuty(state), servicesUnderWay(state));
  const queue = sortQueue(state.orders);
  return {
    queue,
    fast: runQueue(state, free, queue),
    slow: runQueueStepByStep(state, free, queue),
  };
}

describe('one-pass list scheduling', () => {
  it('gives the step-by-step schedule and every new order start exactly', () => {
    fc.assert(
      fc.property(stateArb, (state) => {
        const { queue, fast, slow } = bothRuns(state);
        expect(fast).not.toBeNull();
        expect(fast!.waiting).toEqual(slow.waiting);
        for (let ahead = 0; ahead <= queue.length; ahead++) {
          expect(fast!.newcomerStart(ahead)).toBe(slow.newcomerStart(ahead));
        }
      }),
      { numRuns: 300 },
    );
  }, 30_000);

  it('leaves a negative duration to the step-by-step schedule', () => {
    const state = shop({
      chairs: 1,
      durationModel: { ...model, serviceRatios: new Map([[1, -0.5]]) },
      orders: [order({ id: 1, plannedMinutes: 20 }), order({ id: 2, serviceIds: [2] })],
    });
    const { fast, slow } = bothRuns(state);
    expect(fast).toBeNull();
    expect(listSchedule(state)?.waiting).toEqual(slow.waiting);
  });
});
