// Barber notices on tracking the customer has answered ("wait for Aino", "OK"), remembered on this
// device so that coming back to the screen does not ask again (the last few only). Joining with a
// barber who starts later today answers "wait for them" at once: the customer chose it knowingly.
import { useCallback, useState } from 'react';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage';

const KEEP = 20;

function read(): string[] {
  const stored = readStorage(STORAGE_KEYS.barberNotices);
  return Array.isArray(stored) ? stored.filter((x): x is string => typeof x === 'string') : [];
}

function remember(current: readonly string[], key: string): string[] {
  const next = [...current.filter((k) => k !== key), key].slice(-KEEP);
  writeStorage(STORAGE_KEYS.barberNotices, next);
  return next;
}

/** The notice of an order tied to a barber who is off duty until `nextShiftAt`. */
export const waitNoticeKey = (orderId: number, barberId: number, nextShiftAt: string) =>
  `${orderId}:wait:${barberId}:${nextShiftAt}`;

/** The notice that the server moved an order to the first available at `at`. */
export const releasedNoticeKey = (orderId: number, at: string) => `${orderId}:released:${at}`;

/** Records a notice as answered, outside React (after joining). */
export function answerNotice(key: string): void {
  remember(read(), key);
}

export function useSeenNotices() {
  const [seen, setSeen] = useState(read);
  const add = useCallback((key: string) => setSeen((current) => remember(current, key)), []);
  const has = useCallback((key: string) => seen.includes(key), [seen]);
  return { has, add };
}
