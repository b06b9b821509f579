// POST /login/: phone (E.164) and password give the session's tokens. The phone's dial code
// picks the market's backend; a number of another market moves the app there on success.
import { loginAnswerSchema, type LoginPayload, type Market } from '@jono/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { enterMarket, marketForPhone } from '../../../lib/phone-market';
import { useSessionStore } from '../../../lib/session-store';
import { getProfile } from './get-profile';
import { queryKeys } from '../../../lib/query-keys';

export const login = (payload: LoginPayload, market?: Market) =>
  apiRequest('/login/', {
    method: 'POST',
    body: payload,
    schema: loginAnswerSchema,
    auth: false,
    market,
  });

/** Logs in, stores the session and loads the profile before reporting success. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (payload: LoginPayload) => {
      const market = marketForPhone(payload.phone);
      const answer = await login(payload, market);
      enterMarket(market);
      useSessionStore.getState().setSession(
        {
          customerId: answer.customer_id,
          accessToken: answer.access_token,
          refreshToken: answer.refresh_token,
        },
        payload.rememberLogin ?? false,
      );
      const profile = await queryClient.fetchQuery({
        queryKey: queryKeys.profile(market, answer.customer_id),
        queryFn: ({ signal }) => getProfile(answer.customer_id, signal),
      });
      return profile;
    },
  });
}
