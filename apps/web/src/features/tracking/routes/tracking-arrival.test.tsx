// The app's own arrival detection on the tracking screen (issue 31): with the position already
// allowed, a fix at the shop is reported and the customer sees it, with "Not yet"; without the
// permission the app neither watches nor asks.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order } from '@jono/contract';
import { fakeFetch, json, makeOrder, makeProfile, makeShop } from '@jono/test-kit';
import { useActiveOrderStore } from '../../../lib/active-order-store';
import { useLocaleStore } from '../../../lib/locale-store';
import { useLocationStore } from '../../../lib/location-store';
import { useSessionStore } from '../../../lib/session-store';
import { renderRoutes } from '../../../test/render';
import { TrackingRoute } from './tracking';

const routes = [{ path: '/tracking', Component: TrackingRoute }];
/** The test kit's shop stands here. */
const SHOP = { lat: 60.1688, lng: 24.9325 };
const AT_SHOP = "You're at the shop: we've told the barbers.";

function api() {
  let current: Order = makeOrder();
  const arrivals: unknown[] = [];
  const fake = fakeFetch((url, init) => {
    if (url.pathname === '/api/fi/customers/42/orders/900/arrival/') {
      if (init?.method === 'POST') {
        arrivals.push(JSON.parse(String(init.body)));
        current = { ...current, customer_at_pob: true, presence_source: 'position' };
      } else {
        current = { ...current, customer_at_pob: false, presence_source: null };
      }
      return json(200, current);
    }
    if (url.pathname === '/api/fi/customers/42/') {
      return json(200, makeProfile({ active_order_id: 900 }));
    }
    if (url.pathname === '/api/fi/pobs/1/') return json(200, makeShop());
    if (url.pathname === '/api/fi/customers/42/orders/900/') return json(200, current);
    return undefined;
  });
  return { ...fake, arrivals };
}

type Watcher = (p: { coords: { latitude: number; longitude: number; accuracy: number } }) => void;

function fakeGeolocation(permission: PermissionState) {
  const watchers = new Map<number, Watcher>();
  let next = 1;
  const geolocation = {
    watchPosition: vi.fn((success: Watcher) => {
      watchers.set(next, success);
      return next++;
    }),
    clearWatch: vi.fn((id: number) => watchers.delete(id)),
    getCurrentPosition: vi.fn(),
  };
  vi.stubGlobal('navigator', {
    ...navigator,
    geolocation,
    permissions: {
      query: () =>
        Promise.resolve({
          state: permission,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
        }),
    },
  });
  /** Every open watch gets a fix `m` metres north of the shop. */
  const fix = (m: number, accuracy: number) => {
    for (const w of watchers.values()) {
      w({ coords: { latitude: SHOP.lat + m / 111_195, longitude: SHOP.lng, accuracy } });
    }
  };
  return { geolocation, fix, watching: () => watchers.size };
}

beforeEach(() => {
  useLocaleStore.setState({ locale: 'FI', language: 'en' });
  useSessionStore.setState({
    session: { customerId: 42, accessToken: 'a1', refreshToken: 'r1' },
    rememberLogin: true,
  });
  useActiveOrderStore.setState({ order: null });
  useLocationStore.setState({ status: 'idle', coords: null });
  localStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('arrival seen by the app', () => {
  it('reports a fix at the shop once, says so politely, and "Not yet" undoes it', async () => {
    const server = api();
    vi.stubGlobal('fetch', server.fetchImpl);
    const geo = fakeGeolocation('granted');
    renderRoutes(routes, '/tracking');
    expect(
      await screen.findByText(/When your phone's location shows you at the shop/),
    ).toBeVisible();
    await waitFor(() => expect(geo.watching()).toBe(1));

    // Far, then near with a vague fix: nothing reported.
    geo.fix(2_000, 30);
    geo.fix(40, 120);
    expect(server.arrivals).toEqual([]);
    // At the door with an accurate fix: reported once, with the fix's accuracy.
    geo.fix(40, 15);
    const notice = await screen.findByText(AT_SHOP);
    expect(notice.closest('[role="status"]')).not.toBeNull();
    expect(server.arrivals).toHaveLength(1);
    expect(server.arrivals[0]).toMatchObject({ accuracy: 15 });
    // Here now: the watch has stopped; "I'm here" confirms.
    await waitFor(() => expect(geo.watching()).toBe(0));
    expect(screen.getByRole('button', { name: "I'm here" })).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Not yet' }));
    expect(await screen.findByText(/we've told the barbers you're not there yet/)).toBeVisible();
    expect(screen.queryByText(AT_SHOP)).toBeNull();
    // Watching again, but the door itself reports nothing until they have been beyond 150 m.
    await waitFor(() => expect(geo.watching()).toBe(1));
    geo.fix(30, 10);
    await new Promise((r) => setTimeout(r, 30));
    expect(server.arrivals).toHaveLength(1);
    geo.fix(500, 20);
    geo.fix(30, 10);
    await waitFor(() => expect(server.arrivals).toHaveLength(2));
  });

  it('without the permission already given: no watch, and never a prompt', async () => {
    const server = api();
    vi.stubGlobal('fetch', server.fetchImpl);
    const geo = fakeGeolocation('prompt');
    renderRoutes(routes, '/tracking');
    expect(await screen.findByRole('button', { name: 'Check in early' })).toBeVisible();
    await new Promise((r) => setTimeout(r, 50));
    expect(geo.geolocation.watchPosition).not.toHaveBeenCalled();
    expect(geo.geolocation.getCurrentPosition).not.toHaveBeenCalled();
    expect(screen.queryByText(/When your phone's location shows you/)).toBeNull();
  });
});
