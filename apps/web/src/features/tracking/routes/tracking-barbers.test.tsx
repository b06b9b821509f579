import { beforeEach, describe, expect, it, vi, afterEach } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BARBER_CHANGES_MAX, type Order, type OrderBarber, type Pob } from '@jono/contract';
import { fakeFetch, json, makeOrder, makeProfile, makeShop } from '@jono/test-kit';
import { useActiveOrderStore } from '../../../lib/active-order-store';
import { useLocaleStore } from '../../../lib/locale-store';
import { useNotificationStore } from '../../../lib/notification-store';
import { useSessionStore } from '../../../lib/session-store';
import { STORAGE_KEYS } from '../../../lib/storage';
import { estimate, FakeEventSource, makeBarber } from '../../../test/barbers';
import { renderRoutes } from '../../../test/render';
import { TrackingRoute } from './tracking';

const routes = [
  { path: '/tracking', Component: TrackingRoute },
  { path: '/', element: <h1>{'Start'}</h1> },
];

const aino = makeBarber({
  id: 4,
  first_name: 'Aino',
  service_time_estimates: [estimate(0, 35, 25, 50)],
});
const mikko = makeBarber({
  id: 5,
  first_name: 'Mikko',
  service_time_estimates: [estimate(0, 12, 8, 20)],
});
const shop = makeShop({
  service_time_estimates: [estimate(0, 15, 10, 25)],
  barbers: [aino, mikko],
});
const tied = (b = aino, fields: Partial<OrderBarber> = {}): OrderBarber => ({
  id: b.id,
  first_name: b.first_name,
  photo: b.photo,
  on_duty: true,
  next_shift_at: null,
  ...fields,
});

/** The order's server: GET answers the order as it stands; PATCH {barber_id} changes it. */
function api(start: Partial<Order>, shopAnswer: Pob = shop, refusal?: string) {
  let current = makeOrder({ barber: null, barber_changes_left: BARBER_CHANGES_MAX, ...start });
  const fake = fakeFetch((url, init) => {
    if (url.pathname === '/api/fi/customers/42/') {
      return json(200, makeProfile({ active_order_id: 900 }));
    }
    if (url.pathname === '/api/fi/pobs/1/') return json(200, shopAnswer);
    if (url.pathname === '/api/fi/customers/42/orders/900/') {
      if (init?.method === 'PATCH') {
        if (refusal) return json(409, { error: refusal, message: 'Refused' });
        const { barber_id } = JSON.parse(String(init.body)) as { barber_id: number | null };
        const free = barber_id === null && current.barber?.on_duty === false;
        const chosen = shopAnswer.barbers.find((b) => b.id === barber_id);
        current = {
          ...current,
          barber: chosen ? tied(chosen) : null,
          barber_changes_left: (current.barber_changes_left ?? 0) - (free ? 0 : 1),
        };
        return json(200, { ok: true });
      }
      return json(200, current);
    }
    return undefined;
  });
  return fake;
}

beforeEach(() => {
  useLocaleStore.setState({ locale: 'FI', language: 'en' });
  useSessionStore.setState({
    session: { customerId: 42, accessToken: 'a1', refreshToken: 'r1' },
    rememberLogin: false,
  });
  useActiveOrderStore.setState({ order: { orderId: 900, shopId: 1, checkedIn: false } });
  useNotificationStore.getState().hide();
  window.localStorage.removeItem(STORAGE_KEYS.barberNotices);
});
afterEach(() => vi.unstubAllGlobals());

const patches = (fake: ReturnType<typeof api>) =>
  fake.calls.filter((c) => c.method === 'PATCH').map((c) => c.body);

