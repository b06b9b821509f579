// Analytics events go to the data layer (section 7); nothing is sent when no tag manager reads it,
// and nothing is pushed once the customer has turned analytics off in the cookie settings.
import { STORAGE_KEYS } from './storage';

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

function analyticsAllowed(): boolean {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEYS.cookies);
    return !raw || (JSON.parse(raw) as { analytics?: unknown }).analytics !== false;
  } catch {
    return true;
  }
}

export function track(event: string, data: Record<string, unknown> = {}): void {
  if (!analyticsAllowed()) return;
  window.dataLayer ??= [];
  window.dataLayer.push({ event, ...data });
}
