// A barber signing on duty at a chair and off, and a manager removing a barber (issue 30). Each
// runs under the shop's lock and keeps the shop's `chairs` equal to its barbers on duty in the
// same transaction. Customers waiting for a barber who goes off duty are told at once (their
// tracking screen through the queue's NOTIFY, a message through the outbox): with a later shift
// today they may wait for it or take the first available at their place; with none left, or
// when the barber is removed, the order becomes first available by itself and they are told.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { ticketLabel } from '@jono/contract';
import type { MarketContext } from '../context';
import type { Tx } from '../db/client';
import { barberDays, barbers, orders, pobs, type BarberChangeRecord } from '../db/schema';
import { HttpError, notFound } from '../lib/http-error';
import { DEADLINE_MS, enqueue, type OutboxMessage } from './outbox';
import type { ShopQueueView } from './queue-rows';
import { barbersNow } from './queue-load';
import { type BarberRow, daysAround } from './rota';
import { lockShop } from './shop-lock';
import { recordTurns } from './turns';
import { smsLanguageOf, smsText } from './sms-texts';
import { customerMessages, unprovedKioskOrders } from './turn-near';

export interface DutyOutcome {
  barber: BarberRow;
  chairs: number;
  toldOrders: number;
  releasedOrders: number;
}

/**
 * What barber duty needs of the queue service (queue.ts's DutyQueue; it calls back into this
 * file to release stranded customers, so this file names only what it uses).
 */
export interface DutyQueue {
  changed(ctx: MarketContext, pobId: number): Promise<unknown>;
  messagesWritten(ctx: MarketContext): void;
  readonly push: unknown;
}

interface DutyContext {
  ctx: MarketContext;
  queue: DutyQueue;
  pobId: number;
  now: number;
}

/** The shop's barber `id` under the lock, or 404 (another shop's is not found either). */
async function barberOf(tx: Tx, pobId: number, id: number): Promise<BarberRow> {
  const [row] = await tx.select().from(barbers).where(eq(barbers.id, id));
  if (!row || row.pobId !== pobId || row.removedAt !== null) throw notFound('Barber not found');
  return row;
}

/** Sets the shop's chairs to its barbers on duty; answers them. */
async function syncChairs(tx: Tx, pobId: number, now: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(barbers)
    .where(and(eq(barbers.pobId, pobId), isNull(barbers.removedAt), sql`chair is not null`));
  const chairs = row?.n ?? 0;
  await tx
    .update(pobs)
    .set({ chairs, updatedAt: new Date(now) })
    .where(eq(pobs.id, pobId));
  return chairs;
}

/** The barber signs on duty at `chair`, else at the lowest chair nobody holds or sits in. */
export async function signOn(d: DutyContext, barberId: number, chair?: number) {
  const out = await d.ctx.db.transaction(async (tx) => {
    await lockShop(tx, d.pobId);
    const barber = await barberOf(tx, d.pobId, barberId);
    if (barber.chair !== null) {
      throw new HttpError(409, 'barber_on_duty', `${barber.firstName} is already on duty`);
    }
    const held = await tx
      .select({ id: barbers.id, chair: barbers.chair })
      .from(barbers)
      .where(and(eq(barbers.pobId, d.pobId), isNull(barbers.removedAt), sql`chair is not null`));
    const seated = await tx
      .select({ chair: orders.chair })
      .from(orders)
      .where(
        and(eq(orders.pobId, d.pobId), eq(orders.status, 'active'), sql`started_at is not null`),
      );
    const heldChairs = new Set(held.map((h) => h.chair));
    const busy = new Set(seated.map((s) => s.chair));
    let at = chair;
    if (at === undefined) {
      at = 1;
      while (heldChairs.has(at) || busy.has(at)) at++;
    } else if (heldChairs.has(at)) {
      throw new HttpError(409, 'chair_has_barber', 'Another barber is signed in at this chair');
    } else if (busy.has(at)) {
      throw new HttpError(409, 'chair_busy', 'Someone already sits in this chair');
    }
    const [row] = await tx
      .update(barbers)
      .set({ chair: at, onDutySince: new Date(d.now) })
      .where(eq(barbers.id, barberId))
      .returning();
    if (!row) throw notFound('Barber not found');
    const chairs = await syncChairs(tx, d.pobId, d.now);
    // A barber on duty at a free chair: the turn of the customer away it would seat next.
    await recordTurns(tx, d.pobId, d.now);
    return { barber: row, chairs };
  });
  await d.queue.changed(d.ctx, d.pobId);
  return { ...out, toldOrders: 0, releasedOrders: 0 } satisfies DutyOutcome;
}

