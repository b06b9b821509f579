import { describe, expect, it } from 'vitest';
import { RECONNECT_FLOOR_MS, RECONNECT_MAX_MS, reconnectDelayMs, withLastEventId } from './live';

describe('reconnectDelayMs', () => {
  it('spreads clients over a window that doubles per attempt, up to the maximum', () => {
    expect(reconnectDelayMs(0, () => 0)).toBe(RECONNECT_FLOOR_MS);
    expect(reconnectDelayMs(0, () => 1)).toBe(RECONNECT_FLOOR_MS + 1_000);
    expect(reconnectDelayMs(3, () => 1)).toBe(RECONNECT_FLOOR_MS + 8_000);
    expect(reconnectDelayMs(30, () => 1)).toBe(RECONNECT_FLOOR_MS + RECONNECT_MAX_MS);
    const delays = new Set(Array.from({ length: 50 }, () => reconnectDelayMs(2)));
    expect(delays.size).toBeGreaterThan(40);
  });
});

describe('withLastEventId', () => {
  it('adds the last id as a query parameter, after any other', () => {
    expect(withLastEventId('/api/fi/pobs/1/events', 'a+b')).toBe(
      '/api/fi/pobs/1/events?last_event_id=a%2Bb',
    );
    expect(withLastEventId('/x?access_token=t', 'id')).toBe('/x?access_token=t&last_event_id=id');
    expect(withLastEventId('/x', '')).toBe('/x');
  });
});
