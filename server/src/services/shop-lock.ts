// One shop's queue changes one at a time: a transaction-scoped advisory lock per market schema
// and shop, on PGlite and PostgreSQL alike.
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';

export async function lockShop(tx: Tx, pobId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(current_schema()), ${pobId}::int)`);
}
