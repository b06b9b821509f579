import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18next } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session-store';
import { renderRoutes } from '../../../test/render';
import { PasswordScreen } from './password-screen';

beforeAll(async () => {
  await i18next.loadNamespaces(['account', 'profile']);
});

describe('/profile/password', () => {
  it('keeps submit disabled while invalid, shows errors of fields left, then shows success', async () => {
    useSessionStore.setState({
      session: { customerId: 42, accessToken: 'a', refreshToken: 'r' },
      rememberLogin: true,
    });
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        bodies.push(JSON.parse(String(init.body)));
        return Response.json({ ok: true });
      }),
    );
    renderRoutes([{ path: '/profile/password', Component: PasswordScreen }], '/profile/password');
    const user = userEvent.setup();
    const submit = screen.getByRole('button', { name: 'Change password' });
    expect(submit).toBeDisabled();

    await user.type(screen.getByLabelText('New password'), 'short');
    expect(
      screen.queryByText('The new password must be at least 8 characters'),
    ).not.toBeInTheDocument();
    await user.tab();
    expect(
      await screen.findByText('The new password must be at least 8 characters'),
    ).toBeInTheDocument();
    expect(submit).toBeDisabled();

    await user.type(screen.getByLabelText('Current password'), 'Vanha123');
    await user.type(screen.getByLabelText('New password'), 'enough');
    await user.type(screen.getByLabelText('New password again'), 'shortenougx');
    expect(await screen.findByText('The passwords do not match')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('New password again'));
    await user.type(screen.getByLabelText('New password again'), 'shortenough');
    await vi.waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);

    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(bodies).toEqual([{ old_password: 'Vanha123', new_password: 'shortenough' }]);
  });
});
