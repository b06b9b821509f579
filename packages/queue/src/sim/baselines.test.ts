import { describe, expect, it } from 'vitest';
import { naiveWait, priorityAwareWait } from './baselines';
import { order, shop } from '../test-factories';

describe('baselines', () => {
  const state = shop({
    chairs: 2,
    orders: [order({ id: 1 }), order({ id: 2, priority: 2 }), order({ id: 3 }), order({ id: 4 })],
    arrivalsPerHour: { 0: 3, 1: 1, 2: 1, 3: 1 },
  });

  it('the queue length counts everyone waiting, whatever their priority', () => {
    expect(naiveWait(state, { id: 2 })).toBe(naiveWait(state, { id: 4 }));
    expect(naiveWait(state, { id: 4 })).toBeGreaterThan(0);
  });

  it('the priority-aware one counts who is ahead and the members still to come', () => {
    // The gold member is first in line; no one of a higher priority is expected but platinum.
    expect(priorityAwareWait(state, { id: 2 })).toBe(0);
    const one = priorityAwareWait(state, { id: 4 });
    const fewerMembers = priorityAwareWait({ ...state, arrivalsPerHour: { 0: 3 } }, { id: 4 });
    expect(one).toBeGreaterThan(fewerMembers);
    expect(fewerMembers).toBeGreaterThan(0);
  });
});
