// Barber notices the customer has answered on tracking ("wait for Aino", "OK"), remembered on
// this device so that coming back to the screen does not ask again; the last few only.
import { useCallback, useState } from 'react';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../../lib/storage';

const KEEP = 20;

function read(): string[] {
  const stored = readStorage(STORAGE_KEYS.barberNotices);
  return Array.isArray(stored) ? stored.filter((x): x is string => typeof x === 'string') : [];
}

export function useSeenNotices() {
  const [seen, setSeen] = useState(read);
  const add = useCallback((key: string) => {
    setSeen((current) => {
      const next = [...current.filter((k) => k !== key), key].slice(-KEEP);
      writeStorage(STORAGE_KEYS.barberNotices, next);
      return next;
    });
  }, []);
  const has = useCallback((key: string) => seen.includes(key), [seen]);
  return { has, add };
}
