// The console's API client (@jono/api-client configured): the session's market and bearer token,
// and the console's language (Accept-Language: the catalogue and notices come in it where the
// operator gave them); staff sessions have no refresh token, so a refused token signs out.
import { createApiClient, type RequestOptions } from '@jono/api-client';
import { languageTag, type Market } from '@jono/contract';
import { env } from '../config/env';
import { languageStore } from './i18n';
import { sessionStore, signOut } from './session';

export { ApiError, isApiError } from '@jono/api-client';

const client = createApiClient({
  base: env.apiBase,
  market: () => sessionStore.get()?.market,
  accessToken: () => sessionStore.get()?.token,
  language: () => languageTag(languageStore.get()),
  onSessionEnded: signOut,
});

export const apiUrl = (market: Market, path: string): string => client.url(path, market);

/** A call for the signed-in member; `market` alone (a login) calls that market without a token. */
export const apiRequest = <T = unknown>(path: string, options?: RequestOptions<T>): Promise<T> =>
  client.request(path, options?.market ? { auth: false, ...options } : options);
