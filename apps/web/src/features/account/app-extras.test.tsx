import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useLocaleStore } from '../../lib/locale-store';
import { changeMarket } from '../../lib/market-shelf';
import { notify } from '../../lib/notification-store';
import { useSessionStore } from '../../lib/session-store';
import { AppExtras, trackSessionErrors } from './app-extras';

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

describe('a shop QR code of another market (?market=)', () => {
  it('moves the app there keeping the account of the market left, which comes back on return', async () => {
    const session = { customerId: 7, accessToken: 'a', refreshToken: 'r' };
    window.localStorage.clear();
    useLocaleStore.setState({ locale: 'FI', language: 'fi', previousLocale: null });
    useSessionStore.setState({ session, rememberLogin: true });
    window.history.replaceState(null, '', '/barbershop/1?market=no');
    // As in the app, inside the query client's provider (the offline screen reads its cache).
    const view = render(
      <QueryClientProvider client={new QueryClient()}>
        <AppExtras />
      </QueryClientProvider>,
    );
    await vi.waitFor(() => expect(useLocaleStore.getState().locale).toBe('NO'));
    // The Finnish session is not sent to Norway's backend (which refused it and logged out).
    expect(useSessionStore.getState().session).toBeNull();
    view.unmount();
    window.history.replaceState(null, '', '/');
    changeMarket(() => useLocaleStore.getState().setLocale('FI'));
    expect(useSessionStore.getState().session).toEqual(session);
  });
});
