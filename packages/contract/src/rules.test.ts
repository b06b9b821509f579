import { describe, expect, it } from 'vitest';
import { TEXT_MAX } from './constants';
import { profilePatchSchema } from './customer';
import { walkInSchema } from './staff';
import {
  fieldErrors,
  isSecurePassword,
  loginSchema,
  normalisePhone,
  passwordChangeSchema,
  passwordFormSchema,
  registrationSchema,
  resetSchema,
  resetTokenSchema,
  emailSchema,
} from './index';

const valid = {
  phone: '+358401234567',
  firstname: 'Matti',
  lastname: 'Meikäläinen',
  email: 'matti@example.fi',
  password: 'Secret123',
  terms_accepted: true,
  code: '123456',
};

function messages(result: {
  success: boolean;
  error?: { issues: { message: string; path: PropertyKey[] }[] };
}) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

describe('password rule', () => {
  it.each([
    ['Secret123', true],
    ['Äiti1234', true],
    ['secret123', false],
    ['SECRET123', false],
    ['SecretPwd', false],
    ['Sec123', false],
  ])('%s secure: %s', (pw, ok) => expect(isSecurePassword(pw)).toBe(ok));
});

describe('registration', () => {
  it('accepts a complete form and defaults allow_email off, allow_sms on', () => {
    const r = registrationSchema.parse(valid);
    expect(r.allow_email).toBe(false);
    expect(r.allow_sms).toBe(true);
  });
  it('names each wrong field with its message key', () => {
    const r = registrationSchema.safeParse({
      phone: '123',
      firstname: ' ',
      lastname: '',
      email: 'a@b',
      password: 'weak',
      terms_accepted: false,
    });
    expect(messages(r)).toEqual({
      phone: 'register.phoneError',
      firstname: 'register.firstnameError',
      lastname: 'register.lastnameError',
      email: 'register.emailError',
      password: 'register.passwordError',
      terms_accepted: 'register.termsError',
      code: 'register.codeError',
    });
  });
  it('needs the 6-digit code texted to the phone (issue 27)', () => {
    for (const code of ['12345', '1234567', '12a456', '', ' '.repeat(7)]) {
      expect(messages(registrationSchema.safeParse({ ...valid, code })), code).toEqual({
        code: 'register.codeError',
      });
    }
    expect(registrationSchema.safeParse({ ...valid, code: ' 654321 ' }).success).toBe(true);
  });
  it('takes a first name of at most 40 characters (every screen holds its layout with it)', () => {
    const name = (n: number) => 'Å'.repeat(n);
    expect(registrationSchema.safeParse({ ...valid, firstname: name(40) }).success).toBe(true);
    expect(messages(registrationSchema.safeParse({ ...valid, firstname: name(41) }))).toEqual({
      firstname: 'register.firstnameError',
    });
    expect(walkInSchema.safeParse({ items: [{ service_id: 1 }], name: name(41) }).success).toBe(
      false,
    );
    expect(profilePatchSchema.safeParse({ firstname: name(41) }).success).toBe(false);
    expect(TEXT_MAX.firstName).toBe(40);
  });
  it('uses the simple email pattern: two word characters after the dot', () => {
    expect(registrationSchema.safeParse({ ...valid, email: 'a@b.c' }).success).toBe(false);
    expect(registrationSchema.safeParse({ ...valid, email: 'a@b.co' }).success).toBe(true);
  });
  it('rejects unknown fields', () => {
    expect(registrationSchema.safeParse({ ...valid, admin: true }).success).toBe(false);
  });
});

describe('login', () => {
  it('requires phone and password', () => {
    expect(messages(loginSchema.safeParse({ phone: '', password: '' }))).toEqual({
      phone: 'login.phoneError',
      password: 'login.passwordError',
    });
  });
});

describe('recovery', () => {
  it('gives the server texts of section 8', () => {
    const missing = resetSchema.safeParse({});
    expect(fieldErrors(missing.error!)).toEqual({
      phone: 'Missing phone parameter',
      token: 'Missing token parameter',
      password: 'Missing password parameter',
    });
    const weak = resetSchema.safeParse({
      phone: '+358401234567',
      token: '123456',
      password: 'abc',
    });
    expect(fieldErrors(weak.error!)).toEqual({ password: 'Password too weak' });
    expect(fieldErrors(resetTokenSchema.safeParse({ phone: 'abc' }).error!)).toEqual({
      phone: 'Invalid phone number',
    });
  });
  it('requires the password again to match', () => {
    const r = resetSchema.safeParse({
      phone: '+358401234567',
      token: '123456',
      password: 'Secret123',
      password_again: 'Secret124',
    });
    expect(messages(r)).toEqual({ password_again: 'recovery.passwordMatch' });
  });
});

describe('password change', () => {
  it('requires the current one and a new one of 8 or more', () => {
    expect(
      messages(passwordChangeSchema.safeParse({ old_password: '', new_password: 'short' })),
    ).toEqual({
      old_password: 'updatePassword.oldPasswordError',
      new_password: 'updatePassword.newPasswordError',
    });
  });
  it('form requires the confirmation to equal the new password', () => {
    expect(
      messages(
        passwordFormSchema.safeParse({ current: 'x', password: 'abcdefgh', confirm: 'abcdefgi' }),
      ),
    ).toEqual({ confirm: 'updatePassword.matchError' });
  });
});

describe('email settings pattern', () => {
  it.each([
    ['matti@example.fi', true],
    ['first.last@sub.example.com', true],
    ['user@[192.168.0.1]', true],
    ['user@example', false],
    ['user@example.c', false],
    ['no at sign', false],
  ])('%s valid: %s', (email, ok) => expect(emailSchema.safeParse(email).success).toBe(ok));
});

describe('phone normalisation', () => {
  it('adds the dial code and drops the trunk zero', () => {
    expect(normalisePhone('040 123 4567')).toBe('+358401234567');
    expect(normalisePhone('5123 4567', '+372')).toBe('+37251234567');
    expect(normalisePhone('0046701234567')).toBe('+46701234567');
  });
});
