// POST /auth/register-code/ texts a code to the phone; POST /register/ creates the customer with
// it (409 when the phone is already registered).
import { okAnswerSchema, registerAnswerSchema, type RegistrationPayload } from '@jono/contract';
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

/** Step one: a 6-digit code by SMS to the phone (the same answer for every valid number). */
export const requestRegisterCode = (phone: string) =>
  apiRequest('/auth/register-code/', {
    method: 'POST',
    body: { phone },
    schema: okAnswerSchema,
    auth: false,
    market: marketForPhone(phone),
  });

export const useRegisterCode = () => useMutation({ mutationFn: requestRegisterCode });
