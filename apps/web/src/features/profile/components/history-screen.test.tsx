import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeFetch, json, makeOrder, makeProfile, makeShop } from '@jono/test-kit';
import { useActiveOrderStore } from '../../../lib/active-order-store';
import { useLocaleStore } from '../../../lib/locale-store';
import { useSessionStore } from '../../../lib/session-store';
import { renderRoutes } from '../../../test/render';
import { HistoryScreen } from './history-screen';

const routes = [
  { path: '/profile/history', Component: HistoryScreen },
  { path: '/tracking', element: <h1>{'Tracking'}</h1> },
];

beforeEach(() => {
  useLocaleStore.setState({ locale: 'FI', language: 'en' });
  useSessionStore.setState({
    session: { customerId: 42, accessToken: 'a1', refreshToken: 'r1' },
    rememberLogin: true,
  });
  useActiveOrderStore.setState({ order: null });
});
afterEach(() => vi.unstubAllGlobals());

describe('the order history', () => {
  it('offers to take back the place of a visit left by mistake, and then follows the new one', async () => {
    const user = userEvent.setup();
    const left = makeOrder({
      id: 900,
      status: 'cancelled',
      presence: {
        state: 'waiting',
        travel_minutes: null,
        leave_at: null,
        leave_alert_at: null,
        held_until: null,
        deferred_until: null,
        defers_left: 2,
        rejoined: false,
        rejoin_until: new Date(Date.now() + 6 * 60_000).toISOString(),
        wait_change: null,
      },
    });
    const served = makeOrder({ id: 800, status: 'serviced' });
    const fake = fakeFetch((url, init) => {
      if (url.pathname === '/api/fi/customers/42/') return json(200, makeProfile());
      if (url.pathname === '/api/fi/customers/42/orders/') {
        return json(200, { items: [left, served] });
      }
      if (url.pathname === '/api/fi/customers/42/orders/900/rejoin/' && init?.method === 'POST') {
        return json(201, { id: 901 });
      }
      return undefined;
    });
    vi.stubGlobal('fetch', fake.fetchImpl);
    const { router } = renderRoutes(routes, '/profile/history');
    const buttons = await screen.findAllByRole('button', { name: 'Take my place back' });
    expect(buttons).toHaveLength(1);
    // Each visit says what became of it; a visit left costs nothing.
    expect(await screen.findByText('Left the queue')).toBeVisible();
    expect(screen.getByText('Served')).toBeVisible();
    expect(screen.getByText('Nothing to pay')).toBeVisible();
    await user.click(buttons[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/tracking'));
    expect(useActiveOrderStore.getState().order?.orderId).toBe(901);
  });

  it('names each service in the app’s language from its shop’s catalogue, not as the order kept it', async () => {
    // The order was made in Finnish; the shop's catalogue answers in English.
    const made = makeOrder({
      id: 700,
      status: 'serviced',
      items: [
        {
          amount: 1,
          service_id: 11,
          service_info: {
            duration: 25,
            group_id: 1,
            id: 11,
            price: 3900,
            title: 'Hiustenleikkaus',
          },
          extra_services: [
            { amount: 1, service_id: 21, title: 'Hiustenpesu', price: 500, duration: 5 },
          ],
        },
      ],
    });
    const fake = fakeFetch((url, init) => {
      if (url.pathname === '/api/fi/customers/42/') return json(200, makeProfile());
      if (url.pathname === '/api/fi/customers/42/orders/') return json(200, { items: [made] });
      if (url.pathname === '/api/fi/pobs/1/') {
        expect(new Headers(init?.headers).get('accept-language')).toBe('en');
        return json(200, makeShop());
      }
      return undefined;
    });
    vi.stubGlobal('fetch', fake.fetchImpl);
    renderRoutes(routes, '/profile/history');
    expect(await screen.findByText('Haircut, Wash')).toBeInTheDocument();
    expect(screen.queryByText(/Hiustenleikkaus/)).not.toBeInTheDocument();
  });
});
