// Test data for queue tests: order payloads from a shop's real catalogue, customers with tokens,
// staff tokens, and a clock that tests can move.
import { and, eq, isNull } from 'drizzle-orm';
import type { CreateOrderPayload } from '@jono/contract';
import type { App } from '../src/app';
import { customers, pobs, services } from '../src/db/schema';

/** A Wednesday at noon in Helsinki: every open shop is within its hours. */
export const WEDNESDAY_NOON = Date.UTC(2026, 10, 18, 10, 0);

export function mutableClock(start = WEDNESDAY_NOON) {
  const clock = {
    at: start,
    now: () => clock.at,
    advance: (minutes: number) => (clock.at += minutes * 60_000),
  };
  return clock;
}

export function fi(app: App) {
  const ctx = app.markets.get('fi');
  if (!ctx) throw new Error('fi market missing');
  return ctx;
}

/** The shop's main services (with their extras), in catalogue order. */
export async function catalogue(app: App, pobId: number) {
  const rows = await fi(app).db.select().from(services).where(eq(services.pobId, pobId));
  const main = rows.filter((s) => s.parentServiceId === null && s.groupId !== null);
  return main.map((s) => ({ ...s, extras: rows.filter((e) => e.parentServiceId === s.id) }));
}

/** A valid order of the shop's first service (optionally with its first extra). */
export async function orderPayload(
  app: App,
  pobId: number,
  opts: { extra?: boolean; service?: number } = {},
): Promise<CreateOrderPayload> {
  const list = await catalogue(app, pobId);
  const s = list.find(
    (x) =>
      (opts.extra ? x.extras.length > 0 : true) && (opts.service ? x.id === opts.service : true),
  );
  if (!s) throw new Error('no service');
  const extra = opts.extra ? s.extras[0] : undefined;
  return {
    pob_id: pobId,
    items: [
      {
        amount: 1,
        service_id: s.id,
        service_info: {
          duration: s.duration,
          group_id: s.groupId ?? 0,
          id: s.id,
          price: s.price,
          title: s.title,
        },
        extra_services: extra ? [{ amount: 1, service_id: extra.id, title: extra.title }] : [],
      },
    ],
  };
}

let phoneNo = 0;
/** A new one-time customer with an access token (no password login needed). */
export async function newCustomer(app: App, fields: Partial<typeof customers.$inferInsert> = {}) {
  phoneNo += 1;
  const [row] = await fi(app)
    .db.insert(customers)
    .values({
      phone: `+35850${String(Date.now() % 1e5).padStart(5, '0')}${String(phoneNo).padStart(3, '0')}`,
      passwordHash: 'unused',
      firstname: 'Testi',
      lastname: 'Asiakas',
      ...fields,
    })
    .returning();
  if (!row) throw new Error('customer insert failed');
  const token = await app.tokens.signAccess({
    sub: String(row.id),
    market: 'fi',
    kind: 'customer',
  });
  return { id: row.id, phone: row.phone, auth: { authorization: `Bearer ${token}` } };
}

export async function setShop(app: App, pobId: number, set: Partial<typeof pobs.$inferInsert>) {
  await fi(app).db.update(pobs).set(set).where(eq(pobs.id, pobId));
  app.queue.invalidate('fi', pobId);
}

export async function join(
  app: App,
  customer: { id: number; auth: Record<string, string> },
  pobId: number,
) {
  return app.inject({
    method: 'POST',
    url: `/api/fi/customers/${customer.id}/orders/`,
    headers: customer.auth,
    payload: await orderPayload(app, pobId),
  });
}

/** Joins and checks in at the shop (who sits next: only customers at the shop take a chair). */
export async function joinHere(
  app: App,
  customer: { id: number; auth: Record<string, string> },
  pobId: number,
) {
  const res = await join(app, customer, pobId);
  if (res.statusCode !== 201) return res;
  const { id } = res.json<{ id: number }>();
  const checkIn = await app.inject({
    method: 'PATCH',
    url: `/api/fi/customers/${customer.id}/orders/${id}/`,
    headers: customer.auth,
    payload: { customer_at_pob: true },
  });
  if (checkIn.statusCode !== 200) throw new Error(`check-in failed: ${checkIn.body}`);
  return res;
}

export async function activeServiceIds(app: App, pobId: number) {
  return fi(app)
    .db.select({ id: services.id })
    .from(services)
    .where(and(eq(services.pobId, pobId), isNull(services.parentServiceId)));
}

/** A new access token for a customer (the clock may have moved past the old one's 15 minutes). */
export async function authFor(app: App, customerId: number) {
  const token = await app.tokens.signAccess({
    sub: String(customerId),
    market: 'fi',
    kind: 'customer',
  });
  return { authorization: `Bearer ${token}` };
}
