import { describe, expect, it } from 'vitest';
import { allocate, isClosingSoon } from './allocate';
import { MINUTE, order, shop, T0 } from './test-factories';

const haircut = { priority: 0, plannedMinutes: 20, serviceIds: [1] };
const busy = shop({
  chairs: 1,
  orders: [
    order({ id: 1, status: 'in_service', startedAt: T0 - 10 * MINUTE, plannedMinutes: 30 }),
    order({ id: 2, priority: 0, plannedMinutes: 20 }),
  ],
});

describe('allocate', () => {
  it('accepts an order that ends before closing', () => {
    // 20 min left in service, 20 for the customer waiting, then 20 for the new order.
    expect(allocate(busy, haircut, T0 + 60 * MINUTE)).toEqual({
      ok: true,
      waitMinutes: 40,
      waitRange: { low: 40, high: 40 },
      expectedEnd: T0 + 60 * MINUTE,
    });
  });

  it('refuses an order that would end after closing', () => {
    expect(allocate(busy, haircut, T0 + 59 * MINUTE)).toEqual({ ok: false, reason: 'time_slot' });
  });

  it('fits a member in where a one-time customer no longer fits', () => {
    const member = { ...haircut, priority: 2 };
    expect(allocate(busy, member, T0 + 45 * MINUTE)).toMatchObject({ ok: true, waitMinutes: 20 });
  });

  it('judges by the order’s own corrected duration', () => {
    const long = { ...haircut, plannedMinutes: 45 };
    expect(allocate(busy, long, T0 + 80 * MINUTE)).toEqual({ ok: false, reason: 'time_slot' });
  });

  it('refuses when the shop is closed or has no barber on duty', () => {
    expect(allocate(busy, haircut, null)).toEqual({ ok: false, reason: 'closed' });
    expect(allocate(busy, haircut, T0)).toEqual({ ok: false, reason: 'closed' });
    expect(allocate({ ...busy, chairs: 0 }, haircut, T0 + 600 * MINUTE)).toEqual({
      ok: false,
      reason: 'no_chairs',
    });
  });
});

describe('isClosingSoon', () => {
  it('turns true once a typical new order no longer fits before closing', () => {
    const state = { ...busy, typicalPlannedMinutes: 20 };
    expect(isClosingSoon(state, T0 + 60 * MINUTE)).toBe(false);
    expect(isClosingSoon(state, T0 + 59 * MINUTE)).toBe(true);
    expect(isClosingSoon(state, T0 + 59 * MINUTE, 3)).toBe(false);
  });

  it('is false when the shop is already closed', () => {
    expect(isClosingSoon(busy, null)).toBe(false);
  });
});
