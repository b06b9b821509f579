// POST /register/: creates the customer; 409 when the phone is already registered.
import { registerAnswerSchema, type RegistrationPayload } from '@jono/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { marketForPhone } from '../../../lib/phone-market';

/** Registers in the market of the phone's dial code (login then moves the app there). */
export const register = (payload: RegistrationPayload) =>
  apiRequest('/register/', {
    method: 'POST',
    body: payload,
    schema: registerAnswerSchema,
    auth: false,
    market: marketForPhone(payload.phone),
  });

export const useRegister = () => useMutation({ mutationFn: register });
