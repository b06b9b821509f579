import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { focusManager } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { makeOrder, makeQueue } from '../../../test/factories';
import { fakeApi, renderWithProviders, signIn } from '../../../test/render';
import { BoardRoute } from './board';

afterEach(() => vi.unstubAllGlobals());

const inChair = makeOrder({
  id: 1,
  state: 'in_service',
  chair: 1,
  customer_name: 'Pekka P.',
  started_at: new Date(Date.now() - 12 * 60_000).toISOString(),
});
const platinum = makeOrder({
  id: 2,
  customer_name: 'Kalle K.',
  membership: 'platinum',
  priority: 3,
  checked_in: true,
});
const walkIn = makeOrder({ id: 3, customer_name: null, source: 'walk_in', customer_id: null });

function setup(orders = [inChair, platinum, walkIn]) {
  signIn();
  const undo = { action: 'start', until: new Date(Date.now() + 120_000).toISOString() };
  const api = fakeApi({
    'GET /api/fi/staff/queue/': () => makeQueue(orders),
    'POST /api/fi/staff/orders/2/start/': () => ({ id: 2, status: 'active', undo }),
    'POST /api/fi/staff/orders/2/undo/': () => ({ id: 2, status: 'active', undo: null }),
    'POST /api/fi/staff/orders/1/finish/': () => ({
      id: 1,
      status: 'serviced',
      undo: { ...undo, action: 'finish' },
    }),
    'PATCH /api/fi/staff/shop/': () => ({}),
    'POST /api/fi/staff/notices/': () => ({
      id: 1,
      sent_at: new Date().toISOString(),
      in_app: 3,
      by_sms: 2,
    }),
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
  renderWithProviders(<BoardRoute />);
  return { api, user: userEvent.setup() };
}

describe('the board', () => {
  it('lists waiting customers in queue order with level, source and check-in, and who is in each chair', async () => {
    setup();
    const queue = await screen.findByRole('list', { name: 'Queue (2)' });
    const cards = within(queue).getAllByRole('listitem');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual(['Kalle K.', 'Walk-in']);
    expect(within(cards[0]!).getByText('Platinum')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Here')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Not here yet')).toBeInTheDocument();
    const chair1 = screen.getByRole('listitem', { name: 'Chair 1' });
    expect(within(chair1).getByText('Pekka P.', { selector: 'p' })).toBeInTheDocument();
    expect(within(chair1).getByText('12 of 30 min')).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Chair 2' })).toHaveTextContent('Start Kalle K.');
  });

  it('starts the next customer on the free chair and undoes it from the notice', async () => {
    const { api, user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Start Kalle K.' }));
    await waitFor(() =>
      expect(api.calls).toContainEqual({
        method: 'POST',
        path: '/api/fi/staff/orders/2/start/',
        body: { chair: 2 },
      }),
    );
    expect(await screen.findByText('Kalle K. is in the chair.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() =>
      expect(api.calls.some((c) => c.path === '/api/fi/staff/orders/2/undo/')).toBe(true),
    );
    expect(await screen.findByText('Undone.')).toBeInTheDocument();
  });

  it('disables Start when every chair is busy', async () => {
    const busy = makeOrder({ id: 4, state: 'in_service', chair: 2, customer_name: 'Olli O.' });
    setup([inChair, busy, platinum]);
    const card = await screen.findByRole('listitem', { name: 'Kalle K.' });
    expect(within(card).getByRole('button', { name: /^Start/ })).toBeDisabled();
  });

  it('closes the online queue for the day with one tap and offers to reopen it', async () => {
    const { api, user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Closed today' }));
    await waitFor(() =>
      expect(api.calls).toContainEqual({
        method: 'PATCH',
        path: '/api/fi/staff/shop/',
        body: { queue_state: 'closed' },
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    await waitFor(() =>
      expect(api.calls).toContainEqual({
        method: 'PATCH',
        path: '/api/fi/staff/shop/',
        body: { queue_state: 'open' },
      }),
    );
  });

  it('shows an empty queue', async () => {
    setup([inChair]);
    expect(await screen.findByText(/Nobody is waiting/)).toBeInTheDocument();
  });

  it('marks a customer whose alert was not delivered', async () => {
    setup([inChair, { ...platinum, alert_failed: true }, walkIn]);
    const card = await screen.findByRole('listitem', { name: 'Kalle K.' });
    expect(within(card).getByText('Alert not delivered: call them')).toBeInTheDocument();
    const other = screen.getByRole('listitem', { name: 'Walk-in' });
    expect(within(other).queryByText('Alert not delivered: call them')).toBeNull();
  });

  it('sends a word to everyone waiting, with a translation', async () => {
    const { api, user } = setup();
    await user.type(
      await screen.findByRole('textbox', { name: 'A word to everyone waiting' }),
      'Olemme 15 min myöhässä',
    );
    await user.click(screen.getByText('Translations (optional)'));
    await user.type(screen.getByRole('textbox', { name: 'English' }), 'We are 15 min late');
    await user.click(screen.getByRole('button', { name: 'Send to everyone waiting' }));
    await waitFor(() =>
      expect(api.calls).toContainEqual({
        method: 'POST',
        path: '/api/fi/staff/notices/',
        body: { text: 'Olemme 15 min myöhässä', translations: { en: 'We are 15 min late' } },
      }),
    );
    expect(await screen.findByText('Sent: 3 see it in the app, 2 by SMS.')).toBeInTheDocument();
  });

  it('a free chair offers the first customer who is here, and a draining chair says it goes off', async () => {
    const absent = makeOrder({ id: 5, customer_name: 'Aino A.', checked_in: false });
    const here = makeOrder({ id: 6, customer_name: 'Heikki H.', checked_in: true });
    const draining = makeOrder({ id: 7, state: 'in_service', chair: 2, customer_name: 'Olli O.' });
    signIn();
    const api = fakeApi({
      'GET /api/fi/staff/queue/': () => makeQueue([draining, absent, here], 1),
    });
    vi.stubGlobal('fetch', vi.fn(api.fetchMock));
    renderWithProviders(<BoardRoute />);
    const chair1 = await screen.findByRole('listitem', { name: 'Chair 1' });
    expect(within(chair1).getByRole('button')).toHaveTextContent('Start Heikki H.');
    const chair2 = screen.getByRole('listitem', { name: 'Chair 2' });
    expect(within(chair2).getByText('Off duty after this customer')).toBeInTheDocument();
    expect(within(chair2).getByRole('button', { name: /Finish/ })).toBeEnabled();
  });

  it('keeps the last-known board when the server is away, says since when, and refuses actions', async () => {
    signIn();
    const queue = makeQueue([inChair, platinum, walkIn]);
    queue.at = '2026-11-26T10:05:00.000Z';
    let up = true;
    const api = fakeApi({ 'GET /api/fi/staff/queue/': () => queue });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (!up) throw new TypeError('Failed to fetch');
        return api.fetchMock(input, init);
      }),
    );
    renderWithProviders(<BoardRoute />);
    expect(await screen.findByRole('button', { name: 'Start Kalle K.' })).toBeEnabled();
    up = false;
    // The tablet comes back to the foreground: the board asks again and gets no answer.
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    // 10:05 UTC is 12:05 in Helsinki, the shop's time zone, whatever the tablet's.
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This is the queue as it was at 12:05 PM',
    );
    expect(screen.getByText('Reconnecting, last updated 12:05 PM')).toHaveAttribute(
      'role',
      'status',
    );
    expect(screen.getByRole('list', { name: 'Queue (2)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start Kalle K.' })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Finish/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add walk-in' })).toBeDisabled();
    up = true;
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(screen.getByRole('button', { name: 'Start Kalle K.' })).toBeEnabled();
  });
});
