import { Profiler } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeFetch, json, makeProfile, makeShop } from '@jono/test-kit';
import type { Pob } from '@jono/contract';
import { useActiveOrderStore } from '../../../lib/active-order-store';
import { useLocaleStore } from '../../../lib/locale-store';
import { useNotificationStore } from '../../../lib/notification-store';
import { waitNoticeKey } from '../../../lib/barber-notices';
import { useSessionStore } from '../../../lib/session-store';
import { STORAGE_KEYS } from '../../../lib/storage';
import { estimate, FakeEventSource, makeBarber } from '../../../test/barbers';
import { renderRoutes } from '../../../test/render';
import { useOrderDraftStore } from '../stores/order-draft-store';
import { ShopPageRoute } from './shop-page';

const routes = [
  { path: '/barbershop/:id', Component: ShopPageRoute },
  { path: '/tracking', element: <h1>{'Tracking screen'}</h1> },
  { path: '/home', element: <h1>{'Home screen'}</h1> },
];

const aino = makeBarber({
  id: 4,
  first_name: 'Aino',
  languages: ['fi', 'en'],
  specialities: 'Skin fades',
  service_time_estimates: [estimate(0, 35, 25, 50), estimate(3, 12, 8, 20)],
});
const mikko = makeBarber({
  id: 5,
  first_name: 'Mikko',
  on_duty: false,
  next_shift_at: '2026-11-26T13:00:00.000Z',
  service_time_estimates: [estimate(0, 80, 60, 110)],
});

const shopWithBarbers = (overrides: Partial<Pob> = {}) =>
  makeShop({
    service_time_estimates: [estimate(3, 4, 0, 9), estimate(0, 15, 10, 25)],
    barbers: [aino, mikko],
    ...overrides,
  });

function api(shop: Pob, profile = makeProfile({ id: 42 })) {
  return fakeFetch(
    (url) => (url.pathname === `/api/fi/pobs/${shop.id}/` ? json(200, shop) : undefined),
    (url) => (url.pathname === '/api/fi/customers/42/' ? json(200, profile) : undefined),
    (url, init) =>
      url.pathname === '/api/fi/customers/42/orders/' && init?.method === 'POST'
        ? json(201, { id: 900 })
        : undefined,
  );
}

beforeEach(() => {
  useLocaleStore.setState({ locale: 'FI', language: 'en' });
  useSessionStore.setState({
    session: { customerId: 42, accessToken: 'a1', refreshToken: 'r1' },
    rememberLogin: false,
  });
  useOrderDraftStore.getState().reset();
  useActiveOrderStore.setState({ order: null });
  useNotificationStore.getState().hide();
  FakeEventSource.opened = [];
});
afterEach(() => vi.unstubAllGlobals());

