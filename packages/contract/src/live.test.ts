import { describe, expect, it } from 'vitest';
import {
  RECONNECT_BASE_MS,
  RECONNECT_FLOOR_MS,
  RECONNECT_MAX_MS,
  reconnectDelayMs,
  reconnectSpreadMs,
  withLastEventId,
} from './live';

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

describe('reconnectSpreadMs', () => {
  it('widens the first reconnect window with the streams a node holds, within bounds', () => {
    expect(reconnectSpreadMs(0)).toBe(RECONNECT_BASE_MS);
    expect(reconnectSpreadMs(2_000)).toBe(RECONNECT_BASE_MS);
    expect(reconnectSpreadMs(10_000)).toBe(2_500);
    expect(reconnectSpreadMs(40_000)).toBe(10_000);
    expect(reconnectSpreadMs(1_000_000)).toBe(RECONNECT_MAX_MS);
    // A client that knows the spread waits within it, and doubles it per failed attempt.
    expect(reconnectDelayMs(0, () => 1, reconnectSpreadMs(10_000))).toBe(
      RECONNECT_FLOOR_MS + 2_500,
    );
    expect(reconnectDelayMs(1, () => 1, reconnectSpreadMs(10_000))).toBe(
      RECONNECT_FLOOR_MS + 5_000,
    );
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
