// The order being built, persisted so a reload (or logging in midway) keeps the selection.
import { create } from 'zustand';
import { persisted } from '../../../lib/persisted';
import { STORAGE_KEYS } from '../../../lib/storage';
import { emptyDraft, type OrderDraft } from '../utils/order-draft';

// One empty draft per shop, the same object every time: a shop page opened with another shop's
// draft (or none) in the store renders this one at once, and its effect's reset then stores the
// very object the page rendered, so the store's subscribers see no change. A new object there made
// the whole page render again, synchronously (a store update), right after its first commit.
const emptyDrafts = new Map<number | null, OrderDraft>();
export function emptyDraftOf(shopId: number | null): OrderDraft {
  let draft = emptyDrafts.get(shopId);
  if (!draft) {
    draft = emptyDraft(shopId);
    emptyDrafts.set(shopId, draft);
  }
  return draft;
}

interface OrderDraftState {
  draft: OrderDraft;
  apply: (transition: (draft: OrderDraft) => OrderDraft) => void;
  /**
   * A change to one shop's draft: to the stored draft when it is that shop's, else to that shop's
   * empty draft, which then replaces the stored one. What a shop page's controls change: the page
   * shows its shop's draft (emptyDraftOf while the store still holds another shop's, or none)
   * from its first commit, and a tap there must change that draft, not the other shop's one that
   * the page's effect is about to reset.
   */
  applyTo: (shopId: number | null, transition: (draft: OrderDraft) => OrderDraft) => void;
  reset: (shopId?: number | null) => void;
}

export const useOrderDraftStore = create<OrderDraftState>()(
  persisted(
    (set) => ({
      draft: emptyDraft(),
      apply: (transition) => set((s) => ({ draft: transition(s.draft) })),
      applyTo: (shopId, transition) =>
        set((s) => ({
          draft: transition(s.draft.shopId === shopId ? s.draft : emptyDraftOf(shopId)),
        })),
      reset: (shopId = null) => set({ draft: emptyDraftOf(shopId) }),
    }),
    {
      name: STORAGE_KEYS.orderDraft,
      // A send in flight is not resumed after a reload.
      partialize: (s) => ({
        draft: { ...s.draft, sending: 'idle', error: null, errorMessage: null },
      }),
    },
  ),
);
