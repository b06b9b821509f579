import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeShop } from '@jono/test-kit';
import { renderWithProviders, signIn } from '../../../test/render';
import { DetailsRoute } from '../routes/details';
import { DevicesRoute } from '../routes/devices';
import { MessagesRoute } from '../routes/messages';
import { AccountForm } from './account-form';
import { HoursForm } from './hours-form';

describe('validation messages in the Manage forms', () => {
  it('name the field and its limit in the staff account form', async () => {
    signIn('manager');
    const onSubmit = vi.fn();
    renderWithProviders(
      <AccountForm
        existing={null}
        pending={false}
        error={null}
        onSubmit={onSubmit}
        onCancel={() => {}}
      />,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username'), 'ville.k');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Name: 1 to 60 characters.');
    await user.type(screen.getByLabelText('Name'), 'Ville');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Password: 8 to 200 characters.');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('name the field and its limit in the shop details form', async () => {
    signIn('manager');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        Response.json(
          String(url).includes('/staff/shop/alerts/')
            ? { ahead: null, minutes: null, channel: null }
            : makeShop(),
        ),
      ),
    );
    renderWithProviders(<DetailsRoute />);
    const user = userEvent.setup();
    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.clear(screen.getByLabelText('Latitude'));
    await user.type(screen.getByLabelText('Latitude'), 'north');
    await user.click(screen.getAllByRole('button', { name: 'Save' })[0]!);
    expect(screen.getByText('Name: 1 to 80 characters.')).toBeInTheDocument();
    expect(screen.getByText('Latitude: a decimal number such as 60.1699.')).toBeInTheDocument();
    vi.unstubAllGlobals();
  });

  it('name the field and its limit in the message form, instead of a greyed-out button', async () => {
    signIn('manager');
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<MessagesRoute />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(screen.getByRole('alert')).toHaveTextContent("Customer's phone: 6 to 32 characters.");
    await user.type(screen.getByLabelText("Customer's phone"), '0401234567');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Title: 1 to 200 characters.');
    await user.type(screen.getByLabelText('Title'), 'Hei');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Message: 1 to 20000 characters.');
    expect(fetchMock).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('name the day whose hours are wrong in the opening hours form', () => {
    signIn('manager');
    const week = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
      weekday,
      open: weekday !== 7,
      from: '09:00',
      to: weekday === 2 ? '08:00' : '18:00',
    }));
    renderWithProviders(
      <HoursForm week={week} onChange={() => {}} onSubmit={() => {}} pending={false} />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Tuesday: Closing must be after opening (HH:MM).',
    );
  });

  it('name the field and its limit when a screen or kiosk code has no name', async () => {
    signIn('manager');
    const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) =>
      new URL(String(input), 'http://localhost').pathname.endsWith('/staff/devices/')
        ? Response.json({ items: [], display_names: 'first_name', hold_grace_minutes: 10 })
        : Response.json({ error: 'not_found', message: 'Not found' }, { status: 404 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<DevicesRoute />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create code' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Name: 1 to 60 characters.');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    vi.unstubAllGlobals();
  });
});
