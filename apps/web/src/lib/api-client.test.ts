import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SERVER_TEXT } from '@jono/contract';
import { fakeFetch, json } from '@jono/test-kit';
import { ApiError, apiRequest, onSessionEnded } from './api-client';
import { useLocaleStore } from './locale-store';
import { useSessionStore } from './session-store';

beforeEach(() => {
  useLocaleStore.setState({ locale: 'FI', language: 'en' });
  useSessionStore.setState({
    session: { customerId: 42, accessToken: 'old', refreshToken: 'r1' },
    rememberLogin: true,
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('the API client', () => {
  it('calls the market of the locale with the bearer token (SE without the trailing slash)', async () => {
    useLocaleStore.setState({ locale: 'SE' });
    const seen: string[] = [];
    vi.stubGlobal('fetch', async (input: string, init: RequestInit) => {
      seen.push(`${input} ${(init.headers as Record<string, string>).Authorization}`);
      return json(200, []);
    });
    await apiRequest('/pobs/');
    expect(seen).toEqual(['/api/se/pobs Bearer old']);
  });

  it('refreshes once on 401 with remember-login on and retries with the new token', async () => {
    const tokens: (string | undefined)[] = [];
    const fake = fakeFetch((url, init) => {
      if (url.pathname === '/api/fi/refresh/') {
        return json(200, { customer_id: 42, access_token: 'new', refresh_token: 'r2' });
      }
      const auth = (init?.headers as Record<string, string>).Authorization;
      tokens.push(auth);
      return auth === 'Bearer new'
        ? json(200, { ok: true })
        : json(401, { error: 'token_expired', message: 'Expired' });
    });
    vi.stubGlobal('fetch', fake.fetchImpl);
    await expect(apiRequest('/customers/42/')).resolves.toEqual({ ok: true });
    expect(tokens).toEqual(['Bearer old', 'Bearer new']);
    expect(useSessionStore.getState().session?.refreshToken).toBe('r2');
  });

  it('ends the session on 401 without remember-login', async () => {
    useSessionStore.setState({ rememberLogin: false });
    const ended = vi.fn();
    const stop = onSessionEnded(ended);
    const fake = fakeFetch(() => json(401, { error: 'token_expired', message: 'Expired' }));
    vi.stubGlobal('fetch', fake.fetchImpl);
    await expect(apiRequest('/customers/42/')).rejects.toMatchObject({ status: 401 });
    expect(ended).toHaveBeenCalledOnce();
    expect(fake.calls.some((c) => c.path.endsWith('/refresh/'))).toBe(false);
    stop();
  });

  it('turns error answers into typed errors and recognises the timeslot text', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch(() => json(400, { error: 'bad_request', message: SERVER_TEXT.timeSlot })).fetchImpl,
    );
    const error = await apiRequest('/customers/42/orders/', { method: 'POST', body: {} }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).isTimeSlot).toBe(true);
  });
});
