import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { fakeFetch, json, makeShop } from '@jono/test-kit';
import type { Pob } from '@jono/contract';
import { useLocaleStore } from '../../../lib/locale-store';
import { renderRoutes } from '../../../test/render';
import { storeCode } from '../utils/device-code';
import { KioskRoute } from './kiosk';

const CODE = 'FI-7KQ3-M9PX-2HTB';

beforeEach(() => {
  useLocaleStore.setState({ locale: 'FI', language: 'en' });
  storeCode('kiosk', 1, CODE);
});
afterEach(() => {
  storeCode('kiosk', 1, null);
  vi.unstubAllGlobals();
});

const show = (shop: Pob) => {
  const fake = fakeFetch((url) => {
    if (url.pathname === '/api/fi/kiosk/1/') return json(200, { pob_id: 1, label: 'door' });
    if (url.pathname === '/api/fi/pobs/1/') return json(200, shop);
    return undefined;
  });
  vi.stubGlobal('fetch', fake.fetchImpl);
  renderRoutes([{ path: '/kiosk/:id', Component: KioskRoute }], '/kiosk/1');
};

describe('the door kiosk', () => {
  it('refuses a full shop before the form, in words that say why', async () => {
    show(makeShop({ queue_state: 'full' }));
    expect(
      await screen.findByText(
        'The queue is full right now. Please ask at the counter or try again later.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Join the queue' })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('tells closed and closing soon apart', async () => {
    show(makeShop({ closing_soon: true }));
    expect(await screen.findByText(/^The shop closes soon/)).toBeVisible();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('shows the wait, the form and the shop’s notice while it takes customers', async () => {
    show(makeShop({ notice: 'Tänään vain käteinen.' }));
    expect(await screen.findByText('Tänään vain käteinen.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Join the queue' })).toBeVisible();
    expect(screen.getAllByRole('checkbox').length).toBeGreaterThan(0);
  });
});
