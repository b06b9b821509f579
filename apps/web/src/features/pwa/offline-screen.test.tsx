import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { makeOrder } from '@jono/test-kit';
import { useActiveOrderStore } from '../../lib/active-order-store';
import { i18next } from '../../lib/i18n';
import { useLocaleStore } from '../../lib/locale-store';
import { queryKeys } from '../../lib/query-keys';
import { useSessionStore } from '../../lib/session-store';
import { renderRoutes } from '../../test/render';
import { OfflineScreen } from './offline-screen';

beforeAll(() => i18next.loadNamespaces(['pwa']));
beforeEach(() => {
  useLocaleStore.setState({ locale: 'FI', language: 'en' });
  useSessionStore.setState({
    session: { customerId: 42, accessToken: 'a1', refreshToken: 'r1' },
    rememberLogin: true,
  });
  useActiveOrderStore.setState({ order: { orderId: 900, shopId: 1, checkedIn: false } });
});
afterEach(() => vi.restoreAllMocks());

describe('offline', () => {
  it('keeps the last known wait, when it was known, and the customer’s number', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const { queryClient } = renderRoutes([{ path: '/', Component: OfflineScreen }], '/');
    queryClient.setQueryData(queryKeys.order('fi', 42, 900), makeOrder({ ticket: 6 }));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(await screen.findByRole('alertdialog', { name: 'You are offline' })).toBeVisible();
    expect(screen.getByText(/^Last known at .*: about 25 minutes to your turn\.$/)).toBeVisible();
    expect(screen.getByText("Your number on the shop's screen: 006")).toBeVisible();
  });
});
