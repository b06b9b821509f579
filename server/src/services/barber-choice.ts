// A customer's choice of barber (issue 30): which barbers may be chosen (of this shop, not
// removed, on duty now or with a shift left today), and changing an order's barber under the
// shop's lock, keeping its place (its rank is untouched: the time already waited counts) and at
// most BARBER_CHANGES_MAX times. Taking the first available while the chosen barber is off duty
// costs no change, nor does a change staff make at the counter with the customer's consent.
import { and, eq } from 'drizzle-orm';
import { BARBER_CHANGES_MAX } from '@jono/contract';
import type { Db, Tx } from '../db/client';
import { barbers, orders, type BarberChangeRecord } from '../db/schema';
import { HttpError, notFound } from '../lib/http-error';
import { barbersNow, type OrderRow, type PobWithBarbers } from './queue-load';
import type { Change } from './queue-change';
import type { BarberToday } from './rota';

export const barberUnknown = () =>
  new HttpError(409, 'barber_unknown', 'This barber does not work at this shop');
export const barberRemoved = () =>
  new HttpError(409, 'barber_removed', 'This barber no longer works at this shop');
export const barberOffToday = (name: string) =>
  new HttpError(
    409,
    'barber_off_today',
    `${name} has no shift left today: choose another barber or the first available`,
  );
export const barberChangesSpent = () =>
  new HttpError(
    409,
    'barber_changes_spent',
    `The barber of an order can be changed ${BARBER_CHANGES_MAX} times`,
  );

/**
 * The barber a customer may choose now, or the refusal: another shop's (or no such) barber, a
 * removed one, or one with no shift left today. Null (first available) is always fine.
 */
export async function checkBarberChoice(
  db: Db | Tx,
  pob: PobWithBarbers,
  barberId: number | null | undefined,
  now: number,
): Promise<BarberToday | null> {
  if (barberId === null || barberId === undefined) return null;
  const today = barbersNow(pob, now);
  const found = today.find((b) => b.row.id === barberId);
  if (found) {
    if (!found.onDuty && found.dueSince === null && found.nextShiftAt === null)
      throw barberOffToday(found.row.firstName);
    return found;
  }
  // Not among the shop's barbers: removed, or another shop's (read only on this refusal).
  const [row] = await db
    .select({ pobId: barbers.pobId, removedAt: barbers.removedAt })
    .from(barbers)
    .where(eq(barbers.id, barberId));
  if (row && row.pobId === pob.id && row.removedAt !== null) throw barberRemoved();
  throw barberUnknown();
}

export interface BarberChangeBy {
  /** The customer's own change (counted), or staff at the counter with the customer's consent. */
  by: 'customer' | 'staff';
  staffId?: number;
}

/**
 * An order's new barber (null: first available) as a change of the shop's queue. The customer's
 * own: only their order (null customer: a walk-in, staff only), waiting, within the limit.
 */
export function barberChange(
  orderId: number,
  customerId: number | null | undefined,
  barberId: number | null,
  at: number,
  who: BarberChangeBy,
): Change<OrderRow> {
  return async (tx, shop) => {
    const current = shop.active.find((o) => o.id === orderId);
    if (!current) throw new HttpError(409, 'no_longer_active', 'This order is no longer active');
    if (customerId !== undefined && current.customerId !== customerId) {
      throw notFound('Order not found');
    }
    if (current.startedAt !== null) {
      throw new HttpError(409, 'not_waiting', 'This customer is already in a chair');
    }
    if (current.barberId === barberId) return { result: current, active: shop.active };
    const chosen = await checkBarberChoice(tx, shop.pob, barberId, at);
    const before =
      current.barberId === null
        ? null
        : barbersNow(shop.pob, at).find((b) => b.row.id === current.barberId);
    // Leaving a barber who is off duty now for the first available is the offer Jono made: free.
    const offDutyOffer = barberId === null && (before === undefined || before?.onDuty === false);
    const counted = who.by === 'customer' && !offDutyOffer;
    if (counted && current.barberChanges >= BARBER_CHANGES_MAX) throw barberChangesSpent();
    const record: BarberChangeRecord = {
      at: new Date(at).toISOString(),
      from: current.barberId,
      to: chosen?.row.id ?? null,
      by: who.by === 'staff' ? 'staff' : 'customer',
      ...(who.staffId !== undefined ? { staffId: who.staffId } : {}),
      ...(offDutyOffer && who.by === 'customer' ? { reason: 'off_duty' as const } : {}),
    };
    const [row] = await tx
      .update(orders)
      .set({
        barberId,
        barberChanges: current.barberChanges + (counted ? 1 : 0),
        barberLog: [...current.barberLog, record],
        barberReleased: null,
        updatedAt: new Date(at),
      })
      .where(and(eq(orders.id, orderId), eq(orders.status, 'active')))
      .returning();
    if (!row) throw notFound('Order not found');
    const next = { ...row, customer: current.customer };
    return { result: row, active: shop.active.map((o) => (o.id === orderId ? next : o)) };
  };
}
