// A change's live messages: customers' order streams and shop pages do not wait for the staff
// board's queries (issue 29, the busy hour: the board is built from two reads of the shop's
// recent orders, and every order stream of the shop used to wait for them).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, listenLocally } from './helpers';
import { WEDNESDAY_NOON, join, newCustomer, setShop } from './queue-factories';
import { openSse, type SseClient } from './sse-client';
import type { App } from '../src/app';
import type * as StaffQueueModule from '../src/services/staff-queue';

/** While closed, the staff board's build waits (as if its queries were slow). */
const gate = vi.hoisted(() => {
  let open: () => void = () => undefined;
  let closed: Promise<void> = Promise.resolve();
  return {
    close() {
      closed = new Promise<void>((r) => (open = r));
    },
    open: () => open(),
    wait: () => closed,
  };
});

vi.mock('../src/services/staff-queue', async (importOriginal) => {
  const real = await importOriginal<typeof StaffQueueModule>();
  return {
    ...real,
    staffQueue: async (...args: Parameters<typeof real.staffQueue>) => {
      await gate.wait();
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
  gate.open();
  for (const s of open) s.close();
  await app.close();
});
const sse = async (path: string, headers?: Record<string, string>) => {
  const s = await openSse(`${base}${path}`, headers);
  open.push(s);
  return s;
};

describe("a change's live messages", () => {
  it("reach the customers' order streams and the shop page while the staff board is still being read", async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/fi/staff/login/',
      payload: { username: 'manager13', password: 'Jono1234' },
    });
    const staff = {
      authorization: `Bearer ${login.json<{ access_token: string }>().access_token}`,
    };
    // One chair and someone ahead: the cancel below moves a newcomer's wait on the shop's page.
    await setShop(app, 13, { chairs: 1 });
    expect((await join(app, await newCustomer(app), 13)).statusCode).toBe(201);
    const c = await newCustomer(app);
    const orderId = (await join(app, c, 13)).json<{ id: number }>().id;
    const order = await sse(`/customers/${c.id}/orders/${orderId}/events`, c.auth);
    const board = await sse('/staff/events', staff);
    const shop = await sse('/pobs/13/events');
    for (const s of [order, board, shop]) await s.next();

    gate.close();
    const cancelled = await app.inject({
      method: 'POST',
      url: `/api/fi/staff/orders/${orderId}/cancel/`,
      headers: staff,
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await order.next()).toMatchObject({ id: orderId, status: 'cancelled' });
    await shop.next();
    // The board has not been sent its message yet: its reads are still waiting...
    await expect(board.next(undefined, 300)).rejects.toThrow();
    // ...and it is, once they answer.
    gate.open();
    const after = await board.next<{ orders: { id: number }[] }>();
    expect(after.orders.some((o) => o.id === orderId)).toBe(false);
  });
});
