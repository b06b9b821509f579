// POST /staff/login/: a staff member (or an operator of the chain) signs in to one market; the
// matching session keeps the token.
import { useMutation } from '@tanstack/react-query';
import { consoleLoginAnswerSchema, type Market, type StaffLoginPayload } from '@jono/contract';
import { apiRequest } from '../../../lib/api-client';
import { operatorSessionStore } from '../../../lib/operator-session';
import { sessionStore } from '../../../lib/session';

export async function login(market: Market, payload: StaffLoginPayload) {
  const answer = await apiRequest('/staff/login/', {
    method: 'POST',
    body: payload,
    market,
    schema: consoleLoginAnswerSchema,
  });
  const expiresAt = Date.now() + answer.expires_in * 1000;
  if ('operator' in answer) {
    sessionStore.set(null);
    operatorSessionStore.set({
      market,
      token: answer.access_token,
      expiresAt,
      operator: answer.operator,
    });
  } else {
    operatorSessionStore.set(null);
    sessionStore.set({ market, token: answer.access_token, expiresAt, staff: answer.staff });
  }
  return answer;
}

export function useLogin() {
  return useMutation({
    mutationFn: ({ market, ...payload }: StaffLoginPayload & { market: Market }) =>
      login(market, payload),
  });
}
