// The alert choice card and the shop's word to everyone waiting, on the tracking screen.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order, OrderAlerts } from '@jono/contract';
import { fakeFetch, json, makeOrder, makeProfile, makeShop } from '@jono/test-kit';
import { useActiveOrderStore } from '../../../lib/active-order-store';
import { useLocaleStore } from '../../../lib/locale-store';
import { useSessionStore } from '../../../lib/session-store';
import { renderRoutes } from '../../../test/render';
import { TrackingRoute } from '../routes/tracking';

const routes = [{ path: '/tracking', Component: TrackingRoute }];

function api(order: Order) {
  let current = order;
  return fakeFetch((url, init) => {
    if (url.pathname === '/api/fi/customers/42/orders/900/alerts/') {
      current = { ...current, alerts: JSON.parse(String(init?.body)) as OrderAlerts };
      return json(200, current);
    }
    if (url.pathname === '/api/fi/customers/42/orders/900/') return json(200, current);
    if (url.pathname === '/api/fi/customers/42/') {
      return json(200, makeProfile({ active_order_id: 900 }));
    }
    if (url.pathname === '/api/fi/pobs/1/') return json(200, makeShop());
    return undefined;
  });
}

beforeEach(() => {
  useLocaleStore.setState({ locale: 'FI', language: 'en' });
  useSessionStore.setState({
    session: { customerId: 42, accessToken: 'a1', refreshToken: 'r1' },
    rememberLogin: true,
  });
  useActiveOrderStore.setState({ order: null });
});
afterEach(() => vi.unstubAllGlobals());

describe('when to be told', () => {
  it('saves "3 ahead, by SMS only" for this order', async () => {
    const user = userEvent.setup();
    const fake = api(makeOrder());
    vi.stubGlobal('fetch', fake.fetchImpl);
    renderRoutes(routes, '/tracking');

    const card = await screen.findByRole(
      'region',
      { name: 'When should we tell you?' },
      { timeout: 5000 },
    );
    const people = within(card).getByRole('combobox', { name: 'People ahead' });
    expect(people).toBeDisabled();
    await user.click(within(card).getByRole('radio', { name: 'When this many are ahead of me' }));
    expect(people).toBeEnabled();
    await user.selectOptions(people, '3');
    await user.click(within(card).getByRole('radio', { name: 'SMS only' }));
    await user.click(within(card).getByRole('button', { name: 'Save my choice' }));
    await waitFor(() =>
      expect(fake.calls).toContainEqual({
        method: 'PUT',
        path: '/api/fi/customers/42/orders/900/alerts/',
        body: { ahead: 3, minutes: null, channel: 'sms' },
      }),
    );
    expect(await within(card).findByRole('status')).toHaveTextContent('Saved.');
  });

  it('shows the saved choice', async () => {
    vi.stubGlobal(
      'fetch',
      api(makeOrder({ alerts: { ahead: null, minutes: 20, channel: 'none' } })).fetchImpl,
    );
    renderRoutes(routes, '/tracking');
    const card = await screen.findByRole(
      'region',
      { name: 'When should we tell you?' },
      { timeout: 5000 },
    );
    expect(within(card).getByRole('radio', { name: 'This long before my turn' })).toBeChecked();
    expect(within(card).getByRole('combobox', { name: 'Minutes before my turn' })).toHaveValue(
      '20',
    );
    expect(within(card).getByRole('radio', { name: 'Do not tell me' })).toBeChecked();
  });
});

describe("the shop's default", () => {
  it("names the shop's choice as the default, when and how", async () => {
    vi.stubGlobal(
      'fetch',
      api(makeOrder({ alert_default: { ahead: 3, minutes: null, channel: 'sms' } })).fetchImpl,
    );
    renderRoutes(routes, '/tracking');
    const card = await screen.findByRole(
      'region',
      { name: 'When should we tell you?' },
      { timeout: 5000 },
    );
    expect(
      within(card).getByRole('radio', { name: "The shop's choice: when 3 are ahead of me" }),
    ).toBeChecked();
    expect(
      within(card).getByRole('radio', {
        name: "SMS if allowed, else notification (the shop's choice)",
      }),
    ).toBeChecked();
  });
});

describe("the shop's word to everyone waiting", () => {
  it("shows it in the app's language, else in the shop's", async () => {
    const notice = {
      text: 'Olemme 15 min myöhässä',
      translations: { en: 'We are 15 min late' },
      at: '2026-11-21T10:05:00Z',
    };
    vi.stubGlobal('fetch', api(makeOrder({ notice })).fetchImpl);
    const { unmount } = renderRoutes(routes, '/tracking');
    expect(await screen.findByText('We are 15 min late')).toBeVisible();
    unmount();
    useLocaleStore.setState({ language: 'sv' });
    vi.stubGlobal('fetch', api(makeOrder({ notice })).fetchImpl);
    renderRoutes(routes, '/tracking');
    expect(await screen.findByText('Olemme 15 min myöhässä')).toBeVisible();
  });
});
