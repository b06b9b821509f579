// Storing a message to customers, shared by the managers' route (their shop's customers) and the
// operators' (every customer of the market): who may write to whom is each route's own check;
// the phone lookup, the daily allowance and the insert are the same.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { normalisePhone, type staffMessageSchema } from '@jono/contract';
import type { MarketContext } from '../context';
import { customers, messages } from '../db/schema';
import { takeAttempt, type Limit } from '../services/rate-counters';
import { tooMany } from '../services/rate-limit-rules';

/** The customer with this phone number in the market (normalised with its dialling code). */
export async function customerByPhone(ctx: MarketContext, phone: string) {
  const [c] = await ctx.db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.phone, normalisePhone(phone, ctx.info.dialCode)));
  return c ?? null;
}

/**
 * Counts the message against `allowance` (429 with Retry-After when spent) and stores it for
 * `customerId` (null: every customer of the market); answers 201 `{id}`.
 */
export async function storeMessage(
  app: FastifyInstance,
  ctx: MarketContext,
  reply: FastifyReply,
  allowance: { key: string; limit: Limit },
  customerId: number | null,
  { title, content, translations }: Omit<z.infer<typeof staffMessageSchema>, 'to'>,
) {
  const taken = await takeAttempt(ctx.db, [allowance], app.now());
  if (!taken.ok) {
    reply.header('retry-after', String(taken.retryAfterS));
    throw tooMany(taken.retryAfterS);
  }
  const [row] = await ctx.db
    .insert(messages)
    .values({ customerId, title, content, translations, date: new Date(app.now()) })
    .returning({ id: messages.id });
  if (!row) throw new Error('message insert failed');
  return reply.code(201).send({ id: row.id });
}
