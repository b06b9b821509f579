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

    await user.click(screen.getByRole('button', { name: 'Continue' }));
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

  async function fillAndContinue(user: ReturnType<typeof userEvent.setup>) {
    await user.type(screen.getByLabelText('Phone number'), '0401234567');
    await user.type(screen.getByLabelText('First name'), 'Matti');
    await user.type(screen.getByLabelText('Last name'), 'Meikäläinen');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'matti@example.fi');
    await user.type(screen.getByLabelText('Password'), 'Parturi123');
    await user.click(screen.getByRole('checkbox', { name: 'I accept the terms of use' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
  }

  /** Answers the code request with `code`, the registration with `registration`. */
  function stubServer(
    registration: () => Response,
    codeAnswer = () => Response.json({ ok: true }),
  ) {
    const fetchMock = vi.fn(async (input: RequestInfo | URL) =>
      String(input).includes('/auth/register-code/') ? codeAnswer() : registration(),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes([{ path: '/register', Component: RegisterRoute }], '/register');
    return fetchMock;
  }

  it('texts a code to the phone first and creates the account only with it', async () => {
    const fetchMock = stubServer(() =>
      Response.json(
        { error: 'invalid_token', message: 'The code is wrong or has expired' },
        { status: 400 },
      ),
    );
    const user = userEvent.setup();
    await fillAndContinue(user);
    expect(await screen.findByText(/We sent a 6-digit code to \+358401234567/)).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toContain('/auth/register-code/');
    expect(JSON.parse(String(init.body))).toEqual({ phone: '+358401234567' });

    const code = screen.getByLabelText('Code from the text message');
    expect(code).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(
      await screen.findByText('Enter the 6-digit code from the text message'),
    ).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(/The code is wrong or has expired/)).toBeInTheDocument();
    const [regUrl, regInit] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(regUrl).toContain('/register/');
    expect(JSON.parse(String(regInit.body))).toMatchObject({
      phone: '+358401234567',
      code: '123456',
      firstname: 'Matti',
    });

    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText('A new code is on its way.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Change the details' }));
    expect(screen.getByLabelText('First name')).toHaveValue('Matti');
  });

  it('says so when the market has sent all the codes it may this hour', async () => {
    stubServer(
      () => Response.json({}),
      () =>
        Response.json(
          { error: 'sms_budget', message: 'Jono cannot send more codes' },
          { status: 503 },
        ),
    );
    const user = userEvent.setup();
    await fillAndContinue(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We cannot send more codes right now. Try again in an hour.',
    );
    expect(screen.queryByLabelText('Code from the text message')).not.toBeInTheDocument();
  });

  it('tells an existing customer to create a password through recovery', async () => {
    stubServer(() =>
      Response.json({ error: 'conflict', message: 'Already registered' }, { status: 409 }),
    );
    const user = userEvent.setup();
    await fillAndContinue(user);
    await user.type(await screen.findByLabelText('Code from the text message'), '123456');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('already has an account');
  });
});
