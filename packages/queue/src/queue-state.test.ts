import { describe, expect, it } from 'vitest';
import { queueState, shopStatus } from './queue-state';
import { MINUTE, order, shop } from './test-factories';

const HELSINKI = 'Europe/Helsinki';
const saturday = [{ weekday: 6, open: '10:00', close: '18:00' }];
// Saturday 2026-11-21 in Helsinki (UTC+2).
const at = (hhmm: string) => Date.parse(`2026-11-21T${hhmm}:00+02:00`);

describe('queueState', () => {
  it('is closed outside opening hours whatever staff set, else what staff set', () => {
    expect(queueState('open', false)).toBe('closed');
    expect(queueState('full', false)).toBe('closed');
    expect(queueState('full', true)).toBe('full');
    expect(queueState('open', true)).toBe('open');
  });
});

describe('shopStatus', () => {
  it('reports an open shop with room before closing', () => {
    expect(shopStatus(shop({ now: at('12:00') }), 'open', saturday, HELSINKI)).toEqual({
      open: true,
      queue_state: 'open',
      closing_soon: false,
      closesAt: at('18:00'),
    });
  });

  it('is closing soon once a typical order no longer fits', () => {
    const now = at('17:30');
    const busy = shop({
      now,
      orders: [
        order({ id: 1, status: 'in_service', startedAt: now - 5 * MINUTE, plannedMinutes: 30 }),
      ],
    });
    expect(shopStatus(busy, 'open', saturday, HELSINKI).closing_soon).toBe(true);
    expect(shopStatus({ ...busy, orders: [] }, 'open', saturday, HELSINKI).closing_soon).toBe(
      false,
    );
  });

  it('is closed, not closing soon, outside opening hours', () => {
    expect(shopStatus(shop({ now: at('19:00') }), 'open', saturday, HELSINKI)).toEqual({
      open: false,
      queue_state: 'closed',
      closing_soon: false,
      closesAt: null,
    });
  });
});
