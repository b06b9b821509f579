// The embedded database runs each statement synchronously inside a promise continuation: a queue
// of statements must still let the event loop serve the network between them, or a burst of
// requests starves every connection that arrives meanwhile (a join the server spent 1 s on took
// 7 s for its client).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp } from './helpers';
import { WEDNESDAY_NOON, fi } from './queue-factories';
import type { App } from '../src/app';

let app: App;
beforeAll(async () => {
  app = await buildTestApp({ now: () => WEDNESDAY_NOON });
});
afterAll(() => app.close());

describe('a queue of statements', () => {
  it('lets the event loop run a timer long before the last statement ends', async () => {
    const { db } = fi(app);
    let done = 0;
    const statements = Array.from({ length: 300 }, () =>
      db.execute(sql`select pg_sleep(0)`).then(() => {
        done += 1;
      }),
    );
    const doneWhenTimerRan = await new Promise<number>((resolve) =>
      setTimeout(() => resolve(done), 0),
    );
    await Promise.all(statements);
    expect(done).toBe(300);
    expect(doneWhenTimerRan).toBeLessThan(30);
  });
});