describe('choosing a barber on the shop page', () => {
  it('joins with a named barber, showing their wait beside the first available', async () => {
    const user = userEvent.setup();
    const fetch = api(shopWithBarbers());
    vi.stubGlobal('fetch', fetch.fetchImpl);
    renderRoutes(routes, '/barbershop/1');

    const group = await screen.findByRole('radiogroup', { name: 'Barber' });
    expect(screen.getByRole('heading', { level: 2, name: 'Barber' })).toBeVisible();
    expect(within(group).getByRole('radio', { name: 'First available' })).toBeChecked();
    expect(
      within(group).getByRole('radio', { name: 'First available' }),
    ).toHaveAccessibleDescription(/about 15 minutes, likely between 10 and 25/);
    expect(within(group).getByRole('radio', { name: 'Aino' })).toHaveAccessibleDescription(
      /about 35 minutes, likely between 25 and 50/,
    );
    // 15:00 in Helsinki.
    expect(within(group).getByRole('radio', { name: 'Mikko' })).toHaveAccessibleDescription(
      /From 15[.:]00/,
    );

    await user.click(screen.getByRole('checkbox', { name: /^Haircut/ }));
    await user.click(within(group).getByRole('radio', { name: 'Aino' }));
    await user.click(screen.getByRole('button', { name: 'Next (1 service)' }));

    // The review names the barber and shows her wait, not the first available's.
    expect(
      await screen.findByRole('heading', { name: 'Confirm and join the queue' }),
    ).toBeVisible();
    expect(screen.getByText('Aino')).toBeVisible();
    expect(screen.getByText(/about 35 minutes, likely between 25 and 50/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Join the queue' }));

    await waitFor(() =>
      expect(fetch.calls.find((c) => c.method === 'POST')?.body).toMatchObject({
        pob_id: 1,
        barber_id: 4,
      }),
    );
  });

  it('joins with a barber who starts later without alerting on tracking as if they had just left', async () => {
    const user = userEvent.setup();
    window.localStorage.removeItem(STORAGE_KEYS.barberNotices);
    const fetch = api(shopWithBarbers());
    vi.stubGlobal('fetch', fetch.fetchImpl);
    renderRoutes(routes, '/barbershop/1');
    await user.click(await screen.findByRole('checkbox', { name: /^Haircut/ }));
    await user.click(screen.getByRole('radio', { name: 'Mikko' }));
    await user.click(screen.getByRole('button', { name: 'Next (1 service)' }));
    await user.click(await screen.findByRole('button', { name: 'Join the queue' }));
    expect(await screen.findByText('You are in the queue!')).toBeVisible();
    expect(fetch.calls.find((c) => c.method === 'POST')?.body).toMatchObject({ barber_id: 5 });
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.barberNotices) ?? '[]')).toEqual([
      waitNoticeKey(900, 5, mikko.next_shift_at ?? ''),
    ]);
  });

  it("shows a member the waits of the member's priority", async () => {
    const profile = makeProfile({
      id: 42,
      membership: {
        type: 'gold',
        priority: 3,
        begin_date: '2026-01-01',
        end_date: '2026-12-31',
        credits: 0,
        wp_prem_credits: 0,
        wp_prod_credits: 0,
      },
    });
    vi.stubGlobal('fetch', api(shopWithBarbers(), profile).fetchImpl);
    renderRoutes(routes, '/barbershop/1');
    const aino = await screen.findByRole('radio', { name: 'Aino' });
    await waitFor(() =>
      expect(aino).toHaveAccessibleDescription(/about 12 minutes, likely between 8 and 20/),
    );
    expect(screen.getByRole('radio', { name: 'First available' })).toHaveAccessibleDescription(
      /about 4 minutes, likely between 0 and 9/,
    );
  });

  it('joins with the first available when nobody is chosen', async () => {
    const user = userEvent.setup();
    const fetch = api(shopWithBarbers());
    vi.stubGlobal('fetch', fetch.fetchImpl);
    renderRoutes(routes, '/barbershop/1');
    await user.click(await screen.findByRole('checkbox', { name: /^Haircut/ }));
    await user.click(screen.getByRole('button', { name: 'Next (1 service)' }));
    expect(await screen.findByText('First available')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Join the queue' }));
    await waitFor(() => expect(fetch.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(fetch.calls.find((c) => c.method === 'POST')?.body).not.toHaveProperty('barber_id');
  });

  it('draws the barbers (below the services) right after the commit that first shows the shop', async () => {
    // That commit paints the picture, the page's largest paint: its layout carries the shop's
    // name, waits and services, not the barbers, which follow in a transition of their own.
    const fetch = api(shopWithBarbers());
    vi.stubGlobal('fetch', fetch.fetchImpl);
    const commits: { services: boolean; barbers: boolean }[] = [];
    renderRoutes(
      [
        {
          path: '/barbershop/:id',
          element: (
            <Profiler
              id="shop"
              onRender={() =>
                commits.push({
                  services: document.querySelector('input[type="checkbox"]') !== null,
                  barbers: document.querySelector('.barber-choice') !== null,
                })
              }
            >
              <ShopPageRoute />
            </Profiler>
          ),
        },
      ],
      '/barbershop/1',
    );
    expect(await screen.findByRole('radiogroup', { name: 'Barber' })).toBeVisible();
    const first = commits.findIndex((c) => c.services);
    expect(commits[first]).toEqual({ services: true, barbers: false });
    expect(commits.at(-1)).toEqual({ services: true, barbers: true });
  });

  it('shows no barber section for a shop without named barbers', async () => {
    vi.stubGlobal('fetch', api(makeShop()).fetchImpl);
    renderRoutes(routes, '/barbershop/1');
    expect(await screen.findByRole('checkbox', { name: /^Haircut/ })).toBeVisible();
    expect(screen.queryByRole('radiogroup')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Barber' })).toBeNull();
  });

  it("follows the shop's live events: new waits, and a barber who signs in", async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    vi.stubGlobal('fetch', api(shopWithBarbers()).fetchImpl);
    renderRoutes(routes, '/barbershop/1');
    expect(await screen.findByRole('radio', { name: 'Mikko' })).toHaveAccessibleDescription(
      /From 15[.:]00/,
    );
    act(() =>
      FakeEventSource.push('/pobs/1/events', {
        id: 1,
        open: true,
        closing_soon: false,
        queue_state: 'open',
        queue_info: { queue_employees: 2 },
        service_time_estimates: [estimate(0, 9, 5, 14)],
        barbers: [
          {
            ...mikko,
            on_duty: true,
            next_shift_at: null,
            service_time_estimates: [estimate(0, 6, 2, 10)],
          },
          aino,
        ],
      }),
    );
    const mikkoNow = screen.getByRole('radio', { name: 'Mikko' });
    await waitFor(() => expect(mikkoNow).toHaveAccessibleDescription(/At work now/));
    expect(mikkoNow).toHaveAccessibleDescription(/about 6 minutes, likely between 2 and 10/);
    expect(screen.getByRole('radio', { name: 'First available' })).toHaveAccessibleDescription(
      /about 9 minutes/,
    );
  });
});
