// Answers of the session calls (section 7).
import { z } from 'zod';
import { inputText } from './input';

export const loginAnswerSchema = z.object({
  customer_id: z.number().int(),
  access_token: z.string(),
  refresh_token: z.string(),
});
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

/** POST /refresh/: the refresh token as bearer or as `refresh` in the body. Rotates the refresh token. */
export const refreshSchema = z.object({ refresh: inputText().max(500).optional() }).strict();
export const refreshAnswerSchema = loginAnswerSchema;

export const registerAnswerSchema = z.object({ customer_id: z.number().int() });
export const okAnswerSchema = z.object({ ok: z.literal(true) });
