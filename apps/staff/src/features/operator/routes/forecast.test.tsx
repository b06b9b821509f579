import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { Outlet, Route, Routes } from 'react-router';
import type { Forecast, OperatorShop } from '@jono/contract';
import { fakeApi, renderWithProviders } from '../../../test/render';
import type { OperatorSession } from '../../../lib/operator-session';
import { ForecastRoute } from './forecast';

afterEach(() => vi.unstubAllGlobals());

const session: OperatorSession = {
  market: 'fi',
  token: 'op-token',
  expiresAt: Date.now() + 3_600_000,
  operator: { id: 1, name: 'Operator FI', username: 'operator-fi', markets: ['fi'] },
};

const shop = {
  id: 3,
  market: 'fi',
  name: 'Jono Kallio',
  city: 'Helsinki',
  location: { latitude: '60.18', longitude: '24.95' },
  open: true,
  closing_soon: false,
  queue_state: 'open',
  barbers_on_duty: 2,
  in_service: 1,
  waiting_by_priority: [2, 0, 0, 0],
  service_time_estimates: [{ priority: 0, wait_time: 20, wait_range: { low: 12, high: 30 } }],
  last_hour: { joins: 4, no_shows: 1, alerts_failed: 0 },
  attention: 20,
  reasons: [],
} satisfies OperatorShop;

const hour = (h: number, needed: number, lastWeek: number, rostered: number | null) => ({
  start: `2026-11-27T${String(h - 2).padStart(2, '0')}:00:00.000Z`,
  date: '2026-11-27',
  weekday: 5,
  hour: h,
  arrivals: 4,
  needed,
  mean_wait: 8,
  on_duty_last_week: lastWeek,
  rostered,
});

function setup(rostered: (number | null)[]) {
  const forecast: Forecast = {
    pob_id: 3,
    target: 15,
    method: 'erlang_c',
    weeks: 8,
    mean_service_minutes: 30,
    hours: [hour(10, 3, 2, rostered[0] ?? null), hour(11, 2, 2, rostered[1] ?? null)],
  };
  const api = fakeApi({
    'GET /api/fi/operator/shops/?offset=0&limit=500': () => ({
      count: 1,
      offset: 0,
      next_offset: null,
      at: new Date().toISOString(),
      shops: [shop],
    }),
    'GET /api/fi/operator/forecast/?pob_id=3&target=15': () => forecast,
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
  renderWithProviders(
    <Routes>
      <Route element={<Outlet context={session} />}>
        <Route index element={<ForecastRoute />} />
      </Route>
    </Routes>,
  );
}

describe('the staffing forecast', () => {
  it('draws the rota of a shop with named barbers beside the need, and says where it falls short', async () => {
    setup([2, 3]);
    expect(
      (await screen.findAllByText(/1 of 2 open hours need more barbers than the rota has\./))
        .length,
    ).toBeGreaterThan(0);
    expect(screen.getAllByText('Rostered (the rota)').length).toBeGreaterThan(0);
  });

  it('says when a shop has no rota to compare with', async () => {
    setup([null, null]);
    expect(
      (await screen.findAllByText(/no named barbers, so there is no rota to compare with/)).length,
    ).toBeGreaterThan(0);
    expect(screen.queryByText('Rostered (the rota)')).toBeNull();
  });
});
