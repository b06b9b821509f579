// The signed-in operator (a market's or the chain's): kept apart from the staff session, whose
// screens all belong to one shop. Kept until the token expires.
import { MARKETS, operatorSchema } from '@jono/contract';
import { z } from 'zod';
import { createStore, useStore } from './create-store';
import { readStored, writeStored } from './storage';

const KEY = 'jono-operator-session';

const operatorSessionSchema = z.object({
  /** The market the operator signed in at: its calls and its live stream go there. */
  market: z.enum(MARKETS),
  token: z.string(),
  expiresAt: z.number(),
  operator: operatorSchema,
});
export type OperatorSession = z.infer<typeof operatorSessionSchema>;

function load(): OperatorSession | null {
  const stored = readStored(KEY, operatorSessionSchema);
  return stored && stored.expiresAt > Date.now() ? stored : null;
}

export const operatorSessionStore = createStore<OperatorSession | null>(load(), (value) =>
  writeStored(KEY, value),
);

export function useOperatorSession(): OperatorSession | null {
  return useStore(operatorSessionStore);
}

export function signOutOperator(): void {
  operatorSessionStore.set(null);
}
