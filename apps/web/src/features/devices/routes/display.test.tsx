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
    closing_soon: false,
    notice: null,
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

const show = (queueState: 'open' | 'closed', change: Partial<DisplayBoard> = {}) => {
  const fake = fakeFetch((url) =>
    url.pathname === '/api/fi/display/2/'
      ? json(200, { ...board(queueState), ...change })
      : undefined,
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

describe('the shop screen with customers', () => {
  const person = (p: Partial<DisplayBoard['next'][number]>): DisplayBoard['next'][number] => ({
    position: 1,
    label: 'Ville',
    ticket: 6,
    name: 'Ville',
    here: true,
    presence: 'here',
    ...p,
  });

  it('shows every customer by their number, with the first name where the shop chose names', async () => {
    show('open', {
      next: [
        person({}),
        person({
          position: 2,
          ticket: 7,
          label: 'Ville',
          name: 'Ville',
          here: false,
          presence: 'not_here',
        }),
        person({
          position: 3,
          ticket: 8,
          label: 'Aino',
          name: 'Aino',
          here: false,
          presence: 'on_the_way',
        }),
      ],
      serving: [{ chair: 1, label: 'Eero', ticket: 5, name: 'Eero' }],
      waiting: 3,
    });
    // Two Villes are told apart by their numbers.
    expect(await screen.findByText('006')).toBeVisible();
    expect(screen.getByText('007')).toBeVisible();
    expect(screen.getByText('005')).toBeVisible();
    expect(screen.getAllByText('Ville')).toHaveLength(2);
    // The board's words: one who has not arrived is "not here yet", not "on the way".
    expect(screen.getByText('not here yet')).toBeVisible();
    expect(screen.getAllByText('on the way')).toHaveLength(1);
  });

  it('shows numbers alone when the shop chose numbers', async () => {
    show('open', {
      next: [person({ label: '006', name: null })],
    });
    expect(await screen.findByText('006')).toBeVisible();
    expect(screen.queryByText('Ville')).toBeNull();
  });

  it('shows the shop’s notice and says closing soon rather than closed', async () => {
    show('open', {
      pob: { ...board('open').pob, closing_soon: true, notice: 'Tänään vain käteinen.' },
    });
    expect(await screen.findByText('Tänään vain käteinen.')).toBeVisible();
    expect(screen.getByText('Closing soon')).toBeVisible();
    expect(screen.queryByText('Closed')).toBeNull();
  });

  it('keeps a long right-to-left or emoji name in one line, isolated from the number', async () => {
    const long = 'محمد'.repeat(10);
    show('open', {
      next: [
        person({ label: long, name: long }),
        person({ position: 2, ticket: 9, name: '👩‍🦰'.repeat(20) }),
      ],
    });
    const name = await screen.findByText(long);
    expect(name.tagName).toBe('BDI');
    expect(name).toHaveClass('display__label');
    expect(name).toHaveAttribute('title', long);
  });

  it('says when it has not heard from the server for 30 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      show('open');
      expect(await screen.findByText('No one is waiting. Take a seat!')).toBeVisible();
      expect(screen.queryByText(/Not updated since/)).toBeNull();
      // The server stops answering: polls fail, nothing new arrives.
      vi.stubGlobal('fetch', fakeFetch().fetchImpl);
      await vi.advanceTimersByTimeAsync(40_000);
      expect(await screen.findByText(/^Not updated since .*: reconnecting…$/)).toBeVisible();
      // The last board stays on screen.
      expect(screen.getByText('No one is waiting. Take a seat!')).toBeVisible();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('setting up the screen', () => {
  it('says a mistyped code was not accepted, not that it no longer works', async () => {
    const { default: userEvent } = await import('@testing-library/user-event');
    const user = userEvent.setup();
    storeCode('display', 2, null);
    vi.stubGlobal(
      'fetch',
      fakeFetch((url) =>
        url.pathname === '/api/fi/display/2/'
          ? json(401, { error: 'device_code', message: 'Unknown device code' })
          : undefined,
      ).fetchImpl,
    );
    renderRoutes([{ path: '/display/:id', Component: DisplayRoute }], '/display/2');
    await user.type(await screen.findByLabelText('Device code'), 'FI-7KQ3-M9PX-2HTX');
    await user.click(screen.getByRole('button', { name: 'Start' }));
    expect(
      await screen.findByText(/^This code was not accepted\./, undefined, { timeout: 5000 }),
    ).toBeVisible();
    expect(screen.queryByText(/no longer works/)).toBeNull();
  });
});
