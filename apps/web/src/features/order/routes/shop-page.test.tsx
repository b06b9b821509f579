import { useLayoutEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SERVER_TEXT } from '@jono/contract';
import { useActiveOrderStore } from '../../../lib/active-order-store';
import { useLocaleStore } from '../../../lib/locale-store';
import { useNotificationStore } from '../../../lib/notification-store';
import { useSessionStore } from '../../../lib/session-store';
import { fakeFetch, json, makeProfile, makeShop } from '@jono/test-kit';
import { renderRoutes, testQueryClient } from '../../../test/render';
import { shopQueryOptions } from '../../shops/api/get-shop';
import { useOrderDraftStore } from '../stores/order-draft-store';
import { toggleService } from '../utils/order-draft';
import { ShopPageRoute } from './shop-page';

const routes = [
  { path: '/barbershop/:id', Component: ShopPageRoute },
  { path: '/tracking', element: <h1>{'Tracking screen'}</h1> },
  { path: '/home', element: <h1>{'Home screen'}</h1> },
];

const shopApi =
  (shop = makeShop()) =>
  (url: URL) =>
    url.pathname === `/api/fi/pobs/${shop.id}/` ? json(200, shop) : undefined;

const loginApi = (url: URL, init?: RequestInit) => {
  if (url.pathname === '/api/fi/login/' && init?.method === 'POST') {
    return json(200, { customer_id: 42, access_token: 'a1', refresh_token: 'r1' });
  }
  if (url.pathname === '/api/fi/customers/42/') return json(200, makeProfile());
  return undefined;
};

beforeEach(() => {
  useLocaleStore.setState({ locale: 'FI', language: 'en' });
  useSessionStore.setState({ session: null, rememberLogin: false });
  useOrderDraftStore.getState().reset();
  useActiveOrderStore.setState({ order: null });
  useNotificationStore.getState().hide();
});
afterEach(() => vi.unstubAllGlobals());

