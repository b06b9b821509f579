import { describe, expect, it } from 'vitest';
import { registrationFormSchema, toRegistrationPayload } from './registration-form-schema';

const valid = {
  dialCode: '+358',
  phone: '040 123 4567',
  firstname: 'Matti',
  lastname: 'Meikäläinen',
  email: 'matti@example.fi',
  password: 'Parturi123',
  terms_accepted: true,
  allow_email: false,
  allow_sms: true,
};

function errorsOf(values: Partial<typeof valid> & Record<string, unknown>) {
  const result = registrationFormSchema.safeParse({ ...valid, ...values });
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('the registration form (section 5)', () => {
  it('accepts a complete form and sends the phone in E.164 with the defaults', () => {
    expect(errorsOf({})).toEqual({});
    const payload = toRegistrationPayload(registrationFormSchema.parse(valid));
    expect(payload).toMatchObject({ phone: '+358401234567', allow_email: false, allow_sms: true });
  });

  it.each([
    ['an empty phone', { phone: '' }],
    ['a phone shorter than 6 characters', { phone: '+3581', dialCode: '' }],
    ['a phone with letters', { phone: '040abc' }],
  ])('refuses %s with "check phone"', (_, values) => {
    expect(errorsOf(values).phone).toBe('register.phoneError');
  });

  it.each([
    ['firstname', 'register.firstnameError'],
    ['lastname', 'register.lastnameError'],
  ])('refuses an empty or blank %s', (field, message) => {
    expect(errorsOf({ [field]: '' })[field]).toBe(message);
    expect(errorsOf({ [field]: '   ' })[field]).toBe(message);
  });

  it.each(['matti', 'matti@example', 'matti@example.f', '@example.fi x'])(
    'refuses the email %s with "check email"',
    (email) => {
      expect(errorsOf({ email }).email).toBe('register.emailError');
    },
  );

  it('accepts the simple email pattern: text, @, text, dot, 2+ word characters', () => {
    expect(errorsOf({ email: 'a@b.co' }).email).toBeUndefined();
  });

  it.each([
    ['shorter than 8', 'Abc1234'],
    ['without an uppercase letter', 'parturi123'],
    ['without a lowercase letter', 'PARTURI123'],
    ['without a digit', 'Parturiaa'],
  ])('refuses a password %s with "check password"', (_, password) => {
    expect(errorsOf({ password }).password).toBe('register.passwordError');
  });

  it('needs the terms of use accepted', () => {
    expect(errorsOf({ terms_accepted: false }).terms_accepted).toBe('register.termsError');
  });
});
