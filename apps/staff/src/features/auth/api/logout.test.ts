import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session';
import { logout } from './logout';

const session = {
  market: 'fi' as const,
  token: 'staff-token',
  expiresAt: Date.now() + 3_600_000,
  staff: { id: 7, name: 'Ville', username: 'barber1', role: 'barber' as const, pob_id: 1 },
};

describe('signing out of the console', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.set(null);
  });

  it('asks the server to revoke the token, then forgets the session', async () => {
    const calls: { url: string; method?: string; auth: string | null }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        calls.push({
          url: String(input),
          method: init?.method,
          auth: new Headers(init?.headers).get('authorization'),
        });
        return new Response('{"ok":true}', { headers: { 'content-type': 'application/json' } });
      }),
    );
    sessionStore.set(session);
    await logout();
    expect(calls).toEqual([
      {
        url: expect.stringMatching(/\/api\/fi\/logout\/$/),
        method: 'POST',
        auth: 'Bearer staff-token',
      },
    ]);
    expect(sessionStore.get()).toBeNull();
  });

  it('forgets the session even when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('offline');
      }),
    );
    sessionStore.set(session);
    await logout();
    expect(sessionStore.get()).toBeNull();
  });
});
