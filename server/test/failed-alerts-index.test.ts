// The boards' failed-alert count reads a partial index (outbox_failed_alerts_idx), not the whole
// outbox, which grows with every message ever sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { App } from '../src/app';
import { outbox } from '../src/db/schema';
import { failedAlertsQuery } from '../src/services/operator-board';
import { buildTestApp } from './helpers';
import { fi } from './queue-factories';

let app: App;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

/** The plan of the real query, as text. */
async function planOf(only?: number[]): Promise<string> {
  const db = fi(app).db;
  return db.transaction(async (tx) => {
    // A test table is tiny: without this the planner rightly reads it whole.
    await tx.execute(sql`set local enable_seqscan = off`);
    const since = new Date(Date.now() - 3_600_000);
    const res = await tx.execute(sql`explain ${failedAlertsQuery(tx, since, only)}`);
    const rows = (res as unknown as { rows: Record<string, string>[] }).rows;
    return rows.map((r) => Object.values(r).join(' ')).join('\n');
  });
}

describe('the failed-alert count', () => {
  it('is planned on the partial index, chain-wide and for some shops', async () => {
    // Messages of every kind and state, so the index has something to skip.
    const at = new Date();
    await fi(app)
      .db.insert(outbox)
      .values(
        Array.from({ length: 200 }, (_, i) => ({
          key: `plan:${i}`,
          channel: 'sms',
          purpose: i % 3 === 0 ? 'turnNear' : 'reply',
          recipient: '+358500000000',
          body: 'x',
          pobId: (i % 5) + 1,
          status: i % 7 === 0 ? 'failed' : 'sent',
          updatedAt: at,
        })),
      );
    await fi(app).db.execute(sql`analyze outbox`);
    expect(await planOf()).toContain('outbox_failed_alerts_idx');
    expect(await planOf([1, 2])).toContain('outbox_failed_alerts_idx');
  });

  it("counts a shop's failed alerts, not its other messages", async () => {
    const rows = await failedAlertsQuery(fi(app).db, new Date(Date.now() - 3_600_000), [1]);
    // Shop 1 got messages i = 0, 5, 10, ...: failed turn-near ones are i % 3 == 0 and i % 7 == 0.
    const expected = Array.from({ length: 200 }, (_, i) => i).filter(
      (i) => i % 5 === 0 && i % 3 === 0 && i % 7 === 0,
    ).length;
    expect(rows).toEqual([{ pob_id: 1, failed: expected }]);
  });
});
