import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  makeBarberQueue,
  makeOrder,
  makeQueueBarber,
  makeStaffBarber,
} from '../../../test/factories';
import { fakeApi, renderWithProviders, signIn } from '../../../test/render';
import { BarbersRoute } from './barbers';

afterEach(() => vi.unstubAllGlobals());

const aino = makeStaffBarber({
  id: 41,
  first_name: 'Aino',
  languages: ['fi', 'en'],
  specialities: 'Skin fades',
  on_duty: true,
  chair: 1,
});
const ville = makeStaffBarber({ id: 42, first_name: 'Ville' });

function setup() {
  signIn('manager');
  const api = fakeApi({
    'GET /api/fi/staff/barbers/': () => ({ items: [aino, ville] }),
    'GET /api/fi/staff/accounts/': () => ({
      items: [{ id: 5, name: 'Aino Virtanen', username: 'aino', role: 'barber', pob_id: 1 }],
    }),
    'GET /api/fi/staff/queue/': () =>
      makeBarberQueue(
        [
          makeOrder({ id: 11, customer_name: 'Kalle K.', barber_id: 41 }),
          makeOrder({ id: 12, customer_name: 'Pekka P.', barber_id: 41 }),
        ],
        [
          makeQueueBarber({
            id: 41,
            first_name: 'Aino',
            on_duty: true,
            chair: 1,
            waiting_order_ids: [11, 12],
          }),
          makeQueueBarber({ id: 42, first_name: 'Ville' }),
        ],
      ),
    'POST /api/fi/staff/barbers/': (body) => makeStaffBarber({ id: 43, ...(body as object) }),
    'PATCH /api/fi/staff/barbers/42/': (body) => ({ ...ville, ...(body as object) }),
    'DELETE /api/fi/staff/barbers/41/': () => ({ id: 41, released_orders: 2 }),
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
  renderWithProviders(<BarbersRoute />);
  return { api, user: userEvent.setup() };
}

describe('Manage, Barbers', () => {
  it('lists the barbers with their languages, specialities and whether they are on duty', async () => {
    setup();
    const row = (await screen.findByRole('rowheader', { name: 'Aino' })).closest('tr');
    expect(row).not.toBeNull();
    const cells = within(row as HTMLElement);
    expect(cells.getByText('Finnish, English')).toBeInTheDocument();
    expect(cells.getByText('Skin fades')).toBeInTheDocument();
    expect(cells.getByText('On duty, chair 1')).toBeInTheDocument();
  });

  it('adds a barber with a photo, languages, specialities and the account they sign in with', async () => {
    const { api, user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Add barber' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add barber' });
    const form = within(dialog);
    await user.type(form.getByLabelText('First name'), 'Mikko');
    await user.type(form.getByLabelText('Photo address (optional)'), 'https://example.com/m.jpg');
    await user.click(form.getByRole('checkbox', { name: 'Finnish' }));
    await user.click(form.getByRole('checkbox', { name: 'Swedish' }));
    const [finnish] = form.getAllByLabelText('Specialities (optional)');
    await user.type(finnish as HTMLElement, 'Parrat');
    await user.selectOptions(form.getByLabelText('Signs in as (optional)'), 'Aino Virtanen (aino)');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.calls).toContainEqual({
        method: 'POST',
        path: '/api/fi/staff/barbers/',
        body: {
          first_name: 'Mikko',
          photo: 'https://example.com/m.jpg',
          languages: ['fi', 'sv'],
          specialities: 'Parrat',
          translations: {},
          staff_id: 5,
        },
      }),
    );
  });

  it('names the field and its limit instead of sending a bad photo address or an empty name', async () => {
    const { api, user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Add barber' }));
    const form = within(await screen.findByRole('dialog', { name: 'Add barber' }));
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(form.getAllByText('First name: 1 to 40 characters.').length).toBeGreaterThan(0);
    await user.type(form.getByLabelText('First name'), 'Mikko');
    await user.type(
      form.getByLabelText('Photo address (optional)'),
      'http://insecure.example/p.jpg',
    );
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(form.getByLabelText('Photo address (optional)')).toHaveAccessibleDescription(
      /https:\/\//,
    );
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('edits a barber without touching their weekly template', async () => {
    const { api, user } = setup();
    await user.click(await screen.findByRole('button', { name: /^Edit\s*Ville$/ }));
    const form = within(await screen.findByRole('dialog', { name: 'Edit Ville' }));
    await user.clear(form.getByLabelText('First name'));
    await user.type(form.getByLabelText('First name'), 'Ville-Veikko');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      const patch = api.calls.find((c) => c.method === 'PATCH');
      expect(patch?.body).toMatchObject({ first_name: 'Ville-Veikko' });
      expect(patch?.body).not.toHaveProperty('week');
    });
  });

  it('asks before removing a barber and says what happens to the customers waiting for them', async () => {
    const { api, user } = setup();
    await user.click(await screen.findByRole('button', { name: /^Remove\s*Aino$/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Aino?' });
    await waitFor(() =>
      expect(dialog).toHaveTextContent(
        '2 customers waiting for Aino become first available, keep their place in the queue and are told at once.',
      ),
    );
    expect(dialog).toHaveTextContent('They go off duty now');
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(
      await screen.findByText('Aino removed. 2 customers moved to the first available barber.'),
    ).toBeInTheDocument();
  });
});
