import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_TEXT } from '@jono/contract';
import { hasValidRecovery } from '../../lib/storage';
import { resetFormSchema } from './components/reset-step';
import { clearRecovery, readRecovery, recoveryError, saveRecovery } from './recovery-record';

const HOUR = 60 * 60 * 1000;
afterEach(() => clearRecovery());

describe('the recovery record', () => {
  it('keeps the second step open for one hour after the code was asked for', () => {
    const now = Date.parse('2026-11-21T12:00:00Z');
    saveRecovery({ countryCode: 'FI', phone: '+358401234567', date: new Date(now).toISOString() });
    expect(readRecovery(now + HOUR - 1)?.phone).toBe('+358401234567');
    expect(readRecovery(now + HOUR)).toBeNull();
    // The start gate reads the same record to send a returning customer to /recovery.
    expect(hasValidRecovery(now + HOUR - 1)).toBe(true);
    expect(hasValidRecovery(now + HOUR)).toBe(false);
  });

  it('ignores a broken record', () => {
    localStorage.setItem('jono.recovery', '{"phone":1}');
    expect(readRecovery()).toBeNull();
  });
});

describe('recovery errors (section 8)', () => {
  it.each([
    [SERVER_TEXT.invalidPhone, 'phone', 'recovery.invalidPhone'],
    [SERVER_TEXT.missingPhone, 'phone', 'recovery.phoneError'],
    [SERVER_TEXT.passwordWeak, 'password', 'recovery.passwordWeak'],
    [SERVER_TEXT.missingPassword, 'password', 'recovery.passwordError'],
    [SERVER_TEXT.missingToken, 'token', 'recovery.tokenError'],
  ])('maps "%s" to the %s field', (message, field, key) => {
    expect(recoveryError('validation', message)).toEqual({ field, key });
  });

  it('maps a wrong code and too many attempts', () => {
    expect(recoveryError('invalid_token', 'x')).toEqual({
      field: 'token',
      key: 'recovery.invalidToken',
    });
    expect(recoveryError('too_many_attempts', 'x').key).toBe('recovery.tooManyAttempts');
  });
});

describe('the recovery form, step two (section 5)', () => {
  const errorsOf = (values: Record<string, string>) => {
    const result = resetFormSchema.safeParse({
      token: '123456',
      password: 'Parturi123',
      password_again: 'Parturi123',
      ...values,
    });
    return result.success
      ? {}
      : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
  };
  it('accepts a code and a secure password given twice', () => expect(errorsOf({})).toEqual({}));
  it('needs the code', () => expect(errorsOf({ token: ' ' }).token).toBe('recovery.tokenError'));
  it('needs the password', () =>
    expect(errorsOf({ password: '', password_again: '' }).password).toBe('recovery.passwordError'));
  it('needs a secure password', () =>
    expect(errorsOf({ password: 'parturi1', password_again: 'parturi1' }).password).toBe(
      'recovery.passwordWeak',
    ));
  it('needs the same password twice', () =>
    expect(errorsOf({ password_again: 'Parturi124' }).password_again).toBe(
      'recovery.passwordMatch',
    ));
});
