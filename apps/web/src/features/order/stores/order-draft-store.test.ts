import { describe, expect, it } from 'vitest';
import { emptyDraftOf, useOrderDraftStore } from './order-draft-store';
import { toggleService } from '../utils/order-draft';

describe('the order draft of a shop page', () => {
  it('resets to the very empty draft the page rendered, so its subscribers see no change', () => {
    const store = useOrderDraftStore;
    store.getState().apply((d) => toggleService({ ...d, shopId: 2 }, 7));
    // What a shop page of shop 3 renders while the store still holds shop 2's draft.
    const rendered = emptyDraftOf(3);
    expect(rendered).toMatchObject({ shopId: 3, status: 'idle', serviceIds: [] });
    store.getState().reset(3);
    expect(store.getState().draft).toBe(rendered);
    // Chosen services make a new draft; a later reset brings the same empty one back.
    store.getState().apply((d) => toggleService(d, 7));
    expect(store.getState().draft.serviceIds).toEqual([7]);
    store.getState().reset(3);
    expect(store.getState().draft).toBe(rendered);
    expect(emptyDraftOf(4)).not.toBe(rendered);
  });

  it('changes a shop’s own draft, not the one stored for another shop, which it replaces', () => {
    const store = useOrderDraftStore;
    store.getState().apply((d) => toggleService({ ...d, shopId: 2 }, 7));
    // A tap on shop 3's page before its effect has reset shop 2's draft.
    store.getState().applyTo(3, (d) => toggleService(d, 11));
    expect(store.getState().draft).toMatchObject({
      shopId: 3,
      status: 'pending',
      serviceIds: [11],
    });
    // Further changes build on that draft; the shared empty one stays empty.
    store.getState().applyTo(3, (d) => toggleService(d, 12));
    expect(store.getState().draft.serviceIds).toEqual([11, 12]);
    expect(emptyDraftOf(3).serviceIds).toEqual([]);
  });
});
