import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

  it('asks for the code texted to the number, and says when it is confirmed (issue 27)', async () => {
    let confirmTries = 0;
    const fake = fakeFetch((url, init) => {
      if (url.pathname === '/api/fi/kiosk/1/') return json(200, { pob_id: 1, label: 'door' });
      if (url.pathname === '/api/fi/pobs/1/') return json(200, makeShop());
      if (url.pathname === '/api/fi/kiosk/1/orders/' && init?.method === 'POST')
        return json(201, { id: 77, ticket: 12, wait_time: 10, position: 2, code_sent: true });
      if (url.pathname === '/api/fi/kiosk/1/orders/77/confirm/') {
        confirmTries += 1;
        return confirmTries === 1
          ? json(400, { error: 'invalid_token', message: 'The code is wrong or has expired' })
          : json(200, { ok: true });
      }
      return undefined;
    });
    vi.stubGlobal('fetch', fake.fetchImpl);
    renderRoutes([{ path: '/kiosk/:id', Component: KioskRoute }], '/kiosk/1');
    const user = userEvent.setup();
    const [service] = await screen.findAllByRole('checkbox');
    await user.click(service!);
    await user.type(screen.getByLabelText('Your first name'), 'Aino');
    await user.type(screen.getByLabelText('Phone number (optional)'), '0401112223');
    await user.click(screen.getByRole('button', { name: 'Join the queue' }));

    const codeField = await screen.findByLabelText('Code from the text message');
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeDisabled();
    await user.type(codeField, '111111');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The code is wrong or has expired');
    await user.clear(codeField);
    await user.type(codeField, '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('Thank you: we will text you when your turn is near.'),
    ).toBeVisible();
    expect(screen.queryByLabelText('Code from the text message')).not.toBeInTheDocument();
    expect(fake.calls.filter((c) => c.path.endsWith('/confirm/')).map((c) => c.body)).toEqual([
      { code: '111111' },
      { code: '654321' },
    ]);
  });

  it('asks no code when none was sent', async () => {
    const fake = fakeFetch((url, init) => {
      if (url.pathname === '/api/fi/kiosk/1/') return json(200, { pob_id: 1, label: 'door' });
      if (url.pathname === '/api/fi/pobs/1/') return json(200, makeShop());
      if (url.pathname === '/api/fi/kiosk/1/orders/' && init?.method === 'POST')
        return json(201, { id: 78, ticket: 13, wait_time: 10, position: 2, code_sent: false });
      return undefined;
    });
    vi.stubGlobal('fetch', fake.fetchImpl);
    renderRoutes([{ path: '/kiosk/:id', Component: KioskRoute }], '/kiosk/1');
    const user = userEvent.setup();
    const [service] = await screen.findAllByRole('checkbox');
    await user.click(service!);
    await user.type(screen.getByLabelText('Your first name'), 'Eero');
    await user.click(screen.getByRole('button', { name: 'Join the queue' }));
    expect(await screen.findByText('You are in the queue')).toBeVisible();
    expect(screen.queryByLabelText('Code from the text message')).not.toBeInTheDocument();
  });
});
