// The console's API client (@jono/api-client configured): the session's market and bearer token;
// staff sessions have no refresh token, so a refused token signs the member out.
import { createApiClient, type RequestOptions } from '@jono/api-client';
import type { Market } from '@jono/contract';
import { env } from '../config/env';
import { sessionStore, signOut } from './session';

export { ApiError, isApiError } from '@jono/api-client';

const client = createApiClient({
  base: env.apiBase,
  market: () => sessionStore.get()?.market,
  accessToken: () => sessionStore.get()?.token,
  onSessionEnded: signOut,
});

export const apiUrl = (market: Market, path: string): string => client.url(path, market);

/** A call for the signed-in member; `market` alone (a login) calls that market without a token. */
export const apiRequest = <T = unknown>(path: string, options?: RequestOptions<T>): Promise<T> =>
  client.request(path, options?.market ? { auth: false, ...options } : options);
