// MarketDb.transactionOpening (db/market-db.ts): a transaction whose first statement (a queue
// change's shop lock and NOTIFY) travels with its BEGIN on PostgreSQL, in one round trip. What
// it writes commits or rolls back whole, its lock is held to the end and no longer, and its
// parameters arrive as sent, quotes and backslashes included. On PGlite and PostgreSQL.
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, databaseUrl } from './helpers';
import { fi } from './queue-factories';
import type { App } from '../src/app';
import { withLiterals, type OpeningStatement } from '../src/db/market-db';
import { pobs } from '../src/db/schema';

let app: App;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const LOCK = 'select pg_advisory_xact_lock(hashtext(current_schema()), $1::int)';
const lockOf = (pobId: number): OpeningStatement => ({
  name: 'test_opening_lock',
  text: LOCK,
  params: [pobId],
});

const noticeOf = async (pobId: number) =>
  (await fi(app).db.select({ notice: pobs.notice }).from(pobs).where(eq(pobs.id, pobId)))[0]
    ?.notice;

describe('a transaction opened by its first statement', () => {
  it('commits what its work wrote', async () => {
    const store = fi(app).store;
    const answer = await store.transactionOpening(lockOf(4), async (tx) => {
      await tx.update(pobs).set({ notice: 'committed' }).where(eq(pobs.id, 4));
      return 42;
    });
    expect(answer).toBe(42);
    expect(await noticeOf(4)).toBe('committed');
  });

  it.runIf(databaseUrl)('sends BEGIN and the first statement in one round trip', async () => {
    const store = fi(app).store;
    const sent = vi.spyOn(pg.Client.prototype, 'query');
    try {
      await store.transactionOpening(lockOf(4), async (tx) => {
        await tx.update(pobs).set({ notice: 'one trip' }).where(eq(pobs.id, 4));
      });
      // The opening (BEGIN and the lock), the work's UPDATE, COMMIT.
      expect(sent).toHaveBeenCalledTimes(3);
      expect(String(sent.mock.calls[0]?.[0])).toMatch(
        /^begin; select pg_advisory_xact_lock\(hashtext\(current_schema\(\)\), 4::int\)$/,
      );
    } finally {
      sent.mockRestore();
    }
    expect(await noticeOf(4)).toBe('one trip');
  });

  it('rolls back when its work fails, and its lock is free for the next', async () => {
    const store = fi(app).store;
    await fi(app).db.update(pobs).set({ notice: 'before' }).where(eq(pobs.id, 6));
    await expect(
      store.transactionOpening(lockOf(6), async (tx) => {
        await tx.update(pobs).set({ notice: 'never' }).where(eq(pobs.id, 6));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await noticeOf(6)).toBe('before');
    // The lock went with the rollback: the same shop's next transaction is not kept waiting.
    await store.transactionOpening(lockOf(6), async (tx) => {
      await tx.update(pobs).set({ notice: 'after' }).where(eq(pobs.id, 6));
    });
    expect(await noticeOf(6)).toBe('after');
  });

  it('rolls back when the opening statement itself fails', async () => {
    const store = fi(app).store;
    const work = vi.fn(async () => undefined);
    const failed = await store
      .transactionOpening(
        { name: 'test_opening_bad', text: 'select 1 / ($1::int - 1)', params: [1] },
        work,
      )
      .then(
        () => null,
        (err: unknown) => err as Error & { cause?: Error },
      );
    // The database's own error (as drizzle's cause on PGlite).
    expect(`${failed?.message} ${failed?.cause?.message}`).toMatch(/division by zero/);
    expect(work).not.toHaveBeenCalled();
    // The connection is usable afterwards (not left inside an aborted transaction).
    await store.transactionOpening(lockOf(6), async () => undefined);
  });

  it('delivers text parameters as sent: quotes, backslashes, semicolons', async () => {
    const store = fi(app).store;
    const channel = store.channel('opening_test');
    const payload = `it's "quoted" \\ back\\slashed'; select 'x'; --`;
    const heard = new Promise<string>((resolve) => {
      void store.listen('opening_test', resolve).then(() => {
        void store.transactionOpening(
          {
            name: 'test_opening_notify',
            text: 'select pg_notify($1, $2)',
            params: [channel, payload],
          },
          async () => undefined,
        );
      });
    });
    expect(await heard).toBe(payload);
  });
});

describe('withLiterals', () => {
  const quote = (v: string) => `'${v.replace(/'/g, "''")}'`;

  it('puts integers and quoted text in place of $n, $10 apart from $1', () => {
    const params = [1, 2, 3, 4, 5, 6, 7, 8, 9, "te'n"];
    expect(withLiterals('select $1, $10, $2', params, quote)).toBe("select 1, 'te''n', 2");
  });

  it('refuses a parameter it cannot write as a literal', () => {
    expect(() => withLiterals('select $1', [1.5], quote)).toThrow(/integer/);
    expect(() => withLiterals('select $2', [1], quote)).toThrow(/\$2/);
  });
});
