import { describe, expect, it } from 'vitest';
import {
  initialMessageState,
  messageKey,
  nextMessage,
  type TrackingMessageState,
} from './tracking-message';

const feed = (waits: (number | null)[], random = () => 0.5, step = 30_000) =>
  waits.reduce<TrackingMessageState>(
    (state, wait, i) => nextMessage(state, { wait, checkedIn: false, now: i * step }, random),
    initialMessageState,
  );

describe('tracking messages', () => {
  it('is neutral at first and while the wait changes little', () => {
    expect(feed([25]).message).toEqual({ kind: 'neutral' });
    expect(feed([25, 30]).message).toEqual({ kind: 'neutral' });
  });

  it('gives an increase variant when the wait grows by 10 or more', () => {
    expect(feed([20, 30], () => 0).message).toEqual({ kind: 'increase', variant: 1 });
    expect(feed([20, 45], () => 0.99).message).toEqual({ kind: 'increase', variant: 5 });
  });

  it('gives a decrease variant when the wait drops by 10 or more', () => {
    expect(feed([40, 25], () => 0.4).message).toEqual({ kind: 'decrease', variant: 3 });
  });

  it('keeps a change message while the wait stays the same', () => {
    expect(feed([40, 25, 25]).message.kind).toBe('decrease');
  });

  it('says time is now when the wait reaches 0, and warns when it is 0 again', () => {
    expect(feed([5, 0]).message).toEqual({ kind: 'timeIsNow' });
    expect(feed([5, 0, 0]).message).toEqual({ kind: 'warning' });
    expect(feed([5, 0, 0, 0]).message).toEqual({ kind: 'warning' });
  });

  it('does not warn on a duplicate of the same update', () => {
    expect(feed([5, 0, 0], undefined, 1_000).message).toEqual({ kind: 'timeIsNow' });
  });

  it('relaxes the customer once checked in', () => {
    const state = nextMessage(feed([5, 0, 0]), { wait: 0, checkedIn: true, now: 1e6 });
    expect(state.message).toEqual({ kind: 'checkedIn' });
  });

  it('names each message by its translation key', () => {
    expect(messageKey({ kind: 'increase', variant: 2 })).toBe('message.increase2');
    expect(messageKey({ kind: 'timeIsNow' })).toBe('message.timeIsNow');
  });
});
