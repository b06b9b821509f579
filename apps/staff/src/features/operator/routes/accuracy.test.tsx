import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { Outlet, Route, Routes } from 'react-router';
import { fakeApi, renderWithProviders } from '../../../test/render';
import type { OperatorSession } from '../../../lib/operator-session';
import { AccuracyRoute } from './accuracy';

afterEach(() => vi.unstubAllGlobals());

const session = (markets: ('fi' | 'no')[]): OperatorSession => ({
  market: 'fi',
  token: 'op-token',
  expiresAt: Date.now() + 3_600_000,
  operator: { id: 1, name: 'Chain', username: 'operator', markets },
});

const day = (date: string, inside: number | null) => ({
  date,
  estimates: inside === null ? 0 : 40,
  inside_range: inside,
  median_error: inside === null ? null : 3,
  longer_by_10: inside === null ? null : 0.1,
});
const figures = (estimates: number, inside: number) => ({
  days: 14,
  estimates,
  inside_range: inside,
  median_error: 3,
  longer_by_10: 0.05,
});

function setup(markets: ('fi' | 'no')[]) {
  const api = fakeApi({
    'GET /api/fi/operator/accuracy/chain/': () => ({
      markets: ['fi', 'no'],
      summary: figures(420, 0.81),
      per_day: [day('2026-11-25', 0.8), day('2026-11-26', null)],
      per_market: [
        { market: 'fi', summary: figures(400, 0.82) },
        { market: 'no', summary: null },
      ],
    }),
    'GET /api/fi/operator/accuracy/': () => ({
      pob_id: null,
      summary: figures(400, 0.82),
      per_day: [day('2026-11-25', 0.82)],
    }),
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
  renderWithProviders(
    <Routes>
      <Route element={<Outlet context={session(markets)} />}>
        <Route index element={<AccuracyRoute />} />
      </Route>
    </Routes>,
  );
  return api;
}

describe('published accuracy for operators', () => {
  it('the chain operator sees the whole chain first, with each market beside', async () => {
    const api = setup(['fi', 'no']);
    expect(
      await screen.findByRole('radio', { name: 'The whole chain (every market)' }),
    ).toBeChecked();
    expect(await screen.findByText('81 %')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Per market' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('82 %');
    expect(rows[2]).toHaveTextContent('Not enough estimates yet');
    expect(api.calls.map((c) => c.path)).toContain('/api/fi/operator/accuracy/chain/');
  });

  it('a market operator has no chain choice and sees its market', async () => {
    const api = setup(['fi']);
    expect(await screen.findByText('82 %')).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'The whole chain (every market)' })).toBeNull();
    expect(api.calls.map((c) => c.path)).not.toContain('/api/fi/operator/accuracy/chain/');
  });
});
