import { afterEach, describe, expect, it } from 'vitest';
import { notify } from '../../lib/notification-store';
import { trackSessionErrors } from './app-extras';

afterEach(() => {
  window.dataLayer = [];
});

describe('session error analytics (section 7)', () => {
  it('pushes accessToken and loginStatus errors to the data layer, once per notice', () => {
    window.dataLayer = [];
    const stop = trackSessionErrors();
    notify({ title: 'Log in again', code: 'accessToken' });
    notify({ title: 'Status', code: 'loginStatus' });
    notify({ title: 'Something else', code: 'sendOrder' });
    stop();
    notify({ title: 'Log in again', code: 'accessToken' });
    expect(window.dataLayer).toEqual([
      { event: 'error', type: 'accessToken' },
      { event: 'error', type: 'loginStatus' },
    ]);
  });
});

describe('cookie settings', () => {
  it('stop analytics events once analytics is turned off', async () => {
    const { track } = await import('../../lib/analytics');
    window.dataLayer = [];
    track('one');
    localStorage.setItem('jono.cookies', JSON.stringify({ analytics: false }));
    track('two');
    expect(window.dataLayer).toEqual([{ event: 'one' }]);
  });
});