describe('ordering on the shop page', () => {
  it('lets a guest pick a service, log in from the dialog, confirm the empty queue and join', async () => {
    const user = userEvent.setup();
    const api = fakeFetch(shopApi(), loginApi, (url, init) =>
      url.pathname === '/api/fi/customers/42/orders/' && init?.method === 'POST'
        ? json(201, { id: 900 })
        : undefined,
    );
    vi.stubGlobal('fetch', api.fetchImpl);
    const { router } = renderRoutes(routes, '/barbershop/1');

    expect(await screen.findByRole('heading', { level: 1, name: 'Jono Kamppi' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Next/ })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: /^Haircut/ }));
    await user.click(screen.getByRole('checkbox', { name: /^Wash/ }));
    await user.click(screen.getByRole('button', { name: 'Next (1 service)' }));

    const login = await screen.findByRole('dialog', { name: 'Log in' });
    await user.type(within(login).getByLabelText('Phone number'), '0400000001');
    await user.type(within(login).getByLabelText('Password'), 'Jono1234');
    await user.click(within(login).getByRole('button', { name: 'Log in' }));

    const confirm = await screen.findByRole('alertdialog', { name: 'Your turn is now' });
    await user.click(within(confirm).getByRole('button', { name: 'Continue' }));

    expect(
      await screen.findByRole('heading', { name: 'Confirm and join the queue' }),
    ).toBeVisible();
    expect(screen.getByText('+ Wash')).toBeVisible();
    // The note speaks of this wait, not of a fixed "0-10 minutes".
    expect(
      screen.getByText('The wait is an estimate: it changes as the queue moves.'),
    ).toBeVisible();
    expect(screen.queryByText(/0-10 minutes/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Join the queue' }));

    expect(await screen.findByText('You are in the queue!')).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/tracking'), {
      timeout: 2000,
    });
    const login_ = api.calls.find((c) => c.path === '/api/fi/login/');
    expect(login_?.body).toMatchObject({ phone: '+358400000001', password: 'Jono1234' });
    const order = api.calls.find((c) => c.path === '/api/fi/customers/42/orders/');
    expect(order?.body).toEqual({
      pob_id: 1,
      items: [
        {
          amount: 1,
          service_id: 11,
          service_info: { duration: 25, group_id: 1, id: 11, price: 3900, title: 'Haircut' },
          extra_services: [{ amount: 1, service_id: 21, title: 'Wash' }],
        },
      ],
    });
  });

  it('keeps the chosen services when a guest goes from the login dialog to create an account', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('fetch', fakeFetch(shopApi(), loginApi).fetchImpl);
    const { router } = renderRoutes(
      [...routes, { path: '/register', element: <h1>{'Register'}</h1> }],
      '/barbershop/1',
    );
    await user.click(await screen.findByRole('checkbox', { name: /^Haircut/ }));
    await user.click(screen.getByRole('button', { name: 'Next (1 service)' }));
    const login = await screen.findByRole('dialog', { name: 'Log in' });
    await user.click(within(login).getByRole('link', { name: 'Create an account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
    expect(useOrderDraftStore.getState().draft).toMatchObject({ shopId: 1, serviceIds: [11] });
  });

  it('returns to editing with the timeslot notice when the server cannot fit the order', async () => {
    const user = userEvent.setup();
    useSessionStore.setState({
      session: { customerId: 42, accessToken: 'a1', refreshToken: 'r1' },
    });
    const busy = makeShop({
      service_time_estimates: [{ priority: 0, wait_time: 20, wait_range: { low: 20, high: 20 } }],
    });
    vi.stubGlobal(
      'fetch',
      fakeFetch(shopApi(busy), loginApi, (url, init) =>
        url.pathname === '/api/fi/customers/42/orders/' && init?.method === 'POST'
          ? json(409, { error: 'time_slot', message: SERVER_TEXT.timeSlot })
          : undefined,
      ).fetchImpl,
    );
    renderRoutes(routes, '/barbershop/1');

    await user.click(await screen.findByRole('checkbox', { name: /^Haircut/ }));
    await user.click(screen.getByRole('button', { name: /^Next/ }));
    await user.click(await screen.findByRole('button', { name: 'Join the queue' }));

    expect(await screen.findByText('The duration of selected services is too long')).toBeVisible();
    expect(screen.getByText('Error code: timeSlot')).toBeVisible();
    expect(screen.getByRole('checkbox', { name: /^Haircut/ })).toBeChecked();
    expect(screen.getByRole('button', { name: /^Next/ })).toBeVisible();
  });

  it('names the cause of a refusal at the last step in the app’s words and keeps the selection', async () => {
    const user = userEvent.setup();
    useSessionStore.setState({
      session: { customerId: 42, accessToken: 'a1', refreshToken: 'r1' },
    });
    const busy = makeShop({
      service_time_estimates: [{ priority: 0, wait_time: 20, wait_range: { low: 18, high: 24 } }],
    });
    vi.stubGlobal(
      'fetch',
      fakeFetch(shopApi(busy), loginApi, (url) =>
        url.pathname === '/api/fi/customers/42/orders/'
          ? json(409, { error: 'active_order_exists', message: SERVER_TEXT.activeOrderExists })
          : undefined,
      ).fetchImpl,
    );
    renderRoutes(routes, '/barbershop/1');

    await user.click(await screen.findByRole('checkbox', { name: /^Clipper cut/ }));
    await user.click(screen.getByRole('button', { name: /^Next/ }));
    await user.click(await screen.findByRole('button', { name: 'Join the queue' }));

    // Its own heading and the app's words, not the server's English message.
    expect(await screen.findByText('Already in a queue')).toBeVisible();
    expect(screen.queryByText(SERVER_TEXT.activeOrderExists)).toBeNull();
    expect(screen.queryByText(/Error sending the order/)).toBeNull();
    expect(screen.getByRole('checkbox', { name: /^Clipper cut/ })).toBeChecked();
  });

  it('tells a customer already in a queue before they pick anything, with a link to their place', async () => {
    useSessionStore.setState({
      session: { customerId: 42, accessToken: 'a1', refreshToken: 'r1' },
    });
    const profile = (url: URL) =>
      url.pathname === '/api/fi/customers/42/'
        ? json(200, makeProfile({ active_order_id: 900 }))
        : undefined;
    vi.stubGlobal('fetch', fakeFetch(shopApi(), profile).fetchImpl);
    renderRoutes(routes, '/barbershop/1');

    expect(await screen.findByText('You are already in a queue')).toBeVisible();
    expect(screen.getByRole('link', { name: 'See your place' })).toHaveAttribute(
      'href',
      '/tracking',
    );
    expect(screen.getByRole('checkbox', { name: /^Haircut/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /^Next/ })).toBeNull();
  });

  describe('at night and near closing', () => {
    const weekdays = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, open: '09:00', close: '19:00' }));
    // Thursday 19 November 2026 in Helsinki (UTC+2).
    const at = (hh: number, mm: number) => new Date(Date.UTC(2026, 10, 19, hh - 2, mm));
    afterEach(() => vi.useRealTimers());

    it('says a shop that opens at 9.00 opens then, with no barbers at work and today marked', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(at(3, 19));
      const shop = makeShop({ open: false, open_times: weekdays });
      vi.stubGlobal('fetch', fakeFetch(shopApi(shop)).fetchImpl);
      renderRoutes(routes, '/barbershop/1');

      expect(
        await screen.findByText(/^Opens at 9.00 today\. You can join the queue online then\.$/),
      ).toBeVisible();
      expect(screen.queryByText(/closed for today/)).toBeNull();
      expect(screen.queryByText(/barbers? at work/)).toBeNull();
      expect(screen.getByText('Thu (today)').closest('[aria-current="date"]')).not.toBeNull();
      expect(screen.getByRole('checkbox', { name: /^Haircut/ })).toBeDisabled();
    });

    it('says closing soon, not closed, at 18:55', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(at(18, 55));
      const shop = makeShop({ closing_soon: true, open_times: weekdays });
      vi.stubGlobal('fetch', fakeFetch(shopApi(shop)).fetchImpl);
      renderRoutes(routes, '/barbershop/1');

      expect(await screen.findByText(/^The shop closes soon/)).toBeVisible();
      expect(screen.getByText(/barbers? at work/)).toBeVisible();
      expect(screen.getByRole('checkbox', { name: /^Haircut/ })).toBeDisabled();
    });

    it('says when a shop opens next after closing', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(at(20, 55));
      const shop = makeShop({ open: false, open_times: weekdays });
      vi.stubGlobal('fetch', fakeFetch(shopApi(shop)).fetchImpl);
      renderRoutes(routes, '/barbershop/1');
      expect(await screen.findByText('Closed now. Opens Fri at 9.00.')).toBeVisible();
    });

    it('says a shop closed its online queue for the day', async () => {
      vi.stubGlobal('fetch', fakeFetch(shopApi(makeShop({ queue_state: 'closed' }))).fetchImpl);
      renderRoutes(routes, '/barbershop/1');
      expect(
        await screen.findByText('Online queueing has closed for today. Please ask at the shop.'),
      ).toBeVisible();
    });
  });

  it('sends the customer home saying the shop was not found', async () => {
    vi.stubGlobal('fetch', fakeFetch().fetchImpl);
    const { router } = renderRoutes(routes, '/barbershop/999');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(useNotificationStore.getState().current?.title).toBe(
      'We could not find that barbershop. Here are all the barbershops.',
    );
  });
});

