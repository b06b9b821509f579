// The signed-in staff member: market, access token and who they are, kept until the token expires.
import { MARKETS, staffMemberSchema } from '@jono/contract';
import { z } from 'zod';
import { createStore, useStore } from './create-store';
import { readStored, writeStored } from './storage';

const KEY = 'jono-staff-session';

const sessionSchema = z.object({
  market: z.enum(MARKETS),
  token: z.string(),
  /** Epoch milliseconds. */
  expiresAt: z.number(),
  staff: staffMemberSchema,
});
export type Session = z.infer<typeof sessionSchema>;

function load(): Session | null {
  const stored = readStored(KEY, sessionSchema);
  return stored && stored.expiresAt > Date.now() ? stored : null;
}

export const sessionStore = createStore<Session | null>(load(), (value) => writeStored(KEY, value));

export function useSession(): Session | null {
  return useStore(sessionStore);
}

export function signOut(): void {
  sessionStore.set(null);
}
