import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { fakeFetch, json, makeShop } from '@jono/test-kit';
import type { DisplayBoard, Pob } from '@jono/contract';
import { useLocaleStore } from '../../../lib/locale-store';
import { estimate, FakeEventSource, makeBarber } from '../../../test/barbers';
import { renderRoutes } from '../../../test/render';
import { storeCode } from '../utils/device-code';
import { DisplayRoute } from './display';

const CODE = 'FI-7KQ3-M9PX-2HTB';
const board: DisplayBoard = {
  pob: {
    id: 2,
    name: 'Jono Kallio',
    address: 'Hämeentie 13',
    city: 'Helsinki',
    open: true,
    queue_state: 'open',
    wait_time: 10,
    display_names: 'first_name',
    closing_soon: false,
    notice: null,
  },
  next: [],
  serving: [],
  waiting: 0,
  at: '2026-11-23T18:00:00Z',
};

const aino = makeBarber({
  id: 4,
  first_name: 'Aino',
  photo: '/media/barbers/4.jpg',
  service_time_estimates: [estimate(3, 5, 0, 10), estimate(0, 25, 15, 35)],
});
const mikko = makeBarber({
  id: 5,
  first_name: 'Mikko',
  on_duty: false,
  next_shift_at: '2026-11-23T19:00:00Z',
  service_time_estimates: [estimate(0, 70, 50, 90)],
});

function show(shop: Pob, change: Partial<DisplayBoard> = {}) {
  vi.stubGlobal(
    'fetch',
    fakeFetch((url) => {
      if (url.pathname === '/api/fi/display/2/') return json(200, { ...board, ...change });
      if (url.pathname === '/api/fi/pobs/2/') return json(200, shop);
      return undefined;
    }).fetchImpl,
  );
  renderRoutes([{ path: '/display/:id', Component: DisplayRoute }], '/display/2');
}

beforeEach(() => {
  useLocaleStore.setState({ locale: 'FI', language: 'en' });
  storeCode('display', 2, CODE);
  FakeEventSource.opened = [];
});
afterEach(() => {
  storeCode('display', 2, null);
  vi.unstubAllGlobals();
});

describe('the shop screen’s barbers', () => {
  it("lists the barbers at work with a one-time customer's wait for each, live", async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    show(makeShop({ id: 2, barbers: [aino, mikko] }));
    const section = await screen.findByRole('region', { name: 'Barbers at work' });
    expect(within(section).getByText('Aino')).toBeVisible();
    expect(within(section).getByLabelText('Wait for Aino: 25 minutes')).toHaveTextContent('25 min');
    // Off duty now: not on the screen.
    expect(within(section).queryByText('Mikko')).toBeNull();

    FakeEventSource.push('/pobs/2/events', {
      id: 2,
      open: true,
      closing_soon: false,
      queue_state: 'open',
      queue_info: { queue_employees: 2 },
      service_time_estimates: [estimate(0, 8, 4, 12)],
      barbers: [
        aino,
        {
          ...mikko,
          on_duty: true,
          next_shift_at: null,
          service_time_estimates: [estimate(0, 3, 0, 6)],
        },
      ],
    });
    await waitFor(() => expect(within(section).getByText('Mikko')).toBeVisible());
    expect(within(section).getByLabelText('Wait for Mikko: 3 minutes')).toBeVisible();
  });

  it('shows no barbers for a shop without named barbers, or while the queue is closed', async () => {
    show(makeShop({ id: 2 }));
    expect(await screen.findByText('No one is waiting. Take a seat!')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Barbers at work' })).toBeNull();
  });

  it('hides the barbers while the queue takes no one', async () => {
    show(makeShop({ id: 2, barbers: [aino] }), {
      pob: { ...board.pob, queue_state: 'closed' },
    });
    expect(
      await screen.findByText('The queue is not taking new customers right now.'),
    ).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Barbers at work' })).toBeNull();
  });
});
