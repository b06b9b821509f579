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

/** How long a stream ticket opens streams: a minute, so a logged URL is useless soon after. */
export const STREAM_TICKET_TTL_S = 60;

/**
 * POST /stream-ticket/: a short-lived, single-purpose ticket for `?ticket=` on the event streams
 * (EventSource cannot send headers). It opens streams only, of the caller that asked for it, and
 * is refused as a bearer token everywhere; a stream it opened ends when the session it came from
 * would expire.
 */
export const streamTicketAnswerSchema = z.object({
  ticket: z.string(),
  expires_in: z.number().int(),
});
export type StreamTicketAnswer = z.infer<typeof streamTicketAnswerSchema>;
