import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, Route, Routes } from 'react-router';
import { fakeApi, renderWithProviders } from '../../../test/render';
import type { OperatorSession } from '../../../lib/operator-session';
import { AccountsRoute } from './accounts';

afterEach(() => vi.unstubAllGlobals());

const session = (markets: ('fi' | 'no')[]): OperatorSession => ({
  market: 'fi',
  token: 'op-token',
  expiresAt: Date.now() + 3_600_000,
  operator: { id: 1, name: 'Chain', username: 'operator', markets },
});

function setup(markets: ('fi' | 'no')[]) {
  const api = fakeApi({
    'GET /api/fi/operator/accounts/': () => [{ id: 7, username: 'operator-fi', name: 'Op FI' }],
    'POST /api/fi/operator/accounts/': () => ({ id: 8, username: 'ops-hki', name: 'Helsinki' }),
    'POST /api/fi/operator/accounts/7/password/': () => ({ ok: true }),
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
  renderWithProviders(
    <Routes>
      <Route element={<Outlet context={session(markets)} />}>
        <Route index element={<AccountsRoute />} />
      </Route>
    </Routes>,
  );
  return { api, user: userEvent.setup() };
}

describe('operator accounts', () => {
  it("lists a market's operators, adds one and sets a new password", async () => {
    const { api, user } = setup(['fi', 'no']);
    expect(await screen.findByText('operator-fi')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Username'), 'ops-hki');
    await user.type(screen.getByLabelText('Name'), 'Helsinki');
    await user.type(screen.getByLabelText('Password (at least 8 characters)'), 'Start1234');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(api.calls).toContainEqual({
        method: 'POST',
        path: '/api/fi/operator/accounts/',
        body: { username: 'ops-hki', name: 'Helsinki', password: 'Start1234' },
      }),
    );
    expect(await screen.findByText('Created ops-hki.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password for operator-fi'), 'Other1234');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    await waitFor(() =>
      expect(api.calls).toContainEqual({
        method: 'POST',
        path: '/api/fi/operator/accounts/7/password/',
        body: { password: 'Other1234' },
      }),
    );
  });

  it('tells a market operator that only the chain operator manages accounts', async () => {
    const { api } = setup(['fi']);
    expect(
      await screen.findByText('Only the chain operator manages operator accounts.'),
    ).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });
});
