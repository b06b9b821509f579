import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useActiveOrderStore } from '../../../lib/active-order-store';
import { useLocaleStore } from '../../../lib/locale-store';
import { useNotificationStore } from '../../../lib/notification-store';
import { useSessionStore } from '../../../lib/session-store';
import type { OrderPresence, Profile } from '@jono/contract';
import { fakeFetch, json, makeOrder, makeProfile, makeShop } from '@jono/test-kit';
import { renderRoutes } from '../../../test/render';
import { TrackingRoute } from './tracking';

const routes = [
  { path: '/tracking', Component: TrackingRoute },
  { path: '/', element: <h1>{'Start'}</h1> },
  { path: '/home', element: <h1>{'Shops'}</h1> },
];

const presence = (p: Partial<OrderPresence> = {}): OrderPresence => ({
  state: 'waiting',
  travel_minutes: null,
  leave_at: null,
  leave_alert_at: null,
  held_until: null,
  deferred_until: null,
  defers_left: 2,
  rejoined: false,
  rejoin_until: null,
  wait_change: null,
  ...p,
});

function api(order = makeOrder(), profile: Partial<Profile> = {}, rejoinTicket = 6) {
  let current = order;
  const fake = fakeFetch((url, init) => {
    if (url.pathname === '/api/fi/customers/42/orders/900/travel/') {
      const body = JSON.parse(String(init?.body)) as { minutes: number };
      current = {
        ...current,
        presence: presence({
          travel_minutes: body.minutes,
          leave_at: new Date(Date.now() + 20 * 60_000).toISOString(),
        }),
      };
      return json(200, current);
    }
    if (url.pathname === '/api/fi/customers/42/orders/900/rejoin/') return json(201, { id: 901 });
    if (url.pathname === '/api/fi/customers/42/orders/901/') {
      return json(200, { ...current, id: 901, status: 'active', ticket: rejoinTicket });
    }
    if (url.pathname === '/api/fi/customers/42/') {
      return json(
        200,
        makeProfile({ ...profile, active_order_id: current.status === 'active' ? 900 : null }),
      );
    }
    if (url.pathname === '/api/fi/pobs/1/') return json(200, makeShop());
    if (url.pathname === '/api/fi/customers/42/orders/900/') {
      if (init?.method === 'PATCH') {
        const body = JSON.parse(String(init.body)) as Record<string, boolean>;
        current = body.cancel
          ? { ...current, status: 'cancelled' }
          : { ...current, customer_at_pob: true };
        return json(200, { ok: true });
      }
      return json(200, current);
    }
    return undefined;
  });
  return {
    ...fake,
    /** Staff finish the order (served, no-show). */
    finish: (status: 'serviced' | 'noShow', p?: OrderPresence) => {
      current = {
        ...current,
        status,
        service_time_estimate: { wait_time: null, wait_range: null },
        ...(p ? { presence: p } : {}),
      };
    },
  };
}

beforeEach(() => {
  useLocaleStore.setState({ locale: 'FI', language: 'en' });
  useSessionStore.setState({
    session: { customerId: 42, accessToken: 'a1', refreshToken: 'r1' },
    rememberLogin: true,
  });
  useActiveOrderStore.setState({ order: null });
  useNotificationStore.getState().hide();
});
afterEach(() => vi.unstubAllGlobals());

