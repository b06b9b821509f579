import { describe, expect, it } from 'vitest';
import { cardState, shownWait, timerLevel } from './queue';

const estimates = [
  { priority: 3, wait_time: 2, wait_range: { low: 2, high: 2 } },
  { priority: 2, wait_time: 5, wait_range: { low: 5, high: 5 } },
  { priority: 1, wait_time: 9, wait_range: { low: 9, high: 9 } },
  { priority: 0, wait_time: 20, wait_range: { low: 20, high: 20 } },
];

describe('the wait shown', () => {
  it('is the member priority level', () => {
    expect(shownWait(estimates, 2)).toBe(5);
  });

  it('is priority 0 for a guest or one-time customer', () => {
    expect(shownWait(estimates, null)).toBe(20);
    expect(shownWait(estimates, 0)).toBe(20);
  });

  it('falls back to the first estimate', () => {
    expect(shownWait([{ priority: 3, wait_time: 4, wait_range: { low: 4, high: 4 } }], null)).toBe(
      4,
    );
  });

  it('is unknown without estimates', () => {
    expect(shownWait([], 1)).toBeNull();
  });
});

describe('card state', () => {
  const shop = {
    open: true,
    closing_soon: false,
    queue_state: 'open' as const,
    service_time_estimates: estimates,
  };

  it('takes orders when open with an open queue', () => {
    expect(cardState(shop)).toBe('takingOrders');
  });

  it('is unknown without a queue', () => {
    expect(cardState({ ...shop, service_time_estimates: [] })).toBe('unknown');
  });

  it('tells closed, closing soon and a queue closed for the day apart', () => {
    expect(cardState({ ...shop, open: false })).toBe('closed');
    // A closed shop is closed, whether or not it has estimates.
    expect(cardState({ ...shop, open: false, service_time_estimates: [] })).toBe('closed');
    expect(cardState({ ...shop, closing_soon: true })).toBe('closingSoon');
    expect(cardState({ ...shop, queue_state: 'closed' })).toBe('queueClosed');
  });

  it('is full when the queue is full', () => {
    expect(cardState({ ...shop, queue_state: 'full' })).toBe('full');
  });
});

describe('timer colour', () => {
  it.each([
    [0, '0'],
    [3, '5'],
    [5, '5'],
    [6, '15'],
    [30, '30'],
    [45, '60'],
    [61, 'over'],
    [null, 'unknown'],
  ])('%s minutes is level %s', (minutes, level) => {
    expect(timerLevel(minutes)).toBe(level);
  });
});