/** The barber signs off duty: a customer in their chair is finished as usual (it drains). */
export async function signOff(d: DutyContext, barberId: number): Promise<DutyOutcome> {
  const out = await d.ctx.db.transaction(async (tx) => {
    await lockShop(tx, d.pobId);
    const barber = await barberOf(tx, d.pobId, barberId);
    if (barber.chair === null) {
      throw new HttpError(409, 'barber_off_duty', `${barber.firstName} is already off duty`);
    }
    const [row] = await tx
      .update(barbers)
      .set({ chair: null, onDutySince: null, offDutySince: new Date(d.now) })
      .where(eq(barbers.id, barberId))
      .returning();
    if (!row) throw notFound('Barber not found');
    const chairs = await syncChairs(tx, d.pobId, d.now);
    const told = await tellTied(tx, d, row, 'off_duty');
    return { barber: row, chairs, ...told };
  });
  await d.queue.changed(d.ctx, d.pobId);
  if (out.toldOrders + out.releasedOrders > 0) d.queue.messagesWritten(d.ctx);
  return out;
}

/**
 * Removes a barber: off duty at once, gone from the shop page and the rota; their waiting
 * customers become first available and are told. Served orders keep who served them.
 */
export async function removeBarber(d: DutyContext, barberId: number): Promise<DutyOutcome> {
  const out = await d.ctx.db.transaction(async (tx) => {
    await lockShop(tx, d.pobId);
    await barberOf(tx, d.pobId, barberId);
    const [row] = await tx
      .update(barbers)
      .set({ chair: null, onDutySince: null, removedAt: new Date(d.now) })
      .where(eq(barbers.id, barberId))
      .returning();
    if (!row) throw notFound('Barber not found');
    const chairs = await syncChairs(tx, d.pobId, d.now);
    const told = await tellTied(tx, d, row, 'removed');
    return { barber: row, chairs, ...told };
  });
  await d.queue.changed(d.ctx, d.pobId);
  if (out.releasedOrders > 0) d.queue.messagesWritten(d.ctx);
  return out;
}

/**
 * Tells the customers waiting for `barber` (just signed off or removed). Removed, or no shift
 * left today: each order becomes first available (its place kept) and its customer is told so.
 * A later shift today: the customer is told when the barber is back and what they may do.
 */
async function tellTied(
  tx: Tx,
  d: DutyContext,
  barber: BarberRow,
  why: 'off_duty' | 'removed',
): Promise<{ toldOrders: number; releasedOrders: number }> {
  const tied = await tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.pobId, d.pobId),
        eq(orders.status, 'active'),
        eq(orders.barberId, barber.id),
        isNull(orders.startedAt),
      ),
    );
  if (tied.length === 0) return { toldOrders: 0, releasedOrders: 0 };
  const [pob] = await tx.select().from(pobs).where(eq(pobs.id, d.pobId));
  if (!pob) throw notFound('Shop not found');
  let next: number | null = null;
  if (why === 'off_duty') {
    const rows = await tx.select().from(barbers).where(eq(barbers.id, barber.id));
    // Signed on again meanwhile (a sweep racing a sign-in): nothing to tell.
    if (rows[0]?.chair !== null) return { toldOrders: 0, releasedOrders: 0 };
    const days = await tx
      .select()
      .from(barberDays)
      .where(and(eq(barberDays.barberId, barber.id), inArray(barberDays.day, daysAround(d.now))));
    next =
      barbersNow({ ...pob, barbers: { rows, days } }, d.now).find((b) => b.row.id === barber.id)
        ?.nextShiftAt ?? null;
  }
  const at = new Date(d.now).toISOString();
  const release = next === null;
  if (release) {
    const reason = why === 'removed' ? 'removed' : 'no_shift_left';
    for (const o of tied) {
      const record: BarberChangeRecord = { at, from: barber.id, to: null, by: 'jono', reason };
      await tx
        .update(orders)
        .set({
          barberId: null,
          barberReleased: { firstName: barber.firstName, reason, at },
          barberLog: [...o.barberLog, record],
          updatedAt: new Date(d.now),
        })
        .where(eq(orders.id, o.id));
    }
  }
  const time =
    next === null
      ? ''
      : new Intl.DateTimeFormat('en-GB', {
          timeZone: pob.timeZone,
          hour: '2-digit',
          minute: '2-digit',
          hour12: false,
        }).format(next);
  const kind = release ? 'barberReleased' : 'barberOff';
  const vars = (o: (typeof tied)[number]) => ({
    barber: barber.firstName,
    shop: pob.name,
    time,
    ticket: ticketLabel(o.ticket ?? o.id),
  });
  const key = (o: (typeof tied)[number]) => `barber:${o.id}:${barber.id}:${d.now}`;
  const messages: OutboxMessage[] = [];
  const unproved = await unprovedKioskOrders(
    { db: tx },
    tied.filter((o) => o.customerId === null && o.notifyPhone !== null).map((o) => o.id),
  );
  for (const o of tied) {
    if (o.customerId !== null || o.notifyPhone === null || unproved.has(o.id)) continue;
    messages.push({
      key: key(o),
      channel: 'sms',
      purpose: 'barber',
      recipient: o.notifyPhone,
      body: smsText(smsLanguageOf(d.ctx.info.language), kind, vars(o)),
      orderId: o.id,
      pobId: d.pobId,
      deadline: d.now + DEADLINE_MS.barber,
    });
  }
  const alerts = tied.flatMap((o) =>
    o.customerId === null
      ? []
      : [
          {
            customerId: o.customerId,
            orderId: o.id,
            pobId: d.pobId,
            channel: o.alertChannel,
            key: key(o),
            text: (language: string) => smsText(language, kind, vars(o)),
          },
        ],
  );
  messages.push(...(await customerMessages(tx, d.queue.push !== null, 'barber', alerts, d.now)));
  await enqueue(tx, messages, d.now);
  return release
    ? { toldOrders: 0, releasedOrders: tied.length }
    : { toldOrders: tied.length, releasedOrders: 0 };
}

