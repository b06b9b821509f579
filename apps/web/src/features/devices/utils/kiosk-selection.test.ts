import { describe, expect, it } from 'vitest';
import { toggleSelection } from './kiosk-selection';

describe('kiosk selection', () => {
  it('picks and drops a service with its extras', () => {
    const one = toggleSelection({}, 1);
    const withExtra = toggleSelection(one, 1, 7);
    expect(withExtra).toEqual({ 1: [7] });
    expect(toggleSelection(withExtra, 1, 7)).toEqual({ 1: [] });
    expect(toggleSelection(withExtra, 1)).toEqual({});
  });

  it('ignores an extra of a service not picked', () => {
    expect(toggleSelection({}, 2, 9)).toEqual({});
  });
});
