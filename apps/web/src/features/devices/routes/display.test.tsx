import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { fakeFetch, json } from '@jono/test-kit';
import type { DisplayBoard } from '@jono/contract';
import { useLocaleStore } from '../../../lib/locale-store';
import { renderRoutes } from '../../../test/render';
import { storeCode } from '../utils/device-code';
import { DisplayRoute } from './display';

const CODE = 'FI-7KQ3-M9PX-2HTB';
const board = (queueState: 'open' | 'closed'): DisplayBoard => ({
  pob: {
    id: 2,
    name: 'Jono Kallio',
    address: 'Hämeentie 13',
    city: 'Helsinki',
    open: queueState === 'open',
    queue_state: queueState,
    wait_time: 0,
    display_names: 'first_name',
  },
  next: [],
  serving: [],
  waiting: 0,
  at: '2026-11-23T18:00:00Z',
});

beforeEach(() => {
  useLocaleStore.setState({ locale: 'FI', language: 'en' });
  storeCode('display', 2, CODE);
});
afterEach(() => {
  storeCode('display', 2, null);
  vi.unstubAllGlobals();
});

const show = (queueState: 'open' | 'closed') => {
  const fake = fakeFetch((url) =>
    url.pathname === '/api/fi/display/2/' ? json(200, board(queueState)) : undefined,
  );
  vi.stubGlobal('fetch', fake.fetchImpl);
  renderRoutes([{ path: '/display/:id', Component: DisplayRoute }], '/display/2');
};

describe('the shop screen with no one waiting', () => {
  it('invites people to take a seat while the queue is open', async () => {
    show('open');
    expect(await screen.findByText('No one is waiting. Take a seat!')).toBeVisible();
    expect(screen.getByText('Scan to join the queue from your phone')).toBeVisible();
  });

  it('says the queue takes no one when the shop is closed, instead of inviting them in', async () => {
    show('closed');
    expect(
      await screen.findByText('The queue is not taking new customers right now.'),
    ).toBeVisible();
    expect(screen.queryByText(/Take a seat/)).not.toBeInTheDocument();
    // The QR code opens the shop; it does not invite anyone to join a closed queue.
    expect(screen.getByText('Scan to open the shop in the Jono app')).toBeVisible();
    expect(screen.queryByText(/join the queue/i)).not.toBeInTheDocument();
  });
});
