import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeFetch, json, makeOrder } from '@jono/test-kit';
import { useLocaleStore } from '../../../lib/locale-store';
import { useSessionStore } from '../../../lib/session-store';
import { renderRoutes } from '../../../test/render';
import { ShorterQueue } from './shorter-queue';

const order = makeOrder({ id: 900, status: 'active' });
const routes = [{ path: '/tracking', element: <ShorterQueue order={order} /> }];
const moveAnswer = { order_id: 901, pob_id: 3, moved_from: 900, wait_estimate: 5 };

beforeEach(() => {
  useLocaleStore.setState({ locale: 'FI', language: 'en' });
  useSessionStore.setState({
    session: { customerId: 42, accessToken: 'a1', refreshToken: 'r1' },
    rememberLogin: true,
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('a shorter queue nearby', () => {
  it('offers a much shorter nearby queue and moves there with the waited time', async () => {
    const api = fakeFetch((url, init) => {
      if (url.pathname === '/api/fi/customers/42/orders/900/shorter-wait/') {
        return json(200, {
          offer: { pob_id: 3, name: 'Jono Kallio', wait: 5, current_wait: 40, distance_km: 1.2 },
          moved_from: null,
        });
      }
      if (url.pathname === '/api/fi/customers/42/orders/900/move/' && init?.method === 'POST') {
        return json(200, moveAnswer);
      }
      return undefined;
    });
    vi.stubGlobal('fetch', api.fetchImpl);
    renderRoutes(routes, '/tracking');
    expect(
      await screen.findByText(
        'Jono Kallio, 1.2 km away, would seat you in about 5 min instead of 40. The time you have waited comes with you.',
      ),
    ).toBeVisible();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Move to Jono Kallio' }));
    await waitFor(() =>
      expect(api.calls).toContainEqual({
        method: 'POST',
        path: '/api/fi/customers/42/orders/900/move/',
        body: { to_pob_id: 3 },
      }),
    );
  });

  it('tells a customer an operator moved where they came from, and takes them back', async () => {
    const api = fakeFetch((url, init) => {
      if (url.pathname === '/api/fi/customers/42/orders/900/shorter-wait/') {
        return json(200, {
          offer: null,
          moved_from: { order_id: 800, pob_id: 1, name: 'Jono Kamppi' },
        });
      }
      if (
        url.pathname === '/api/fi/customers/42/orders/900/move-back/' &&
        init?.method === 'POST'
      ) {
        return json(200, { ...moveAnswer, order_id: 800, pob_id: 1 });
      }
      return undefined;
    });
    vi.stubGlobal('fetch', api.fetchImpl);
    renderRoutes(routes, '/tracking');
    expect(
      await screen.findByText(
        'We moved you here from Jono Kamppi because the wait is shorter. Your waited time came with you.',
      ),
    ).toBeVisible();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Go back to Jono Kamppi' }));
    await waitFor(() =>
      expect(api.calls.some((c) => c.path.endsWith('/move-back/') && c.method === 'POST')).toBe(
        true,
      ),
    );
  });

  it('says nothing when no nearby shop is much shorter', async () => {
    const api = fakeFetch((url) =>
      url.pathname.endsWith('/shorter-wait/')
        ? json(200, { offer: null, moved_from: null })
        : undefined,
    );
    vi.stubGlobal('fetch', api.fetchImpl);
    renderRoutes(routes, '/tracking');
    await waitFor(() => expect(api.calls.length).toBeGreaterThan(0));
    expect(screen.queryByRole('button')).toBeNull();
  });
});
