// POST /password/: the current and the new password.
import { okAnswerSchema, type PasswordChangePayload } from '@jono/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const changePassword = (payload: PasswordChangePayload) =>
  apiRequest('/password/', { method: 'POST', body: payload, schema: okAnswerSchema });

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
