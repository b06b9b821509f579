// A change's live message that could not be built (the staff board's reads failed) is not lost:
// the board is built again shortly and every staff stream gets it, as do streams that opened
// meanwhile, without waiting for the next change (live-feeds.ts: retryLater).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, listenLocally } from './helpers';
import { WEDNESDAY_NOON, join, newCustomer } from './queue-factories';
import { openSse, type SseClient } from './sse-client';
import type { App } from '../src/app';
import type * as StaffQueueModule from '../src/services/staff-queue';

/** How many of the next staff board builds fail. */
const failing = vi.hoisted(() => ({ next: 0 }));

vi.mock('../src/services/staff-queue', async (importOriginal) => {
  const real = await importOriginal<typeof StaffQueueModule>();
  return {
    ...real,
    staffQueue: async (...args: Parameters<typeof real.staffQueue>) => {
      if (failing.next > 0) {
        failing.next -= 1;
        throw new Error('the database is away');
      }
      return real.staffQueue(...args);
    },
  };
});

let app: App;
let base: string;
const open: SseClient[] = [];
beforeAll(async () => {
  app = await buildTestApp({ now: () => WEDNESDAY_NOON });
  base = `${await listenLocally(app)}/api/fi`;
});
afterAll(async () => {
  for (const s of open) s.close();
  await app.close();
});

describe('a live message whose build failed', () => {
  it('reaches every staff stream on a retry, without another change', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/fi/staff/login/',
      payload: { username: 'manager13', password: 'Jono1234' },
    });
    const staff = {
      authorization: `Bearer ${login.json<{ access_token: string }>().access_token}`,
    };
    const board = await openSse(`${base}/staff/events`, staff);
    open.push(board);
    await board.next();

    // The change's board fails to build twice; the join is answered all the same.
    failing.next = 2;
    const c = await newCustomer(app);
    const orderId = (await join(app, c, 13)).json<{ id: number }>().id;
    const seen = await board.next<{ orders: { id: number }[] }>(
      (b) => b.orders.some((o) => o.id === orderId),
      5_000,
    );
    expect(seen.orders.some((o) => o.id === orderId)).toBe(true);
    expect(failing.next).toBe(0);

    // A stream opened while its first message fails gets it on the retry too.
    failing.next = 1;
    const late = await openSse(`${base}/staff/events`, staff);
    open.push(late);
    const first = await late.next<{ orders: { id: number }[] }>(undefined, 5_000);
    expect(first.orders.some((o) => o.id === orderId)).toBe(true);
  });
});
