// The customer app's API client (@jono/api-client configured): the market of the locale, the
// interface language (Accept-Language: the server's texts follow it), the session's bearer
// token, one refresh-and-retry on 401/422 when remember-login is on (spec section 7), and a
// notice to the app when the session can no longer be used.
import { createApiClient, type RequestOptions } from '@jono/api-client';
import { languageTag, type Market } from '@jono/contract';
import { env } from '../config/env';
import { refreshAnswer } from './answer-guards';
import { currentMarket, useLocaleStore } from './locale-store';
import { useSessionStore } from './session-store';

export { ApiError } from '@jono/api-client';

type Listener = (reason: 'expired') => void;
const sessionEndListeners = new Set<Listener>();
/** The app subscribes to end the session (logout, notice) when tokens can no longer be used. */
export function onSessionEnded(listener: Listener): () => void {
  sessionEndListeners.add(listener);
  return () => sessionEndListeners.delete(listener);
}

const client = createApiClient({
  base: env.apiBase,
  market: currentMarket,
  accessToken: () => useSessionStore.getState().session?.accessToken,
  language: () => languageTag(useLocaleStore.getState().language),
  canRefresh: () => useSessionStore.getState().rememberLogin,
  refresh: async () => {
    const { session, setSession } = useSessionStore.getState();
    if (!session) return null;
    const answer = await client.request('/refresh/', {
      method: 'POST',
      body: { refresh: session.refreshToken },
      schema: refreshAnswer,
      auth: false,
    });
    setSession({
      customerId: answer.customer_id,
      accessToken: answer.access_token,
      refreshToken: answer.refresh_token,
    });
    return answer.access_token;
  },
  onSessionEnded: () => sessionEndListeners.forEach((listener) => listener('expired')),
});

export const apiUrl = (path: string, market?: Market): string => client.url(path, market);
export const refreshSession = client.refresh;
/** An event stream's URL with a fresh stream ticket (never a token or device code). */
export const streamUrl = (path: string, options?: { market?: Market; deviceCode?: string }) =>
  client.streamUrl(path, options);
export const apiRequest = <T = unknown>(path: string, options?: RequestOptions<T>): Promise<T> =>
  client.request(path, options);