/**
 * PATCH /staff/shop/ {chairs} in a shop with named barbers: signs barbers on or off until `n`
 * are on duty, so clients that count chairs keep working. More chairs: the barbers off duty whose
 * planned shift is now first, then by their next shift; fewer: the highest chairs go off first
 * (as before, a busy one drains). More chairs than barbers: 409 chairs_follow_barbers.
 */
export async function setBarbersOnDuty(d: DutyContext, n: number): Promise<void> {
  const [pob] = await d.ctx.db.select().from(pobs).where(eq(pobs.id, d.pobId));
  if (!pob) throw notFound('Shop not found');
  const rows = await d.ctx.db
    .select()
    .from(barbers)
    .where(and(eq(barbers.pobId, d.pobId), isNull(barbers.removedAt)));
  const days = await d.ctx.db
    .select()
    .from(barberDays)
    .where(
      and(
        inArray(
          barberDays.barberId,
          rows.map((r) => r.id),
        ),
        inArray(barberDays.day, daysAround(d.now)),
      ),
    );
  const today = barbersNow({ ...pob, barbers: { rows, days } }, d.now);
  const on = today.filter((b) => b.onDuty);
  if (n > today.length) {
    throw new HttpError(
      409,
      'chairs_follow_barbers',
      `This shop has ${today.length} barbers: add a barber before putting more chairs on duty`,
    );
  }
  if (n > on.length) {
    const planned = (b: (typeof today)[number]) =>
      b.planned.some((s) => s.from <= d.now && d.now < s.to) ? 0 : 1;
    const off = today
      .filter((b) => !b.onDuty)
      .sort(
        (a, b) =>
          planned(a) - planned(b) ||
          (a.nextShiftAt ?? Infinity) - (b.nextShiftAt ?? Infinity) ||
          a.row.id - b.row.id,
      );
    for (const b of off.slice(0, n - on.length)) await signOn(d, b.row.id);
  } else if (n < on.length) {
    const byChair = [...on].sort((a, b) => (b.row.chair ?? 0) - (a.row.chair ?? 0));
    for (const b of byChair.slice(0, on.length - n)) await signOff(d, b.row.id);
  }
}

/**
 * Time alone can strand a customer: their barber, off duty, had a later shift that has now begun
 * without them signing on (or the day ended). Run by the queue's sweep on every fresh view: such
 * orders become first available (their place kept) and the customers are told, as at a sign-off
 * with no shift left.
 */
export async function releaseStranded(
  ctx: MarketContext,
  queue: DutyQueue,
  view: Pick<ShopQueueView, 'barbers' | 'active' | 'pob' | 'computedAt'>,
): Promise<number> {
  const stranded = view.barbers.filter(
    (b) =>
      !b.onDuty &&
      b.dueSince === null &&
      b.nextShiftAt === null &&
      view.active.some((o) => o.startedAt === null && o.barberId === b.row.id),
  );
  if (stranded.length === 0) return 0;
  const d = { ctx, queue, pobId: view.pob.id, now: view.computedAt };
  const released = await ctx.db.transaction(async (tx) => {
    await lockShop(tx, d.pobId);
    let n = 0;
    for (const b of stranded) n += (await tellTied(tx, d, b.row, 'off_duty')).releasedOrders;
    return n;
  });
  if (released > 0) {
    await queue.changed(ctx, d.pobId);
    queue.messagesWritten(ctx);
  }
  return released;
}
