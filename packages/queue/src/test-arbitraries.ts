// fast-check generators of shop states for the property tests; not exported from the package.
import fc from 'fast-check';
import { MINUTE, T0 } from './test-factories';
import type { QueueOrder, ShopQueueState } from './types';

export const orderArb = (id: number) =>
  fc
    .record({
      priority: fc.integer({ min: 0, max: 3 }),
      ago: fc.integer({ min: 0, max: 180 }),
      inService: fc.boolean(),
      onTheWay: fc.boolean(),
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
      ...(r.onTheWay && !r.inService ? { atShop: false } : {}),
    }));

export const stateArb: fc.Arbitrary<ShopQueueState> = fc
  .record({
    chairs: fc.integer({ min: 1, max: 4 }),
    count: fc.integer({ min: 0, max: 14 }),
    travel: fc.option(fc.integer({ min: 0, max: 40 })),
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
      ...(r.travel !== null ? { travelMinutes: r.travel } : {}),
    })),
  );
