// Renders a piece of the console inside its providers with a signed-in staff member.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { createQueryClient } from '@jono/api-client';
import { AppProvider } from '../app/provider';
import { sessionStore } from '../lib/session';
import type { StaffRole } from '@jono/contract';

export function signIn(role: StaffRole = 'barber') {
  sessionStore.set({
    market: 'fi',
    token: 'test-token',
    expiresAt: Date.now() + 3_600_000,
    staff: { id: 7, name: 'Ville', username: 'barber1', role, pob_id: 1 },
  });
}

export function renderWithProviders(ui: ReactElement) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } });
  return render(
    <AppProvider queryClient={queryClient}>
      <MemoryRouter>{ui}</MemoryRouter>
    </AppProvider>,
  );
}

/** A fetch double: answers by "METHOD path" and records every call. */
export function fakeApi(routes: Record<string, (body: unknown) => unknown>) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetchMock = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    const path = url.pathname + url.search;
    calls.push({ method, path, body });
    const handler = routes[`${method} ${path}`];
    if (!handler) {
      return new Response(JSON.stringify({ error: 'not_found', message: 'Not found' }), {
        status: 404,
      });
    }
    return new Response(JSON.stringify(handler(body)), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return { calls, fetchMock };
}
