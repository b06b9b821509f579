// POST /login/: phone (E.164) and password give the session's tokens.
import { loginAnswerSchema, type LoginPayload } from '@jono/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { currentMarket } from '../../../lib/locale-store';
import { useSessionStore } from '../../../lib/session-store';
import { getProfile } from './get-profile';
import { queryKeys } from '../../../lib/query-keys';

export const login = (payload: LoginPayload) =>
  apiRequest('/login/', { method: 'POST', body: payload, schema: loginAnswerSchema, auth: false });

/** Logs in, stores the session and loads the profile before reporting success. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (payload: LoginPayload) => {
      const answer = await login(payload);
      useSessionStore.getState().setSession(
        {
          customerId: answer.customer_id,
          accessToken: answer.access_token,
          refreshToken: answer.refresh_token,
        },
        payload.rememberLogin ?? false,
      );
      const profile = await queryClient.fetchQuery({
        queryKey: queryKeys.profile(currentMarket(), answer.customer_id),
        queryFn: ({ signal }) => getProfile(answer.customer_id, signal),
      });
      return profile;
    },
  });
}
