import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeFetch, json, makeShop } from '@jono/test-kit';
import { useLocaleStore } from '../../../lib/locale-store';
import { estimate, makeBarber } from '../../../test/barbers';
import { renderRoutes } from '../../../test/render';
import { storeCode } from '../utils/device-code';
import { KioskRoute } from './kiosk';

const CODE = 'FI-7KQ3-M9PX-2HTB';

const shop = makeShop({
  service_time_estimates: [estimate(3, 2, 0, 5), estimate(0, 15, 10, 25)],
  barbers: [
    makeBarber({
      id: 4,
      first_name: 'Aino',
      service_time_estimates: [estimate(3, 10, 5, 15), estimate(0, 35, 25, 50)],
    }),
    makeBarber({ id: 5, first_name: 'Mikko', service_time_estimates: [estimate(0, 8, 4, 12)] }),
  ],
});

function kiosk(refusal?: string) {
  const fake = fakeFetch((url, init) => {
    if (url.pathname === '/api/fi/kiosk/1/') return json(200, { pob_id: 1, label: 'door' });
    if (url.pathname === '/api/fi/pobs/1/') return json(200, shop);
    if (url.pathname === '/api/fi/kiosk/1/orders/' && init?.method === 'POST') {
      return refusal
        ? json(409, { error: refusal, message: 'Refused' })
        : json(201, { id: 78, ticket: 13, wait_time: 8, position: 1, code_sent: false });
    }
    return undefined;
  });
  vi.stubGlobal('fetch', fake.fetchImpl);
  renderRoutes([{ path: '/kiosk/:id', Component: KioskRoute }], '/kiosk/1');
  return fake;
}

beforeEach(() => {
  useLocaleStore.setState({ locale: 'FI', language: 'en' });
  storeCode('kiosk', 1, CODE);
});
afterEach(() => {
  storeCode('kiosk', 1, null);
  vi.unstubAllGlobals();
});

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('checkbox', { name: /^Haircut/ }));
  await user.type(screen.getByLabelText('Your first name'), 'Eero');
}

describe('choosing a barber at the door kiosk', () => {
  it("lets a walk-in choose a barber, with one-time customers' waits, and says who at the end", async () => {
    const user = userEvent.setup();
    const fake = kiosk();
    const group = await screen.findByRole('radiogroup', { name: 'Barber (optional)' });
    expect(within(group).getByRole('radio', { name: 'First available' })).toBeChecked();
    expect(
      within(group).getByRole('radio', { name: 'First available' }),
    ).toHaveAccessibleDescription(/about 15 minutes, likely between 10 and 25/);
    expect(within(group).getByRole('radio', { name: 'Aino' })).toHaveAccessibleDescription(
      /about 35 minutes, likely between 25 and 50/,
    );
    await fillIn(user);
    await user.click(within(group).getByRole('radio', { name: 'Mikko' }));
    await user.click(screen.getByRole('button', { name: 'Join the queue' }));

    expect(await screen.findByText('Your barber: Mikko')).toBeVisible();
    expect(fake.calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      name: 'Eero',
      barber_id: 5,
    });
  });

  it('joins with the first available when the walk-in chooses nobody', async () => {
    const user = userEvent.setup();
    const fake = kiosk();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Join the queue' }));
    expect(await screen.findByText('You are in the queue')).toBeVisible();
    expect(screen.queryByText(/Your barber/)).toBeNull();
    expect(fake.calls.find((c) => c.method === 'POST')?.body).not.toHaveProperty('barber_id');
  });

  it('says why a barber was refused, in the walk-in’s language', async () => {
    const user = userEvent.setup();
    kiosk('barber_off_today');
    await fillIn(user);
    await user.click(await screen.findByRole('radio', { name: 'Aino' }));
    await user.click(screen.getByRole('button', { name: 'Join the queue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That barber is not working any more today. Choose another or the first available.',
    );
  });

  it('shows no barber choice in a shop without named barbers', async () => {
    const fake = fakeFetch((url) => {
      if (url.pathname === '/api/fi/kiosk/1/') return json(200, { pob_id: 1, label: 'door' });
      if (url.pathname === '/api/fi/pobs/1/') return json(200, makeShop());
      return undefined;
    });
    vi.stubGlobal('fetch', fake.fetchImpl);
    renderRoutes([{ path: '/kiosk/:id', Component: KioskRoute }], '/kiosk/1');
    expect(await screen.findByRole('button', { name: 'Join the queue' })).toBeVisible();
    expect(screen.queryByRole('radiogroup')).toBeNull();
  });
});
