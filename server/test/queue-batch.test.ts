// Changes to one shop that arrive together share a transaction (services/queue-change.ts): fewer
// locks, reads and estimates than changes, one INSERT for a batch's joins (each answer gets its
// own order: the customer's own GET finds it), and a refused change leaves the others in.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateOrderPayload } from '@jono/contract';
import { buildTestApp } from './helpers';
import { fi, mutableClock, newCustomer, orderPayload, setShop } from './queue-factories';
import type { App } from '../src/app';
import { changeQueue } from '../src/services/queue-change';
import { joinQueue, ownOrderChange } from '../src/services/orders';

let app: App;
let statements: string[] = [];
const clock = mutableClock();
beforeAll(async () => {
  app = await buildTestApp({
    now: clock.now,
    onStatement: (_market, sql) => statements.push(sql),
  });
});
afterAll(() => app.close());

type Customer = Awaited<ReturnType<typeof newCustomer>>;

const post = (customer: Customer, payload: CreateOrderPayload) =>
  app.inject({
    method: 'POST',
    url: `/api/fi/customers/${customer.id}/orders/`,
    headers: customer.auth,
    payload,
  });

const locks = () => statements.filter((s) => s.includes('pg_advisory_xact_lock')).length;

async function activeTickets(pobId: number): Promise<number[]> {
  const view = await app.queue.view(fi(app), pobId);
  return view.active.map((o) => o.ticket ?? -1).sort((a, b) => a - b);
}

/**
 * Holds the shop's transaction with a change of its own: the changes made before `release()`
 * line up behind it and run together as the next batch. `done` settles the holding change.
 */
async function holdShop(pobId: number): Promise<{ release: () => void; done: Promise<unknown> }> {
  let release = () => {};
  const gate = new Promise<void>((r) => (release = r));
  const done = changeQueue(fi(app), app.queue, pobId, clock.now(), async (_tx, shop) => {
    await gate;
    return { result: null, active: shop.active };
  });
  await new Promise((r) => setTimeout(r, 20));
  return { release, done };
}

/** A customer's join as the route makes it after its own check (no active order). */
function checkedJoin(pobId: number, customer: Customer, payload: CreateOrderPayload, now: number) {
  return joinQueue(fi(app), app.queue, now, {
    pobId,
    customerId: customer.id,
    customer: {
      firstname: 'Batch',
      lastname: String(customer.id),
      membershipType: null,
      membershipEnd: null,
    },
    checkedNoActiveOrder: true,
    priority: 0,
    source: 'app',
    items: payload.items.map((item) => ({
      service_id: item.service_id,
      extra_service_ids: item.extra_services.map((e) => e.service_id),
    })),
  });
}

