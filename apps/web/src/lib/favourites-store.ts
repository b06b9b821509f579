// The customer's favourite shops, kept on the device.
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { STORAGE_KEYS } from './storage';

interface FavouritesState {
  ids: number[];
  toggle: (id: number) => void;
}

export const useFavouritesStore = create<FavouritesState>()(
  persist(
    (set) => ({
      ids: [],
      toggle: (id) =>
        set((s) => ({ ids: s.ids.includes(id) ? s.ids.filter((x) => x !== id) : [...s.ids, id] })),
    }),
    { name: STORAGE_KEYS.favourites },
  ),
);
