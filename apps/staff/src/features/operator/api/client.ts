// The operator pages' API client: the operator's token, any market it covers (the chain
// operator calls each market with the token of one sign-in).
import { createApiClient, type RequestOptions } from '@jono/api-client';
import { languageTag, type Market } from '@jono/contract';
import { env } from '../../../config/env';
import { languageStore } from '../../../lib/i18n';
import { operatorSessionStore, signOutOperator } from '../../../lib/operator-session';

const client = createApiClient({
  base: env.apiBase,
  market: () => operatorSessionStore.get()?.market,
  accessToken: () => operatorSessionStore.get()?.token,
  language: () => languageTag(languageStore.get()),
  onSessionEnded: signOutOperator,
});

export const operatorUrl = (market: Market, path: string): string => client.url(path, market);

export const operatorRequest = <T = unknown>(
  market: Market,
  path: string,
  options?: Omit<RequestOptions<T>, 'market'>,
): Promise<T> => client.request(path, { ...options, market, auth: true });
