// The customer's favourite shops, kept on the device.
import { create } from 'zustand';
import { persisted } from './persisted';
import { STORAGE_KEYS } from './storage';

interface FavouritesState {
  ids: number[];
  toggle: (id: number) => void;
}

export const useFavouritesStore = create<FavouritesState>()(
  persisted(
    (set) => ({
      ids: [],
      toggle: (id) =>
        set((s) => ({ ids: s.ids.includes(id) ? s.ids.filter((x) => x !== id) : [...s.ids, id] })),
    }),
    { name: STORAGE_KEYS.favourites },
  ),
);
