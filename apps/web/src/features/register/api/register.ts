// POST /register/: creates the customer; 409 when the phone is already registered.
import { registerAnswerSchema, type RegistrationPayload } from '@jono/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const register = (payload: RegistrationPayload) =>
  apiRequest('/register/', {
    method: 'POST',
    body: payload,
    schema: registerAnswerSchema,
    auth: false,
  });

export const useRegister = () => useMutation({ mutationFn: register });