describe('the tracking screen', () => {
  it('shows the wait, the shop and the early check-in wording', async () => {
    vi.stubGlobal('fetch', api().fetchImpl);
    renderRoutes(routes, '/tracking');

    // The median and its 80 % range, read as words (the digits on screen are hidden from it).
    const timer = await screen.findByRole('button', {
      name: /^Estimated wait about 25 minutes, likely between 20 and 35 minutes\./,
    });
    expect(timer).toHaveTextContent('25min(20–35)');
    expect(screen.getByRole('button', { name: 'Check in early' })).toBeVisible();
    expect(await screen.findByRole('button', { name: /Jono Kamppi/ })).toBeVisible();
  });

  it('shows the queue: the people ahead with members, the customer, and the likely window', async () => {
    vi.stubGlobal(
      'fetch',
      api(makeOrder({ ahead: 3, ahead_members: 1, ticket: 6, presence: presence() })).fetchImpl,
    );
    renderRoutes(routes, '/tracking');
    expect(
      await screen.findByText('3 customers ahead of you 1 of them is a member, served first.'),
    ).toBeVisible();
    expect(screen.getByText('You')).toBeVisible();
    expect(document.querySelectorAll('.place-line__person--member')).toHaveLength(1);
    // 20-35 minutes from now, as clock times.
    expect(
      screen.getByText(/^Likely your turn between \d{1,2}\.\d{2} and \d{1,2}\.\d{2}$/),
    ).toBeVisible();
    expect(screen.getByText("Your number on the shop's screen: 006")).toBeVisible();
    // The actions are buttons.
    expect(screen.getByRole('button', { name: 'Leave the queue' })).toHaveClass(
      'button--secondary',
    );
  });

  it('counts a held spot down', async () => {
    const until = new Date(Date.now() + 5 * 60_000).toISOString();
    vi.stubGlobal(
      'fetch',
      api(makeOrder({ ahead: 0, presence: presence({ state: 'held', held_until: until }) }))
        .fetchImpl,
    );
    renderRoutes(routes, '/tracking');
    expect(await screen.findByRole('heading', { name: 'Your spot is held' })).toBeVisible();
    expect(screen.getByRole('timer')).toHaveTextContent(/^(5:00|4:5\d)/);
  });

  it("says I'm here when the wait is 0, and relaxes the customer after checking in", async () => {
    const user = userEvent.setup();
    const fake = api(
      makeOrder({ service_time_estimate: { wait_time: 0, wait_range: { low: 0, high: 0 } } }),
    );
    vi.stubGlobal('fetch', fake.fetchImpl);
    renderRoutes(routes, '/tracking');

    expect(
      await screen.findByText(
        'Your turn is now! Check in at the shop. If you do not arrive soon, you may lose your place.',
      ),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: "I'm here" }));
    expect(
      await screen.findByText(
        'You have checked in. Sit back and relax, your barber will call you soon.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Read about membership' })).toBeVisible();
    expect(fake.calls).toContainEqual({
      method: 'PATCH',
      path: '/api/fi/customers/42/orders/900/',
      body: { customer_at_pob: true },
    });
  });

  it('lists the order with extras, prices and durations in the receipt', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('fetch', api().fetchImpl);
    renderRoutes(routes, '/tracking');

    await user.click(await screen.findByRole('button', { name: 'Show order' }));
    const receipt = screen.getByRole('dialog', { name: 'Your order' });
    expect(within(receipt).getByText('Haircut')).toBeVisible();
    expect(within(receipt).getByText('+ Wash')).toBeVisible();
    expect(within(receipt).getByText('25 minutes')).toBeVisible();
    expect(within(receipt).getByText(/44,00/)).toBeVisible();
  });

  it('shows the place in line beside the wait', async () => {
    vi.stubGlobal('fetch', api(makeOrder({ ahead: 3 })).fetchImpl);
    renderRoutes(routes, '/tracking');
    expect(await screen.findByText('3 customers ahead of you')).toBeVisible();
  });

  it('gives the number the shop’s screen shows for the customer', async () => {
    vi.stubGlobal('fetch', api(makeOrder({ ahead: 3, ticket: 7 })).fetchImpl);
    renderRoutes(routes, '/tracking');
    expect(await screen.findByText("Your number on the shop's screen: 007")).toBeVisible();
  });

  it('in the chair, neither offers to leave nor tells the customer to wait', async () => {
    vi.stubGlobal(
      'fetch',
      api(makeOrder({ customer_at_pob: true, in_service: true, ahead: null })).fetchImpl,
    );
    renderRoutes(routes, '/tracking');
    expect(await screen.findByRole('heading', { name: 'You are in the chair' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Leave the queue' })).toBeNull();
    expect(screen.queryByText(/your barber will call you soon/)).toBeNull();
    expect(screen.queryByText('While you wait')).toBeNull();
  });

  it('after the service thanks the customer without a wait or a while-you-wait card', async () => {
    const fake = api(makeOrder({ customer_at_pob: true }));
    vi.stubGlobal('fetch', fake.fetchImpl);
    const { queryClient } = renderRoutes(routes, '/tracking');
    expect(await screen.findByText('While you wait')).toBeVisible();
    fake.finish('serviced');
    await queryClient.invalidateQueries();
    expect(await screen.findByRole('heading', { name: 'Thank you for your visit!' })).toBeVisible();
    expect(screen.queryByText('Estimated wait')).toBeNull();
    expect(screen.queryByText('While you wait')).toBeNull();
    expect(screen.getByRole('button', { name: 'Back to barbershops' })).toBeVisible();
  });

  it('after a no-show says the place was lost', async () => {
    const fake = api();
    vi.stubGlobal('fetch', fake.fetchImpl);
    const { queryClient } = renderRoutes(routes, '/tracking');
    expect(await screen.findByRole('button', { name: 'Check in early' })).toBeVisible();
    fake.finish('noShow');
    await queryClient.invalidateQueries();
    expect(
      await screen.findByRole('heading', { name: 'Your place in the queue was lost' }),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Check in early' })).toBeNull();
  });

  it('says in plain words why the wait changed', async () => {
    const change = { minutes: 15, reason: 'service_long' as const, at: new Date().toISOString() };
    vi.stubGlobal(
      'fetch',
      api(makeOrder({ presence: presence({ wait_change: change }) })).fetchImpl,
    );
    renderRoutes(routes, '/tracking');
    expect(
      await screen.findByText(
        'Your turn moved 15 minutes later: a haircut is taking longer than expected.',
      ),
    ).toBeVisible();
  });

  it('asks how far away the customer is and then says when to leave', async () => {
    const user = userEvent.setup();
    const fake = api(makeOrder({ presence: presence() }));
    vi.stubGlobal('fetch', fake.fetchImpl);
    renderRoutes(routes, '/tracking');
    expect(await screen.findByRole('heading', { name: 'Not at the shop yet?' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Type a whole number of minutes');
    await user.type(screen.getByLabelText('Or: I am this many minutes away'), '12');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'About 12 minutes away' })).toBeVisible();
    expect(screen.getByText(/^Leave at .*: we will tell you when it is time\.$/)).toBeVisible();
    expect(fake.calls).toContainEqual({
      method: 'POST',
      path: '/api/fi/customers/42/orders/900/travel/',
      body: { minutes: 12 },
    });
  });

  it('does not promise a message to a customer who turned messages off', async () => {
    const fake = api(
      makeOrder({
        presence: presence({
          travel_minutes: 12,
          leave_at: new Date(Date.now() + 20 * 60_000).toISOString(),
        }),
      }),
      { allow_sms: false, fcm_token: null },
    );
    vi.stubGlobal('fetch', fake.fetchImpl);
    renderRoutes(routes, '/tracking');
    expect(
      await screen.findByText(/^Leave at .*\. Messages are off, so we cannot tell you/),
    ).toBeVisible();
    expect(screen.queryByText(/we will tell you/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Turn messages on' })).toHaveAttribute(
      'href',
      '/profile/notifications',
    );
  });

  it('after a no-show offers to take the place back while it can', async () => {
    const user = userEvent.setup();
    const fake = api(makeOrder({ presence: presence() }));
    vi.stubGlobal('fetch', fake.fetchImpl);
    const { queryClient } = renderRoutes(routes, '/tracking');
    expect(await screen.findByRole('button', { name: 'Check in early' })).toBeVisible();
    const until = new Date(Date.now() + 8 * 60_000).toISOString();
    fake.finish('noShow', presence({ rejoin_until: until }));
    await queryClient.invalidateQueries();
    await user.click(await screen.findByRole('button', { name: 'Take my place back' }));
    await waitFor(() =>
      expect(fake.calls).toContainEqual({
        method: 'POST',
        path: '/api/fi/customers/42/orders/900/rejoin/',
        body: {},
      }),
    );
    expect(useActiveOrderStore.getState().order?.orderId).toBe(901);
    await waitFor(() =>
      expect(useNotificationStore.getState().current?.title).toBe(
        'You have your place back, with your number 006.',
      ),
    );
  });

  it('says clearly when a place taken back has a new number', async () => {
    const user = userEvent.setup();
    const fake = api(makeOrder({ ticket: 46, presence: presence() }), {}, 3);
    vi.stubGlobal('fetch', fake.fetchImpl);
    const { queryClient } = renderRoutes(routes, '/tracking');
    expect(await screen.findByRole('button', { name: 'Check in early' })).toBeVisible();
    fake.finish('noShow', presence({ rejoin_until: new Date(Date.now() + 60_000).toISOString() }));
    await queryClient.invalidateQueries();
    await user.click(await screen.findByRole('button', { name: 'Take my place back' }));
    await waitFor(() =>
      expect(useNotificationStore.getState().current?.title).toBe(
        'You have your place back. Your number changed: it is now 003 (it was 046).',
      ),
    );
  });

  it('asks before leaving, and leaving confirms it and returns to the shops without the Finnish survey in English', async () => {
    const user = userEvent.setup();
    const fake = api();
    vi.stubGlobal('fetch', fake.fetchImpl);
    const { router } = renderRoutes(routes, '/tracking');

    await user.click(await screen.findByRole('button', { name: 'Leave the queue' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Leave the queue?' });
    await user.click(within(confirm).getByRole('button', { name: 'Leave' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(fake.calls).toContainEqual({
      method: 'PATCH',
      path: '/api/fi/customers/42/orders/900/',
      body: { cancel: true },
    });
    expect(useNotificationStore.getState().current?.title).toBe('You left the queue');
    expect(screen.queryByText('Kerro meille, miksi poistuit jonosta')).toBeNull();
  });

  it('goes back to the start after 0.5 s when there is no order', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch((url) =>
        url.pathname === '/api/fi/customers/42/' ? json(200, makeProfile()) : undefined,
      ).fetchImpl,
    );
    const { router } = renderRoutes(routes, '/tracking');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
