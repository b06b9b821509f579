// The recovery record in local storage (section 3): country code, phone and when the code was
// asked for. It keeps the second step open for an hour, also across visits.
import { RECOVERY_TOKEN_VALIDITY_MS, SERVER_TEXT } from '@jono/contract';
import { STORAGE_KEYS, writeStorage } from '../../lib/storage';

export interface RecoveryRecord {
  countryCode: string;
  phone: string;
  date: string;
}

export function saveRecovery(record: RecoveryRecord): void {
  writeStorage(STORAGE_KEYS.recovery, record);
}

export function clearRecovery(): void {
  try {
    window.localStorage.removeItem(STORAGE_KEYS.recovery);
  } catch {
    // Nothing stored.
  }
}

/** The stored record while its code is still valid (requested less than an hour ago), else null. */
export function readRecovery(now = Date.now()): RecoveryRecord | null {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEYS.recovery);
    if (!raw) return null;
    const record = JSON.parse(raw) as Partial<RecoveryRecord>;
    if (typeof record.phone !== 'string' || typeof record.date !== 'string') return null;
    const age = now - new Date(record.date).getTime();
    if (!Number.isFinite(age) || age < 0 || age >= RECOVERY_TOKEN_VALIDITY_MS) return null;
    return {
      countryCode: String(record.countryCode ?? ''),
      phone: record.phone,
      date: record.date,
    };
  } catch {
    return null;
  }
}

export type RecoveryField = 'phone' | 'token' | 'password' | 'root';

/** Maps the API's recovery errors (section 8) to the field and message key they belong to. */
export function recoveryError(
  code: string,
  message: string,
): { field: RecoveryField; key: string } {
  switch (message) {
    case SERVER_TEXT.invalidPhone:
      return { field: 'phone', key: 'recovery.invalidPhone' };
    case SERVER_TEXT.missingPhone:
      return { field: 'phone', key: 'recovery.phoneError' };
    case SERVER_TEXT.passwordWeak:
      return { field: 'password', key: 'recovery.passwordWeak' };
    case SERVER_TEXT.missingPassword:
      return { field: 'password', key: 'recovery.passwordError' };
    case SERVER_TEXT.missingToken:
      return { field: 'token', key: 'recovery.tokenError' };
  }
  if (code === 'invalid_token') return { field: 'token', key: 'recovery.invalidToken' };
  if (code === 'too_many_attempts' || code === 'rate_limited') {
    return { field: 'root', key: 'recovery.tooManyAttempts' };
  }
  return { field: 'root', key: 'recovery.failed' };
}
