// A refused change of barber in the customer's words: the server's stable error code picks the
// text (its own message is English); anything else asks to try again.
import { ApiError } from '../../../lib/api-client';

const KNOWN = new Set([
  'barber_unknown',
  'barber_removed',
  'barber_off_today',
  'barber_changes_spent',
  'not_waiting',
  'no_longer_active',
]);

/** The key under `barbers:errors.` for a failed PATCH of the order's barber. */
export function barberErrorKey(error: unknown): string {
  if (error instanceof ApiError && KNOWN.has(error.code)) return `errors.${error.code}`;
  return 'errors.other';
}
