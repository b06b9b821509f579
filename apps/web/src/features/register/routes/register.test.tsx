import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18next } from '../../../lib/i18n';
import { renderRoutes } from '../../../test/render';
import { RegisterRoute } from './register';

beforeAll(async () => {
  await i18next.loadNamespaces(['account']);
});

function renderRegister() {
  const fetchMock = vi.fn(async () => new Response('{}', { status: 500 }));
  vi.stubGlobal('fetch', fetchMock);
  renderRoutes([{ path: '/register', Component: RegisterRoute }], '/register');
  return fetchMock;
}

describe('/register', () => {
  it('shows no errors before the first submit attempt, then one per invalid field', async () => {
    const fetchMock = renderRegister();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'nope');
    await user.tab();
    expect(screen.queryByText('Check the email address')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Check the phone number')).toBeInTheDocument();
    expect(screen.getByText('Check the first name')).toBeInTheDocument();
    expect(screen.getByText('Check the last name')).toBeInTheDocument();
    expect(screen.getByText('Check the email address')).toBeInTheDocument();
    expect(screen.getByText(/^Check the password/)).toBeInTheDocument();
    expect(screen.getByText('The terms of use must be accepted')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    // From then on every change re-validates.
    await user.type(screen.getByLabelText('First name'), 'Matti');
    await waitFor(() => expect(screen.queryByText('Check the first name')).not.toBeInTheDocument());
    await user.clear(screen.getByLabelText('First name'));
    expect(await screen.findByText('Check the first name')).toBeInTheDocument();
  });

  it('defaults the dial code from the locale and keeps SMS on and email off', () => {
    renderRegister();
    expect(screen.getByRole('combobox', { name: 'Country code' })).toHaveValue('+358');
    expect(
      screen.getByRole('checkbox', { name: 'Send me text messages about my queue' }),
    ).toBeChecked();
    expect(
      screen.getByRole('checkbox', { name: 'Send me offers and news by email' }),
    ).not.toBeChecked();
  });

  it('tells an existing customer to create a password through recovery', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ error: 'conflict', message: 'Already registered' }, { status: 409 }),
      ),
    );
    renderRoutes([{ path: '/register', Component: RegisterRoute }], '/register');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Phone number'), '0401234567');
    await user.type(screen.getByLabelText('First name'), 'Matti');
    await user.type(screen.getByLabelText('Last name'), 'Meikäläinen');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'matti@example.fi');
    await user.type(screen.getByLabelText('Password'), 'Parturi123');
    await user.click(screen.getByRole('checkbox', { name: 'I accept the terms of use' }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('already has an account');
  });
});
