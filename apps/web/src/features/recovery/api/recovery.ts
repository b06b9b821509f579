// Password recovery: POST /auth/reset-token/ sends the SMS code, POST /auth/reset/ sets the password.
import { okAnswerSchema, type ResetPayload, type ResetTokenPayload } from '@jono/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const requestResetToken = (payload: ResetTokenPayload) =>
  apiRequest('/auth/reset-token/', {
    method: 'POST',
    body: payload,
    schema: okAnswerSchema,
    auth: false,
  });

export const resetPassword = (payload: ResetPayload) =>
  apiRequest('/auth/reset/', {
    method: 'POST',
    body: payload,
    schema: okAnswerSchema,
    auth: false,
  });

export const useRequestResetToken = () => useMutation({ mutationFn: requestResetToken });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
