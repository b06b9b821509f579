import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, Route, Routes } from 'react-router';
import type { OperatorShop } from '@jono/contract';
import { fakeApi, renderWithProviders } from '../../../test/render';
import type { OperatorSession } from '../../../lib/operator-session';
import { ChainBoardRoute } from './chain-board';

afterEach(() => vi.unstubAllGlobals());

const session: OperatorSession = {
  market: 'fi',
  token: 'op-token',
  expiresAt: Date.now() + 3_600_000,
  operator: { id: 1, name: 'Operator FI', username: 'operator-fi', markets: ['fi'] },
};

function shop(id: number, name: string, extra: Partial<OperatorShop> = {}): OperatorShop {
  return {
    id,
    market: 'fi',
    name,
    city: 'Helsinki',
    location: { latitude: '60.17', longitude: String(24.93 + id / 100) },
    open: true,
    closing_soon: false,
    queue_state: 'open',
    barbers_on_duty: 2,
    in_service: 1,
    waiting_by_priority: [2, 0, 1, 0],
    service_time_estimates: [{ priority: 0, wait_time: 20, wait_range: { low: 12, high: 30 } }],
    last_hour: { joins: 4, no_shows: 1, alerts_failed: 0 },
    attention: 20,
    reasons: [],
    ...extra,
  };
}

function setup(kamppi: Partial<OperatorShop> = {}) {
  const shops = [
    shop(1, 'Jono Kamppi', kamppi),
    shop(2, 'Jono Tapiola', {
      queue_state: 'closed',
      attention: 1030,
      reasons: ['closed_with_waiting'],
    }),
    shop(3, 'Jono Kallio', { waiting_by_priority: [0, 0, 0, 0], attention: 5 }),
  ];
  const api = fakeApi({
    'GET /api/fi/operator/shops/?offset=0&limit=500': () => ({
      count: 3,
      offset: 0,
      next_offset: null,
      at: new Date().toISOString(),
      shops: [...shops].sort((a, b) => b.attention - a.attention),
    }),
    'GET /api/fi/operator/shops/2/orders/': () => [
      {
        id: 77,
        ticket: 12,
        customer_name: 'Kalle K.',
        priority: 0,
        joined_at: new Date().toISOString(),
        wait_estimate: 25,
      },
    ],
    'POST /api/fi/operator/moves/': () => ({
      order_id: 78,
      pob_id: 1,
      moved_from: 77,
      wait_estimate: 10,
    }),
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
  renderWithProviders(
    <Routes>
      <Route element={<Outlet context={session} />}>
        <Route index element={<ChainBoardRoute />} />
      </Route>
    </Routes>,
  );
  return { api, user: userEvent.setup() };
}

describe('the chain board', () => {
  it('shows every shop as a tile, the one that needs attention first, with why', async () => {
    setup();
    const board = await screen.findByRole('region', { name: 'Every shop, live' });
    await waitFor(() => expect(within(board).getAllByRole('article')).toHaveLength(3));
    const tiles = within(board).getAllByRole('article');
    expect(tiles.map((t) => within(t).getByRole('heading').textContent)).toEqual([
      'Jono Tapiola',
      'Jono Kamppi',
      'Jono Kallio',
    ]);
    const first = tiles[0];
    if (!first) throw new Error('no tile');
    expect(within(first).getByText('Closed with customers waiting')).toBeInTheDocument();
    expect(within(first).getByText('20 min (12–30)')).toBeInTheDocument();
    expect(within(first).getByText('4 joined, 1 no-shows')).toBeInTheDocument();
    expect(screen.getByText('3 shops, 1 need attention')).toBeInTheDocument();
  });

  it("says on the tile that a shop's customer alerts fail, with how many", async () => {
    setup({
      attention: 430,
      reasons: ['alerts_failed'],
      last_hour: { joins: 4, no_shows: 1, alerts_failed: 3 },
    });
    const board = await screen.findByRole('region', { name: 'Every shop, live' });
    const kamppi = await within(board).findByRole('article', { name: 'Jono Kamppi' });
    expect(
      within(kamppi).getByText('Customer alerts failed in the last hour: 3'),
    ).toBeInTheDocument();
    expect(screen.getByText('3 shops, 2 need attention')).toBeInTheDocument();
  });

  it('moves a waiting customer to a nearby open shop', async () => {
    const { api, user } = setup();
    const board = await screen.findByRole('region', { name: 'Every shop, live' });
    const tapiola = await within(board).findByRole('article', { name: 'Jono Tapiola' });
    await user.click(within(tapiola).getByRole('button', { name: 'Move a customer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move a customer from Jono Tapiola' });
    await within(dialog).findByRole('option', { name: 'No. 12 Kalle K., chair in 25 min' });
    expect(within(dialog).getByLabelText('To the shop')).toHaveDisplayValue(
      /^Jono Kamppi, [\d.]+ km, wait 20 min$/,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() =>
      expect(api.calls).toContainEqual({
        method: 'POST',
        path: '/api/fi/operator/moves/',
        body: { order_id: 77, to_pob_id: 1 },
      }),
    );
    expect(await screen.findByText('Moved to Jono Kamppi. The customer was told.')).toBeVisible();
  });
});
