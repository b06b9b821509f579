// The order the customer is queueing with (local storage "order"): set after sending, cleared
// when the profile shows no active order, when leaving, or when tracking finds none.
import { create } from 'zustand';
import { persisted } from './persisted';
import { STORAGE_KEYS } from './storage';

export interface ActiveOrderRef {
  orderId: number;
  /** Known after sending or once tracking has loaded the order. */
  shopId: number | null;
  checkedIn: boolean;
}

interface ActiveOrderState {
  order: ActiveOrderRef | null;
  setOrder: (order: ActiveOrderRef) => void;
  clearOrder: () => void;
  update: (patch: Partial<ActiveOrderRef>) => void;
}

export const useActiveOrderStore = create<ActiveOrderState>()(
  persisted(
    (set) => ({
      order: null,
      setOrder: (order) => set({ order }),
      clearOrder: () => set({ order: null }),
      update: (patch) => set((s) => (s.order ? { order: { ...s.order, ...patch } } : s)),
    }),
    { name: STORAGE_KEYS.order },
  ),
);
