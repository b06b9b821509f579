import { describe, expect, it } from 'vitest';
import { isValidEmail } from '../account/components/email-form';
import { validatePasswordForm } from './components/password-screen';
import { isUnread, unreadCount } from './utils/messages';
import { orderTotal } from './utils/order-total';
import { sanitiseMessageHtml } from './components/messages-screen';
import { receiptTotal, receiptVat } from '../receipt/utils/receipt-vat';

describe('the password update form (section 5)', () => {
  it('needs the current password', () => {
    expect(
      validatePasswordForm({ current: '', password: 'newpass1', confirm: 'newpass1' }),
    ).toEqual({
      current: 'updatePassword.oldPasswordError',
    });
  });
  it('needs a new password of at least 8 characters', () => {
    expect(validatePasswordForm({ current: 'x', password: 'short', confirm: 'short' })).toEqual({
      password: 'updatePassword.newPasswordError',
    });
  });
  it('needs the confirmation to equal the new password', () => {
    expect(
      validatePasswordForm({ current: 'x', password: 'newpass12', confirm: 'newpass13' }),
    ).toEqual({
      confirm: 'updatePassword.matchError',
    });
  });
  it('accepts a valid form', () => {
    expect(
      validatePasswordForm({ current: 'x', password: 'newpass12', confirm: 'newpass12' }),
    ).toEqual({});
  });
});

describe('the email settings pattern (section 5)', () => {
  it.each([
    'matti@example.fi',
    'a.b@sub.example.com',
    '"quoted name"@example.org',
    'x@[192.168.0.1]',
  ])('accepts %s', (email) => expect(isValidEmail(email)).toBe(true));
  it.each(['', 'matti', 'matti@example', 'matti@example.f', 'matti@ex ample.fi', 'a@b.c1'])(
    'refuses %s',
    (email) => expect(isValidEmail(email)).toBe(false),
  );
});

describe('unread messages (section 9)', () => {
  const now = Date.parse('2026-11-21T12:00:00Z');
  it('counts messages from the last month that are not read', () => {
    const messages = [
      { date: '2026-11-19T12:00:00Z', read: false },
      { date: '2026-11-19T12:00:00Z', read: true },
      { date: '2026-09-01T12:00:00Z', read: false },
    ];
    expect(unreadCount(messages, now)).toBe(1);
    expect(isUnread({ date: '2026-10-22T12:00:00Z', read: false }, now)).toBe(true);
  });
});

describe('message HTML', () => {
  it('drops scripts and event handlers and keeps formatting and links', () => {
    const html = sanitiseMessageHtml(
      '<p onclick="alert(1)">Hi <strong>there</strong><script>alert(2)</script><img src=x onerror="alert(3)"><a href="https://example.com">more</a><a href="javascript:alert(4)">bad</a></p>',
    );
    expect(html).not.toMatch(/script|onerror|onclick|javascript:/i);
    expect(html).toContain('<strong>there</strong>');
    expect(html).toContain('href="https://example.com"');
    expect(html).toContain('rel="noopener noreferrer"');
  });

  it('shows the host of every external link next to it, whatever the text says', () => {
    const html = sanitiseMessageHtml(
      '<p><a href="https://bank-login.example/x?y=1">https://www.jono.example/offer</a> <a href="/profile/messages">own page</a></p>',
    );
    const shown = document.createElement('div');
    shown.innerHTML = html;
    expect(shown.textContent).toContain('https://www.jono.example/offer (bank-login.example)');
    expect(shown.textContent).toContain('own page');
    expect(shown.textContent).not.toContain(`(${window.location.host})`);
  });
});

describe('totals', () => {
  it('sums an order with its extras', () => {
    const item = (price: number, extras: number[]) => ({
      amount: 1,
      service_id: 1,
      service_info: { duration: 20, group_id: 1, id: 1, price, title: 'Cut' },
      extra_services: extras.map((p) => ({
        amount: 1,
        service_id: 2,
        title: 'Wash',
        price: p,
        duration: 5,
      })),
    });
    expect(orderTotal({ items: [item(3900, [500]), item(2500, [])] })).toBe(6900);
  });

  it('shows one VAT percentage when every row agrees, otherwise the amount (section 9)', () => {
    const row = (vat: number, vatAmount: number) => ({
      amount: 1,
      name: 'x',
      price: 1000,
      vat_amount: vatAmount,
      vat,
    });
    expect(receiptVat([row(25.5, 203), row(25.5, 203)])).toEqual({
      kind: 'percent',
      percent: 25.5,
      amount: 406,
    });
    expect(receiptVat([row(25.5, 203), row(14, 123)])).toEqual({ kind: 'amount', amount: 326 });
    expect(receiptTotal([row(25.5, 203), row(14, 123)])).toBe(2000);
  });
});
