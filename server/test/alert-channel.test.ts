// One alert, by one channel, never both, and never by a channel the customer ruled out: the
// channel of each alert message for every combination of the customer's choice, the shop's
// default, a push subscription, SMS allowed and push configured (property test).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { customerMessage } from '../src/services/outbox';

const base = {
  key: 'turnNear:1',
  purpose: 'turnNear' as const,
  orderId: 1,
  pobId: 1,
  deadline: null,
};

describe('the channel of an alert', () => {
  it('is one at most, honours the customer first and the shop after', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(null, 'push', 'sms', 'none'),
        fc.constantFrom(null, 'push', 'sms'),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (channel, prefer, subscribed, allowSms, pushEnabled) => {
          const customer = {
            id: 7,
            phone: '+358401234567',
            allowSms,
            fcmToken: subscribed ? '{"endpoint":"https://push.example/1"}' : null,
          };
          const m = customerMessage(customer, 'Your turn is near', base, {
            pushEnabled,
            channel,
            prefer: prefer as 'push' | 'sms' | null,
          });
          const canPush = subscribed && pushEnabled;
          if (channel === 'none') return m === null;
          // Push only: a push row even when it cannot arrive (it fails, the board shows it),
          // never an SMS.
          if (channel === 'push') return m?.channel === 'push';
          if (channel === 'sms') return allowSms ? m?.channel === 'sms' : m === null;
          // The shop's default orders the two; either falls back to the other.
          if (prefer === 'sms') {
            return allowSms ? m?.channel === 'sms' : canPush ? m?.channel === 'push' : m === null;
          }
          return canPush ? m?.channel === 'push' : allowSms ? m?.channel === 'sms' : m === null;
        },
      ),
      { numRuns: 500 },
    );
  });

  it('keys the message by purpose and order, so a second claim writes nothing new', () => {
    const customer = { id: 7, phone: '+358401234567', allowSms: true, fcmToken: null };
    const a = customerMessage(customer, 'x', base, { pushEnabled: true, channel: null });
    const b = customerMessage(customer, 'x', base, { pushEnabled: true, channel: 'sms' });
    expect(a?.key).toBe('turnNear:1');
    expect(b?.key).toBe(a?.key);
  });
});
