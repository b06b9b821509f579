// Stores kept in local storage: what earlier builds saved (zustand persist's layout) still loads,
// only the chosen part is written, and unreadable storage leaves the defaults.
import { describe, expect, it } from 'vitest';
import { create } from 'zustand';
import { persisted } from './persisted';

interface Counter {
  count: number;
  label: string;
  bump: () => void;
}

const makeStore = () =>
  create<Counter>()(
    persisted(
      (set) => ({ count: 0, label: 'new', bump: () => set((s) => ({ count: s.count + 1 })) }),
      { name: 'test.counter', partialize: (s) => ({ count: s.count }) },
    ),
  );

describe('persisted stores', () => {
  it('loads the state saved in the persist layout, keeping the defaults of what was not saved', () => {
    localStorage.setItem('test.counter', JSON.stringify({ state: { count: 4 }, version: 0 }));
    const store = makeStore();
    expect(store.getState().count).toBe(4);
    expect(store.getState().label).toBe('new');
    store.getState().bump();
    expect(store.getState().count).toBe(5);
  });

  it('writes only the chosen part on every change, in the same layout', () => {
    const store = makeStore();
    store.getState().bump();
    expect(JSON.parse(localStorage.getItem('test.counter') ?? 'null')).toEqual({
      state: { count: 1 },
      version: 0,
    });
  });

  it('starts from the defaults when the saved value is not readable', () => {
    localStorage.setItem('test.counter', '{not json');
    expect(makeStore().getState().count).toBe(0);
    localStorage.setItem('test.counter', JSON.stringify({ state: null }));
    expect(makeStore().getState().count).toBe(0);
  });
});
