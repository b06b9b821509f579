// The board of a shop with named barbers (issue 30): each chair's barber and whom Start seats, who
// waits for whom, signing on and off, changing a customer's barber, and a walk-in's barber.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeShop } from '@jono/test-kit';
import {
  makeBarberQueue,
  makeOrder,
  makeQueueBarber,
  makeStaffBarber,
} from '../../../test/factories';
import { fakeApi, renderWithProviders, signIn } from '../../../test/render';
import { BoardRoute } from './board';

afterEach(() => vi.unstubAllGlobals());

const aino = makeQueueBarber({
  id: 41,
  first_name: 'Aino',
  on_duty: true,
  chair: 1,
  waiting_order_ids: [11],
  next_order_id: 11,
});
const ville = makeQueueBarber({
  id: 42,
  first_name: 'Ville',
  on_duty: true,
  chair: 2,
  next_order_id: 12,
});
const olli = makeQueueBarber({
  id: 43,
  first_name: 'Olli',
  next_shift_at: '2026-11-26T13:00:00.000Z',
});
// Kalle waits for Aino; Pekka takes the first available.
const kalle = makeOrder({
  id: 11,
  customer_name: 'Kalle K.',
  checked_in: true,
  barber_id: 41,
  barber_name: 'Aino',
});
const pekka = makeOrder({ id: 12, customer_name: 'Pekka P.', checked_in: true, barber_id: null });

