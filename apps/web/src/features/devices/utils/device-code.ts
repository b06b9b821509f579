// A display's or kiosk's code: which market it belongs to (its prefix) and where the device
// keeps it, per kind and shop.
import { MARKETS, type Market } from '@jono/contract';
import { readStorage, writeStorage } from '../../../lib/storage';

export type DeviceKind = 'display' | 'kiosk';

/** `FI-7KQ3-M9PX-2HTB` belongs to the FI market; null when the prefix is no market. */
export function marketOfCode(code: string): Market | null {
  const prefix = code.trim().slice(0, 2).toLowerCase();
  return (MARKETS as readonly string[]).includes(prefix) ? (prefix as Market) : null;
}

const keyOf = (kind: DeviceKind, shopId: number) => `jono.device.${kind}.${shopId}`;

export function storedCode(kind: DeviceKind, shopId: number): string | null {
  const value = readStorage(keyOf(kind, shopId));
  return typeof value === 'string' && marketOfCode(value) ? value : null;
}

export function storeCode(kind: DeviceKind, shopId: number, code: string | null): void {
  if (code === null) {
    try {
      window.localStorage.removeItem(keyOf(kind, shopId));
    } catch {
      // Storage unavailable: nothing was kept.
    }
    return;
  }
  writeStorage(keyOf(kind, shopId), code.trim());
}
