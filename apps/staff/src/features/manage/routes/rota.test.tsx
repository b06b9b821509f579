import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeShop } from '@jono/test-kit';
import { localDate } from '../../../lib/format';
import { makeStaffBarber } from '../../../test/factories';
import { fakeApi, renderWithProviders, signIn } from '../../../test/render';
import { RotaRoute } from './rota';

afterEach(() => vi.unstubAllGlobals());

const today = localDate(new Date(), 'Europe/Helsinki');
const everyDay = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
  weekday,
  open: '09:00',
  close: '19:00',
}));
const aino = makeStaffBarber({
  id: 41,
  first_name: 'Aino',
  on_duty: true,
  chair: 1,
  week: [{ weekday: 1, from: '09:00', to: '17:00' }],
});
const ville = makeStaffBarber({ id: 42, first_name: 'Ville' });

function setup() {
  signIn('manager');
  const api = fakeApi({
    [`GET /api/fi/staff/rota/?date=${today}`]: () => ({
      date: today,
      barbers: [
        {
          barber_id: 41,
          first_name: 'Aino',
          source: 'week',
          shifts: [
            { from: '09:00', to: '12:00' },
            { from: '12:30', to: '17:00' },
          ],
        },
        { barber_id: 42, first_name: 'Ville', source: 'none', shifts: [] },
      ],
    }),
    'GET /api/fi/staff/barbers/': () => ({ items: [aino, ville] }),
    'GET /api/fi/pobs/1/': () => makeShop({ open_times: everyDay }),
    [`PUT /api/fi/staff/rota/${today}/barbers/41/`]: () => ({}),
    'PATCH /api/fi/staff/barbers/42/': () => ville,
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
  renderWithProviders(<RotaRoute />);
  return { api, user: userEvent.setup() };
}

describe('Manage, Rota', () => {
  it("draws the day's rota and gives the same as text: shifts, breaks, who is on duty", async () => {
    setup();
    const group = (await screen.findByText('Show the rota as text')).closest('details');
    expect(group).not.toBeNull();
    const aino = within(group as HTMLElement)
      .getByRole('rowheader', { name: 'Aino' })
      .closest('tr') as HTMLElement;
    expect(aino).toHaveTextContent('On duty');
    expect(aino).toHaveTextContent('09:00–12:00, 12:30–17:00');
    expect(aino).toHaveTextContent('12:00–12:30');
    const ville = within(group as HTMLElement)
      .getByRole('rowheader', { name: 'Ville' })
      .closest('tr') as HTMLElement;
    expect(ville).toHaveTextContent('Off duty');
    expect(ville).toHaveTextContent('None');
  });

  it('adds a break to a day and sends the working hours with the break cut out', async () => {
    const { api, user } = setup();
    await user.click(await screen.findByRole('button', { name: /^Edit day\s*Aino$/ }));
    const dialog = within(await screen.findByRole('dialog', { name: `Aino on ${today}` }));
    // The day as the form shows it: one span of working hours and the gap as a break.
    expect(dialog.getByLabelText('From (Shift 1)')).toHaveValue('09:00');
    expect(dialog.getByLabelText('To (Shift 1)')).toHaveValue('17:00');
    expect(dialog.getByLabelText('From (Break 1)')).toHaveValue('12:00');
    await user.click(dialog.getByRole('button', { name: 'Add break' }));
    const from = dialog.getByLabelText('From (Break 2)');
    const to = dialog.getByLabelText('To (Break 2)');
    await user.clear(from);
    await user.type(from, '15:00');
    await user.clear(to);
    await user.type(to, '15:15');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.calls).toContainEqual({
        method: 'PUT',
        path: `/api/fi/staff/rota/${today}/barbers/41/`,
        body: {
          shifts: [
            { from: '09:00', to: '12:00' },
            { from: '12:30', to: '15:00' },
            { from: '15:15', to: '17:00' },
          ],
        },
      }),
    );
  });

  it('says what is wrong with a shift outside the opening hours or a break that ends before it starts, and sends nothing', async () => {
    const { api, user } = setup();
    await user.click(await screen.findByRole('button', { name: /^Edit day\s*Aino$/ }));
    const dialog = within(await screen.findByRole('dialog', { name: `Aino on ${today}` }));
    const end = dialog.getByLabelText('To (Shift 1)');
    await user.clear(end);
    await user.type(end, '20:00');
    const breakEnd = dialog.getByLabelText('To (Break 1)');
    await user.clear(breakEnd);
    await user.type(breakEnd, '11:00');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(dialog.getByLabelText('To (Shift 1)')).toHaveAccessibleDescription(
      'Outside the opening hours (09:00–19:00).',
    );
    expect(dialog.getByLabelText('To (Break 1)')).toHaveAccessibleDescription(
      'The end must be after the start.',
    );
    expect(dialog.getByRole('alert')).toHaveTextContent('Correct the times marked above.');
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it("saves a barber's weekly template, refusing overlapping shifts", async () => {
    const { api, user } = setup();
    await user.click(await screen.findByRole('button', { name: /^Weekly template\s*Ville$/ }));
    const dialog = within(await screen.findByRole('dialog', { name: "Ville's weekly template" }));
    await user.click(dialog.getByRole('button', { name: /Add shift on Tuesday/ }));
    await user.click(dialog.getByRole('button', { name: /Add shift on Tuesday/ }));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(dialog.getByLabelText('From (Tuesday, shift 2)')).toHaveAccessibleDescription(
      'Overlaps another one in this list.',
    );
    expect(api.calls.some((c) => c.method === 'PATCH')).toBe(false);

    await user.click(dialog.getByRole('button', { name: /^Remove\s*Tuesday, shift 2$/ }));
    const end = dialog.getByLabelText('To (Tuesday, shift 1)');
    await user.clear(end);
    await user.type(end, '15:00');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.calls).toContainEqual({
        method: 'PATCH',
        path: '/api/fi/staff/barbers/42/',
        body: { week: [{ weekday: 2, from: '09:00', to: '15:00' }] },
      }),
    );
  });
});
