// Keeps a zustand store in local storage. The stores need only a name and, for some, the part of
// the state to keep; zustand's persist middleware (versions, migrations, async storages,
// rehydration events) cost /home 1.5 kB of its budget for that (decision 006). The stored layout
// is persist's own, `{ "state": ..., "version": 0 }`, so what earlier builds saved still loads.
// Read once when the store is created (local storage is synchronous), written on every change;
// without storage (private mode, quota) the app works unpersisted.
import type { StateCreator } from 'zustand';
import { readStorage, writeStorage } from './storage';

export interface PersistOptions<T> {
  /** The local storage key (STORAGE_KEYS). */
  name: string;
  /** The part of the state to keep; all of it when absent. */
  partialize?: (state: T) => Partial<T>;
}

export function persisted<T>(
  initializer: StateCreator<T, [], []>,
  { name, partialize = (state) => state }: PersistOptions<T>,
): StateCreator<T, [], []> {
  return (set, get, api) => {
    const initial = initializer(set, get, api);
    api.subscribe((state) => writeStorage(name, { state: partialize(state), version: 0 }));
    const saved = readStorage(name);
    if (saved && typeof saved === 'object' && 'state' in saved) {
      const state = (saved as { state: unknown }).state;
      if (state && typeof state === 'object') return { ...initial, ...(state as Partial<T>) };
    }
    return initial;
  };
}