/**
 * Taps a service in the very commit that first shows it, before the page's effects have run: what
 * a customer's tap (or Playwright's click) does when the browser delivers it between the first
 * paint of a shop page and React's passive effects, which run in a later task.
 */
function TapInFirstCommit({ service }: { service: RegExp }) {
  useLayoutEffect(() => {
    screen.getByRole('checkbox', { name: service }).click();
  }, [service]);
  return null;
}

describe('a tap right after a shop page first appears', () => {
  it.each([
    ['no draft stored', () => useOrderDraftStore.getState().reset()],
    [
      'another shop’s draft stored',
      () => useOrderDraftStore.getState().apply((d) => toggleService({ ...d, shopId: 2 }, 12)),
    ],
  ])('is kept by the page’s later update (%s)', async (_case, stored) => {
    stored();
    const api = fakeFetch(shopApi());
    vi.stubGlobal('fetch', api.fetchImpl);
    // A first visit from a link: main.tsx's early fetch has the answer before the page's code, so
    // the page's first commit shows the services at once.
    const queryClient = testQueryClient();
    await queryClient.prefetchQuery(shopQueryOptions('fi', 1));
    renderRoutes(
      [
        {
          path: '/barbershop/:id',
          element: (
            <>
              <ShopPageRoute />
              <TapInFirstCommit service={/^Haircut/} />
            </>
          ),
        },
      ],
      '/barbershop/1',
      queryClient,
    );

    expect(await screen.findByRole('button', { name: 'Next (1 service)' })).toBeVisible();
    expect(screen.getByRole('checkbox', { name: /^Haircut/ })).toBeChecked();
    expect(useOrderDraftStore.getState().draft).toMatchObject({
      shopId: 1,
      status: 'pending',
      serviceIds: [11],
    });
  });
});

describe('published accuracy on the shop page', () => {
  it('shows how honest the waits were once the shop has enough estimates, and nothing before', async () => {
    const accurate = makeShop({
      accuracy: {
        days: 14,
        estimates: 420,
        inside_range: 0.82,
        median_error: 4.5,
        longer_by_10: 0.06,
      },
    });
    vi.stubGlobal('fetch', fakeFetch(shopApi(accurate)).fetchImpl);
    renderRoutes(routes, '/barbershop/1');
    expect(
      await screen.findByText('Last 14 days: 82 % of waits were inside the range we showed.'),
    ).toBeVisible();
  });

  it('says nothing about accuracy without enough estimates', async () => {
    vi.stubGlobal('fetch', fakeFetch(shopApi(makeShop({ accuracy: null }))).fetchImpl);
    renderRoutes(routes, '/barbershop/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Jono Kamppi' })).toBeVisible();
    expect(screen.queryByText(/inside the range we showed/)).toBeNull();
  });
});
