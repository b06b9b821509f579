// POST /staff/login/: a staff member signs in to one market; the session keeps the token.
import { useMutation } from '@tanstack/react-query';
import { staffLoginAnswerSchema, type Market, type StaffLoginPayload } from '@jono/contract';
import { apiRequest } from '../../../lib/api-client';
import { sessionStore } from '../../../lib/session';

export async function login(market: Market, payload: StaffLoginPayload) {
  const answer = await apiRequest('/staff/login/', {
    method: 'POST',
    body: payload,
    market,
    schema: staffLoginAnswerSchema,
  });
  sessionStore.set({
    market,
    token: answer.access_token,
    expiresAt: Date.now() + answer.expires_in * 1000,
    staff: answer.staff,
  });
  return answer;
}

export function useLogin() {
  return useMutation({
    mutationFn: ({ market, ...payload }: StaffLoginPayload & { market: Market }) =>
      login(market, payload),
  });
}
