// The order being built, persisted so a reload (or logging in midway) keeps the selection.
import { create } from 'zustand';
import { persisted } from '../../../lib/persisted';
import { STORAGE_KEYS } from '../../../lib/storage';
import { emptyDraft, type OrderDraft } from '../utils/order-draft';

interface OrderDraftState {
  draft: OrderDraft;
  apply: (transition: (draft: OrderDraft) => OrderDraft) => void;
  reset: (shopId?: number | null) => void;
}

export const useOrderDraftStore = create<OrderDraftState>()(
  persisted(
    (set) => ({
      draft: emptyDraft(),
      apply: (transition) => set((s) => ({ draft: transition(s.draft) })),
      reset: (shopId = null) => set({ draft: emptyDraft(shopId) }),
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
