// Password recovery: POST /auth/reset-token/ sends the SMS code, POST /auth/reset/ sets the password.
import { okAnswerSchema, type ResetPayload, type ResetTokenPayload } from '@jono/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { marketForPhone } from '../../../lib/phone-market';

export const requestResetToken = (payload: ResetTokenPayload) =>
  apiRequest('/auth/reset-token/', {
    method: 'POST',
    body: payload,
    schema: okAnswerSchema,
    auth: false,
    // The account lives in the market of the phone's dial code.
    market: marketForPhone(payload.phone),
  });

export const resetPassword = (payload: ResetPayload) =>
  apiRequest('/auth/reset/', {
    method: 'POST',
    body: payload,
    schema: okAnswerSchema,
    auth: false,
    // The account lives in the market of the phone's dial code.
    market: marketForPhone(payload.phone),
  });

export const useRequestResetToken = () => useMutation({ mutationFn: requestResetToken });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
