// Local storage keys of the app (section 3) and the few flags read outside the stores.
import { RECOVERY_TOKEN_VALIDITY_MS } from '@jono/contract';

export const STORAGE_KEYS = {
  session: 'jono.session',
  locale: 'jono.locale',
  favourites: 'jono.favourites',
  order: 'jono.order',
  orderDraft: 'jono.order-draft',
  location: 'jono.location',
  welcomeSeen: 'jono.welcomeSeen',
  recovery: 'jono.recovery',
  dev: 'jono.dev',
  cookies: 'jono.cookies',
  /** Barber notices on tracking the customer has answered (issue 30; use-seen-notices.ts). */
  barberNotices: 'jono.barber-notices',
  /** Orders whose arrival by position the customer answered "not yet" (use-arrival.ts). */
  arrivalNotYet: 'jono.arrival-not-yet',
  /** Sessions and data of the markets the customer is not in now (market-shelf.ts). */
  shelf: 'jono.shelf',
} as const;

export function readStorage(key: string): unknown {
  try {
    const raw = window.localStorage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as unknown);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: unknown): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode or full storage: the app works without persistence.
  }
}

export function welcomeSeen(): boolean {
  return readStorage(STORAGE_KEYS.welcomeSeen) === true;
}

/** A recovery record is valid while its token was requested less than an hour ago. */
export function hasValidRecovery(now = Date.now()): boolean {
  const record = readStorage(STORAGE_KEYS.recovery);
  if (!record || typeof record !== 'object' || !('date' in record)) return false;
  const date = new Date(String((record as { date: unknown }).date)).getTime();
  return Number.isFinite(date) && now - date < RECOVERY_TOKEN_VALIDITY_MS;
}