function setup(barbers = [aino, ville, olli], orders = [kalle, pekka]) {
  signIn();
  const answer = (id: number, status = 'active') => ({ id, status, undo: null });
  const duty = (barber: typeof aino) => ({
    barber: {
      id: barber.id,
      first_name: barber.first_name,
      photo: null,
      languages: [],
      specialities: '',
      translations: {},
      staff_id: null,
      week: [],
      on_duty: true,
      chair: 3,
      on_duty_since: new Date().toISOString(),
    },
    chairs: 3,
    told_orders: 0,
    released_orders: 0,
  });
  const api = fakeApi({
    'GET /api/fi/staff/queue/': () => makeBarberQueue(orders, barbers, { 1: 11, 2: 12 }),
    'GET /api/fi/pobs/1/': () => makeShop(),
    'POST /api/fi/staff/orders/11/start/': () => answer(11),
    'POST /api/fi/staff/orders/12/start/': () => answer(12),
    'POST /api/fi/staff/barbers/43/duty/': () => duty(olli),
    'DELETE /api/fi/staff/barbers/41/duty/': () => ({
      ...duty(aino),
      barber: { ...duty(aino).barber, on_duty: false, chair: null },
      told_orders: 1,
    }),
    'POST /api/fi/staff/orders/11/barber/': () => ({}),
    // Helmi is planned now but has not signed on: the board's list leaves her out.
    'GET /api/fi/staff/barbers/': () => ({
      items: [
        makeStaffBarber({ id: 41, first_name: 'Aino', on_duty: true, chair: 1 }),
        makeStaffBarber({ id: 42, first_name: 'Ville', on_duty: true, chair: 2 }),
        makeStaffBarber({ id: 43, first_name: 'Olli' }),
        makeStaffBarber({ id: 44, first_name: 'Helmi' }),
      ],
    }),
    'POST /api/fi/staff/barbers/44/duty/': () => duty(olli),
    'POST /api/fi/staff/walk-ins/': () => ({ id: 99 }),
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
  renderWithProviders(<BoardRoute />);
  return { api, user: userEvent.setup() };
}

describe('the board with named barbers', () => {
  it("shows each chair's barber and whom its Start seats, and each barber's own line", async () => {
    setup();
    const chair1 = await screen.findByRole('listitem', { name: 'Chair 1, Aino' });
    expect(within(chair1).getByRole('button', { name: 'Start Kalle K.' })).toBeInTheDocument();
    const chair2 = screen.getByRole('listitem', { name: 'Chair 2, Ville' });
    expect(within(chair2).getByRole('button', { name: 'Start Pekka P.' })).toBeInTheDocument();

    const panel = screen.getByRole('list', { name: 'Barbers today' });
    expect(within(panel).getByRole('listitem', { name: 'Aino' })).toHaveTextContent(
      'Waiting for them (1): Kalle K.',
    );
    expect(within(panel).getByRole('listitem', { name: 'Ville' })).toHaveTextContent(
      'Nobody waits for them.',
    );
    expect(within(panel).getByRole('listitem', { name: 'Olli' })).toHaveTextContent(
      /Off duty, next shift at \d/,
    );
    expect(screen.getByText('Free to take (1): Pekka P.')).toBeInTheDocument();
    // The chairs on duty are the barbers on duty: never more chairs than barbers today.
    expect(screen.getByRole('button', { name: 'One chair more' })).toBeEnabled();
  });

  it("marks a tied customer's row with their barber and starts them only on that barber's chair", async () => {
    const { api, user } = setup();
    const row = await screen.findByRole('listitem', { name: 'Kalle K.' });
    expect(within(row).getByText('For Aino')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: /^Start\s*Kalle K\.$/ }));
    await waitFor(() =>
      expect(api.calls).toContainEqual({
        method: 'POST',
        path: '/api/fi/staff/orders/11/start/',
        body: { chair: 1 },
      }),
    );
  });

  it("disables Start on a tied customer's row while their barber's chair is busy", async () => {
    const seated = makeOrder({ id: 13, state: 'in_service', chair: 1, customer_name: 'Olga O.' });
    setup([aino, ville, olli], [seated, kalle, pekka]);
    const row = await screen.findByRole('listitem', { name: 'Kalle K.' });
    const start = within(row).getByRole('button', { name: /^Start\s*Kalle K\.$/ });
    expect(start).toBeDisabled();
    expect(start).toHaveAttribute('title', "Aino's chair is not free");
    // Pekka, free to take, can still start on Ville's chair.
    const free = screen.getByRole('listitem', { name: 'Pekka P.' });
    expect(within(free).getByRole('button', { name: /^Start\s*Pekka P\.$/ })).toBeEnabled();
  });

  it('signs a barber on at the chair chosen', async () => {
    const { api, user } = setup();
    const row = within(await screen.findByRole('list', { name: 'Barbers today' })).getByRole(
      'listitem',
      { name: 'Olli' },
    );
    await user.selectOptions(within(row).getByLabelText('Chair for Olli'), 'Chair 3');
    await user.click(within(row).getByRole('button', { name: /^Sign on\s*Olli$/ }));
    await waitFor(() =>
      expect(api.calls).toContainEqual({
        method: 'POST',
        path: '/api/fi/staff/barbers/43/duty/',
        body: { chair: 3 },
      }),
    );
    expect(await screen.findByText('Olli is on duty at chair 3.')).toBeInTheDocument();
  });

  it('signs on a barber the board does not list (planned now, or not today)', async () => {
    const { api, user } = setup();
    const other = await screen.findByRole('group', { name: /Sign on a barber not listed above/ });
    const barber = within(other).getByLabelText('Barber to sign on');
    expect(within(barber).queryByRole('option', { name: 'Olli' })).toBeNull();
    await user.selectOptions(barber, 'Helmi');
    await user.click(within(other).getByRole('button', { name: 'Sign on' }));
    await waitFor(() =>
      expect(api.calls).toContainEqual({
        method: 'POST',
        path: '/api/fi/staff/barbers/44/duty/',
        body: {},
      }),
    );
    expect(await screen.findByText(/Helmi is on duty at chair/)).toBeInTheDocument();
  });

  it('asks before signing a barber off and says what happens to the customers waiting for them', async () => {
    const { api, user } = setup();
    const row = within(await screen.findByRole('list', { name: 'Barbers today' })).getByRole(
      'listitem',
      { name: 'Aino' },
    );
    await user.click(within(row).getByRole('button', { name: /^Sign off\s*Aino$/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign Aino off?' });
    expect(dialog).toHaveTextContent(
      "1 customer waits for Aino: they are told at once and may wait for Aino's next shift today",
    );
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Sign off' }));
    await waitFor(() =>
      expect(api.calls).toContainEqual({
        method: 'DELETE',
        path: '/api/fi/staff/barbers/41/duty/',
        body: undefined,
      }),
    );
    expect(
      await screen.findByText('Aino is off duty. 1 customer waiting for them was told.'),
    ).toBeInTheDocument();
  });

  it("changes a customer's barber only once the customer's consent is ticked", async () => {
    const { api, user } = setup();
    const row = await screen.findByRole('listitem', { name: 'Kalle K.' });
    await user.click(within(row).getByRole('button', { name: /^Barber\s*Kalle K\.$/ }));
    const dialog = await screen.findByRole('dialog', { name: "Change Kalle K.'s barber" });
    await user.selectOptions(within(dialog).getByLabelText('Barber'), 'First available');
    await user.click(within(dialog).getByRole('button', { name: 'Change barber' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/Tick that the customer asked/);
    expect(api.calls.some((c) => c.path.endsWith('/barber/'))).toBe(false);

    await user.click(
      within(dialog).getByRole('checkbox', { name: 'Kalle K. asked for this change' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Change barber' }));
    await waitFor(() =>
      expect(api.calls).toContainEqual({
        method: 'POST',
        path: '/api/fi/staff/orders/11/barber/',
        body: { barber_id: null, customer_consent: true },
      }),
    );
    expect(
      await screen.findByText('Kalle K. now takes the first available barber.'),
    ).toBeInTheDocument();
  });

  it('adds a walk-in for the barber named, the first available by default', async () => {
    const { api, user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Add walk-in' }));
    await user.click(await screen.findByRole('checkbox', { name: /Haircut/ }));
    const barber = screen.getByLabelText('Barber');
    expect(barber).toHaveDisplayValue('First available');
    // Olli is off duty now but has a shift later today: he can be chosen, with its time.
    expect(within(barber).getByRole('option', { name: /^Olli \(from \d.+\)$/ })).toBeDefined();
    await user.selectOptions(barber, 'Aino');
    await user.type(screen.getByLabelText('First name (optional)'), 'Matti');
    await user.click(screen.getByRole('button', { name: 'Add to queue' }));
    await waitFor(() =>
      expect(api.calls).toContainEqual(
        expect.objectContaining({
          method: 'POST',
          path: '/api/fi/staff/walk-ins/',
          body: expect.objectContaining({ name: 'Matti', barber_id: 41 }),
        }),
      ),
    );
    expect(await screen.findByText('Matti added to the queue for Aino.')).toBeInTheDocument();
  });

  it('lists a barber planned now who has not signed in, to sign on and to name for a walk-in', async () => {
    const helmi = makeQueueBarber({
      id: 44,
      first_name: 'Helmi',
      due_since: '2026-11-26T07:00:00.000Z',
    });
    const { api, user } = setup([aino, ville, olli, helmi]);
    const panel = await screen.findByRole('list', { name: 'Barbers today' });
    const row = within(panel).getByRole('listitem', { name: 'Helmi' });
    expect(row).toHaveTextContent(/Not signed in yet, shift from \d/);
    await user.click(within(row).getByRole('button', { name: /Sign on/ }));
    await waitFor(() =>
      expect(api.calls).toContainEqual(
        expect.objectContaining({ method: 'POST', path: '/api/fi/staff/barbers/44/duty/' }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Add walk-in' }));
    const barber = await screen.findByLabelText('Barber');
    expect(
      within(barber).getByRole('option', {
        name: /^Helmi \(not signed in yet, shift from \d.+\)$/,
      }),
    ).toBeDefined();
  });
});