describe('changes to one shop that arrive together', () => {
  it('join in fewer transactions than joins, each with its own ticket and place', async () => {
    await setShop(app, 1, { chairs: 1 });
    const payload = await orderPayload(app, 1);
    const customers = await Promise.all(Array.from({ length: 12 }, () => newCustomer(app)));
    const before = await activeTickets(1);
    await app.queue.settled();
    statements = [];
    const answers = await Promise.all(customers.map((c) => post(c, payload)));
    expect(answers.map((a) => a.statusCode)).toEqual(customers.map(() => 201));
    // One at a time, every join took the shop's lock; together they share it.
    expect(locks()).toBeLessThan(12);
    // And their orders are written together: fewer INSERTs than joins.
    const inserts = statements.filter((s) => s.startsWith('insert into "orders"')).length;
    expect(inserts).toBeGreaterThan(0);
    expect(inserts).toBeLessThan(locks() + 1);
    const orders = await Promise.all(
      answers.map(async (a, i) => {
        const c = customers[i]!;
        const res = await app.inject({
          url: `/api/fi/customers/${c.id}/orders/${a.json<{ id: number }>().id}/`,
          headers: c.auth,
        });
        return res.json<{ ticket: number; ahead: number }>();
      }),
    );
    expect(new Set(orders.map((o) => o.ticket)).size).toBe(12);
    expect(new Set(orders.map((o) => o.ahead)).size).toBe(12);
    expect(await activeTickets(1)).toEqual(
      [...before, ...orders.map((o) => o.ticket)].sort((a, b) => a - b),
    );
  });

  it('refuses one change of a batch and keeps the rest', async () => {
    await setShop(app, 2, { chairs: 1 });
    const payload = await orderPayload(app, 2);
    const others = await Promise.all(Array.from({ length: 6 }, () => newCustomer(app)));
    const twice = await newCustomer(app);
    const before = (await activeTickets(2)).length;
    // The same customer twice among others: both pass the route's own check, the unique index
    // refuses the second inside the shared transaction.
    const answers = await Promise.all([
      post(others[0]!, payload),
      post(twice, payload),
      post(others[1]!, payload),
      post(twice, payload),
      ...others.slice(2).map((c) => post(c, payload)),
    ]);
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(7);
    const refused = answers.filter((a) => a.statusCode === 409);
    expect(refused).toHaveLength(1);
    expect(refused[0]?.json()).toMatchObject({ error: 'active_order_exists' });
    expect((await activeTickets(2)).length).toBe(before + 7);
  });

  it('writes leaves that arrive together in one statement, each answered as it would be alone, and a refused one leaves the others in', async () => {
    await setShop(app, 4, { chairs: 1 });
    const payload = await orderPayload(app, 4);
    const customers = await Promise.all(Array.from({ length: 8 }, () => newCustomer(app)));
    const ids: number[] = [];
    for (const c of customers) {
      const res = await post(c, payload);
      expect(res.statusCode).toBe(201);
      ids.push(res.json<{ id: number }>().id);
    }
    const stranger = await newCustomer(app);
    await app.queue.settled();
    statements = [];
    const patch = (customer: Customer, orderId: number) =>
      app.inject({
        method: 'PATCH',
        url: `/api/fi/customers/${customer.id}/orders/${orderId}/`,
        headers: customer.auth,
        payload: { cancel: true },
      });
    // Seven leave together; a stranger's leave of the eighth's order is among them.
    const answers = await Promise.all([
      ...customers.slice(0, 4).map((c, i) => patch(c, ids[i]!)),
      patch(stranger, ids[7]!),
      ...customers.slice(4, 7).map((c, i) => patch(c, ids[4 + i]!)),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 404, 200, 200, 200]);
    for (const a of answers.filter((x) => x.statusCode === 200)) {
      // A leave answers its order as cancelled, with the rejoin still open (nobody rejoined).
      const left = a.json<{ status: string; presence: { rejoin_until: string | null } }>();
      expect(left.status).toBe('cancelled');
      expect(left.presence.rejoin_until).not.toBeNull();
    }
    // Fewer leave statements than leaves: consecutive leaves of a batch share one.
    const leaves = statements.filter((s) =>
      s.startsWith("update orders o set status = 'cancelled'"),
    );
    const single = statements.filter((s) =>
      s.startsWith('update "orders" set "status" = \'cancelled\''),
    );
    expect(leaves.length).toBeGreaterThan(0);
    expect(leaves.length + single.length).toBeLessThan(7);
    const view = await app.queue.view(fi(app), 4);
    expect(view.active.map((o) => o.id)).toEqual([ids[7]]);
  });

  it('writes the joins and the leaves of a mixed batch in one statement each, every answer as alone', async () => {
    await setShop(app, 5, { chairs: 1 });
    const payload = await orderPayload(app, 5);
    const leaving = await Promise.all(Array.from({ length: 6 }, () => newCustomer(app)));
    const joining = await Promise.all(Array.from({ length: 6 }, () => newCustomer(app)));
    const ids: number[] = [];
    for (const c of leaving) {
      const res = await post(c, payload);
      expect(res.statusCode).toBe(201);
      ids.push(res.json<{ id: number }>().id);
    }
    const kept = (await app.queue.view(fi(app), 5)).active.map((o) => o.id);
    await app.queue.settled();
    // A change holds the shop's transaction while a join, a leave, a join, a leave... line up
    // behind it (as customers come and go at a busy moment): they run as the next batch.
    const holding = await holdShop(5);
    statements = [];
    const now = clock.now();
    const changes = leaving.flatMap((c, i) => [
      checkedJoin(5, joining[i]!, payload, now),
      changeQueue(fi(app), app.queue, 5, now, ownOrderChange(ids[i]!, c.id, 'cancel', now)),
    ]);
    holding.release();
    await holding.done;
    const settled = await Promise.all(changes);
    const joined = settled.filter((_, k) => k % 2 === 0).map((r) => (r as { id: number }).id);
    for (const r of settled.filter((_, k) => k % 2 === 1)) {
      expect((r as { result: { row: { status: string } } }).result.row.status).toBe('cancelled');
    }
    // The queue: those who stayed, and every join; none of those who left.
    const view = await app.queue.view(fi(app), 5);
    expect(view.active.map((o) => o.id).sort((a, b) => a - b)).toEqual(
      [...kept.filter((id) => !ids.includes(id)), ...joined].sort((a, b) => a - b),
    );
    // One transaction, its six joins in one INSERT and its six leaves in one UPDATE (a leave
    // used to write the joins before it, and a join the leaves before it: eleven statements).
    const inserts = statements.filter((x) => x.startsWith('insert into "orders"')).length;
    const leaves = statements.filter((x) =>
      x.startsWith("update orders o set status = 'cancelled'"),
    ).length;
    expect([locks(), inserts, leaves]).toEqual([1, 1, 1]);
  });

  it('a batch of joins and leaves in any order ends as the changes one at a time would (model)', async () => {
    const payload = await orderPayload(app, 3);
    const pool = await Promise.all(Array.from({ length: 6 }, () => newCustomer(app)));
    const cancel = (c: Customer, orderId: number) =>
      app.inject({
        method: 'PATCH',
        url: `/api/fi/customers/${c.id}/orders/${orderId}/`,
        headers: c.auth,
        payload: { cancel: true },
      });
    await fc.assert(
      fc.asyncProperty(
        // Which customers of the pool wait before the batch, and the batch: a join by a customer
        // without an order (the route lets only those in), or a leave by one with an order; any
        // of them twice.
        fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
        fc.array(fc.nat(5), { minLength: 1, maxLength: 14 }),
        async (waiting, picks) => {
          // Whatever an earlier run left (a failed one stops before its own clean-up).
          for (const o of (await app.queue.view(fi(app), 3)).active) {
            const c = pool.find((p) => p.id === o.customerId);
            if (c) expect((await cancel(c, o.id)).statusCode).toBe(200);
          }
          await app.queue.settled();
          const orderOf = new Map<number, number>();
          for (const [i, c] of pool.entries()) {
            if (!waiting[i]) continue;
            const res = await post(c, payload);
            expect(res.statusCode).toBe(201);
            orderOf.set(i, res.json<{ id: number }>().id);
          }
          const before = (await app.queue.view(fi(app), 3)).active.map((o) => o.id);
          await app.queue.settled();
          const holding = await holdShop(3);
          const now = clock.now();
          const batch = picks.map((i) => {
            const c = pool[i]!;
            const orderId = orderOf.get(i);
            if (orderId !== undefined) {
              return changeQueue(
                fi(app),
                app.queue,
                3,
                now,
                ownOrderChange(orderId, c.id, 'cancel', now),
              );
            }
            return checkedJoin(3, c, payload, now);
          });
          holding.release();
          await holding.done;
          const settled = await Promise.allSettled(batch);
          // The model: one at a time, in the batch's order.
          const left = new Set<number>();
          const joinedBy = new Map<number, number>();
          for (const [k, i] of picks.entries()) {
            const outcome = settled[k]!;
            const first = orderOf.has(i) ? !left.has(i) : !joinedBy.has(i);
            expect(outcome.status).toBe(first ? 'fulfilled' : 'rejected');
            if (outcome.status === 'rejected') {
              expect((outcome.reason as { statusCode?: number }).statusCode).toBe(409);
              continue;
            }
            if (orderOf.has(i)) left.add(i);
            else joinedBy.set(i, (outcome.value as { id: number }).id);
          }
          const expected = [
            ...before.filter((id) => ![...left].some((i) => orderOf.get(i) === id)),
            ...joinedBy.values(),
          ].sort((a, b) => a - b);
          const view = await app.queue.view(fi(app), 3);
          expect(view.active.map((o) => o.id).sort((a, b) => a - b)).toEqual(expected);
          // Tickets stay unique.
          expect(new Set(view.active.map((o) => o.ticket)).size).toBe(view.active.length);
          // Everyone leaves again for the next run.
          for (const [i, c] of pool.entries()) {
            const id = joinedBy.get(i) ?? (left.has(i) ? undefined : orderOf.get(i));
            if (id !== undefined) expect((await cancel(c, id)).statusCode).toBe(200);
          }
          await app.queue.settled();
        },
      ),
      { numRuns: 25 },
    );
  });

  it("checks a customer's own change against the order's customer under the lock", async () => {
    // The route skips reading an order this process has seen (its shop and customer are kept);
    // the change itself still refuses another customer's order, whatever the route believed.
    const owner = await newCustomer(app);
    const other = await newCustomer(app);
    const joined = await post(owner, await orderPayload(app, 3));
    expect(joined.statusCode).toBe(201);
    const orderId = joined.json<{ id: number }>().id;
    const attempt = changeQueue(
      fi(app),
      app.queue,
      3,
      clock.now(),
      ownOrderChange(orderId, other.id, 'cancel', clock.now()),
    );
    await expect(attempt).rejects.toMatchObject({ statusCode: 404 });
    const res = await app.inject({
      url: `/api/fi/customers/${owner.id}/orders/${orderId}/`,
      headers: owner.auth,
    });
    expect(res.json<{ status: string }>().status).toBe('active');
    // And through the API: the other customer's cancel of it is not found either.
    const patch = await app.inject({
      method: 'PATCH',
      url: `/api/fi/customers/${other.id}/orders/${orderId}/`,
      headers: other.auth,
      payload: { cancel: true },
    });
    expect(patch.statusCode).toBe(404);
  });
});