describe('the barber on tracking', () => {
  it('changes to the first available and back, keeping the place, twice at most', async () => {
    const user = userEvent.setup();
    const fake = api({ barber: tied() });
    vi.stubGlobal('fetch', fake.fetchImpl);
    renderRoutes(routes, '/tracking');

    const card = await screen.findByRole('region', { name: 'Your barber' });
    expect(within(card).getByText('Aino')).toBeVisible();
    await user.click(await within(card).findByRole('button', { name: 'Change barber' }));

    let dialog = await screen.findByRole('dialog', { name: 'Choose your barber' });
    expect(dialog).toHaveAccessibleDescription(
      /You keep your place.*You can change your barber 2 more times/,
    );
    expect(within(dialog).getByRole('radio', { name: 'Aino' })).toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    const first = within(dialog).getByRole('radio', { name: 'First available' });
    expect(first).toHaveAccessibleDescription(/about 15 minutes, likely between 10 and 25/);
    await user.click(first);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('You now take the first available barber.')).toBeVisible();
    await waitFor(() => expect(within(card).getByText('First available')).toBeVisible());
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(within(card).getByRole('button', { name: 'Change barber' }));
    dialog = await screen.findByRole('dialog', { name: 'Choose your barber' });
    expect(dialog).toHaveAccessibleDescription(/You can change your barber 1 more time/);
    await user.click(within(dialog).getByRole('radio', { name: 'Aino' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(within(card).getByText('Aino')).toBeVisible());
    expect(within(card).queryByRole('button', { name: 'Change barber' })).toBeNull();
    expect(
      within(card).getByText('You have used your changes of barber for this visit.'),
    ).toBeVisible();
    expect(patches(fake)).toEqual([{ barber_id: null }, { barber_id: 4 }]);
  });

  it("shows the choices' waits live from the shop's events while the dialog is open", async () => {
    const user = userEvent.setup();
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    vi.stubGlobal('fetch', api({ barber: tied() }).fetchImpl);
    renderRoutes(routes, '/tracking');
    const card = await screen.findByRole('region', { name: 'Your barber' });
    await user.click(await within(card).findByRole('button', { name: 'Change barber' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose your barber' });
    const mikkoChoice = within(dialog).getByRole('radio', { name: 'Mikko' });
    expect(mikkoChoice).toHaveAccessibleDescription(/about 12 minutes/);
    FakeEventSource.push('/pobs/1/events', {
      id: 1,
      open: true,
      closing_soon: false,
      queue_state: 'open',
      queue_info: { queue_employees: 2 },
      service_time_estimates: [estimate(0, 15, 10, 25)],
      barbers: [aino, { ...mikko, service_time_estimates: [estimate(0, 40, 30, 55)] }],
    });
    await waitFor(() => expect(mikkoChoice).toHaveAccessibleDescription(/about 40 minutes/));
  });

  it("says a refusal in the customer's words, inside the dialog", async () => {
    const user = userEvent.setup();
    vi.stubGlobal('fetch', api({ barber: null }, shop, 'barber_off_today').fetchImpl);
    renderRoutes(routes, '/tracking');
    const card = await screen.findByRole('region', { name: 'Your barber' });
    expect(within(card).getByText('First available')).toBeVisible();
    await user.click(await within(card).findByRole('button', { name: 'Change barber' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose your barber' });
    await user.click(within(dialog).getByRole('radio', { name: 'Mikko' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Your barber could not be changed');
    expect(alert).toHaveTextContent('That barber is not working any more today.');
    expect(within(card).getByText('First available')).toBeVisible();
  });

  it('alerts at once when the barber goes off duty and takes the first available, keeping the place', async () => {
    const user = userEvent.setup();
    const fake = api({
      barber: tied(aino, { on_duty: false, next_shift_at: '2026-11-26T13:00:00.000Z' }),
      barber_changes_left: 0,
    });
    vi.stubGlobal('fetch', fake.fetchImpl);
    renderRoutes(routes, '/tracking');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Aino is not at work right now');
    // 15:00 in Helsinki.
    expect(alert).toHaveTextContent(/Aino is back at 15[.:]00/);
    expect(
      within(alert).getByRole('button', { name: /Wait for Aino from 15[.:]00/ }),
    ).toBeVisible();
    await user.click(within(alert).getByRole('button', { name: 'First available, keep my place' }));
    const card = screen.getByRole('region', { name: 'Your barber' });
    await waitFor(() => expect(within(card).getByText('First available')).toBeVisible());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(patches(fake)).toEqual([{ barber_id: null }]);
  });

  it('says calmly that a barber planned now but not signed in is expected, with the first available on offer', async () => {
    const user = userEvent.setup();
    const fake = api({
      barber: tied(aino, {
        on_duty: false,
        next_shift_at: null,
        due_since: '2026-11-26T07:00:00.000Z',
      }),
    });
    vi.stubGlobal('fetch', fake.fetchImpl);
    renderRoutes(routes, '/tracking');
    // 9:00 in Helsinki; no alarm: nothing has gone wrong.
    expect(
      await screen.findByText(/Aino starts at 9[.:]00 and is expected any moment/),
    ).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'First available, keep my place' }));
    expect(patches(fake)).toEqual([{ barber_id: null }]);
  });

  it("keeps waiting for the barber's next shift when the customer says so, also after a reload", async () => {
    const user = userEvent.setup();
    const fake = api({
      barber: tied(aino, { on_duty: false, next_shift_at: '2026-11-26T13:00:00.000Z' }),
    });
    vi.stubGlobal('fetch', fake.fetchImpl);
    const first = renderRoutes(routes, '/tracking');
    const alert = await screen.findByRole('alert');
    await user.click(within(alert).getByRole('button', { name: /Wait for Aino/ }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText(/You are waiting for Aino, who is back at 15[.:]00/)).toBeVisible();
    expect(patches(fake)).toEqual([]);
    first.unmount();

    renderRoutes(routes, '/tracking');
    expect(await screen.findByText(/You are waiting for Aino/)).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();

    // The first available stays on offer while Aino is away.
    await user.click(screen.getByRole('button', { name: 'First available, keep my place' }));
    const card = screen.getByRole('region', { name: 'Your barber' });
    await waitFor(() => expect(within(card).getByText('First available')).toBeVisible());
    expect(patches(fake)).toEqual([{ barber_id: null }]);
  });

  it('says when the shop moved the order to the first available because the barber has no shift left', async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      api({
        barber: null,
        barber_released: {
          first_name: 'Aino',
          reason: 'no_shift_left',
          at: '2026-11-26T12:40:00.000Z',
        },
      }).fetchImpl,
    );
    renderRoutes(routes, '/tracking');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Aino is not working any more today');
    expect(alert).toHaveTextContent(
      'You now take the first available barber, at the place your waiting time earns.',
    );
    await user.click(within(alert).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(
      within(screen.getByRole('region', { name: 'Your barber' })).getByText('First available'),
    ).toBeVisible();
  });

  it('tells the customer when the last named barber was removed from the shop', async () => {
    vi.stubGlobal(
      'fetch',
      api(
        {
          barber: null,
          barber_released: {
            first_name: 'Aino',
            reason: 'removed',
            at: '2026-11-26T12:40:00.000Z',
          },
        },
        makeShop(),
      ).fetchImpl,
    );
    renderRoutes(routes, '/tracking');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Aino is no longer working at this shop.');
    expect(alert).toHaveTextContent('You now take the first available barber');
    expect(screen.queryByRole('button', { name: 'Change barber' })).toBeNull();
  });

  it('shows nothing of barbers for a shop without named barbers', async () => {
    vi.stubGlobal('fetch', api({ barber: null }, makeShop()).fetchImpl);
    renderRoutes(routes, '/tracking');
    expect(await screen.findByRole('heading', { name: 'You are in the queue' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Your barber' })).toBeNull();
  });
});
