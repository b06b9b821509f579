import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { StaffSummary } from '@jono/contract';
import { renderWithProviders, signIn } from '../../../test/render';
import { SummaryRoute } from './summary';

afterEach(() => vi.unstubAllGlobals());

const summary = (date: string): StaffSummary => ({
  date,
  joined: 12,
  served: 10,
  no_shows: 1,
  cancelled: 1,
  mean_wait_minutes: 14,
  p90_wait_minutes: 30,
  waits_counted: 10,
  estimate_mae_minutes: 6,
  estimate_bias_minutes: 2,
  estimates_compared: 9,
  estimate_median_error_minutes: 3,
  estimate_inside_range_share: 0.75,
  estimates_judged: 40,
  ranges_judged: 32,
  barbers: [],
});

describe('the daily summary', () => {
  it('says what each figure counts and over how many customers or estimates', async () => {
    signIn('manager');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://localhost');
        return Response.json(summary(url.searchParams.get('date') ?? ''));
      }),
    );
    renderWithProviders(<SummaryRoute />);
    expect(
      await screen.findByText(
        'From joining to reaching a chair, averaged over 10 customers served.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'The wait shown when each customer joined against the wait that followed, averaged over 9 customers served.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/Half of the 40 estimates shown to served customers/),
    ).toBeInTheDocument();
    expect(screen.getByText(/Of 32 estimates shown with a range/)).toBeInTheDocument();
    expect(screen.getByText(/Taking a place back is the same visit/)).toBeInTheDocument();
  });

  it('shows each barber: served, typical service and accuracy where there are enough estimates', async () => {
    signIn('manager');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://localhost');
        return Response.json({
          ...summary(url.searchParams.get('date') ?? ''),
          barbers: [
            {
              id: 1,
              first_name: 'Aino',
              served: 7,
              median_service_minutes: 24,
              estimates_judged: 12,
              estimate_median_error_minutes: 4,
              estimate_inside_range_share: 0.83,
            },
            {
              id: 2,
              first_name: 'Eetu',
              served: 3,
              median_service_minutes: 31,
              estimates_judged: 2,
              estimate_median_error_minutes: null,
              estimate_inside_range_share: null,
            },
          ],
        } satisfies StaffSummary);
      }),
    );
    renderWithProviders(<SummaryRoute />);
    const table = await screen.findByRole('table', { name: 'Per barber' });
    const aino = within(table).getByRole('row', { name: /Aino/ });
    expect(
      within(aino)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['7', '24 min', '4 min', '83 %']);
    const eetu = within(table).getByRole('row', { name: /Eetu/ });
    expect(
      within(eetu)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['3', '31 min', 'Too few to say', 'Too few to say']);
  });

  it('has no barber table in a shop without named barbers', async () => {
    signIn('manager');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://localhost');
        return Response.json(summary(url.searchParams.get('date') ?? ''));
      }),
    );
    renderWithProviders(<SummaryRoute />);
    expect(await screen.findByText(/Taking a place back is the same visit/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Per barber' })).toBeNull();
  });
});
