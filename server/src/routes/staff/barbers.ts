// Barbers as people (issue 30), staff side: the manager keeps the shop's barbers and their rota
// (a weekly template, and a day's own shifts); any staff member signs a barber on duty at a chair
// and off, and changes a waiting customer's barber at the counter with the customer's consent.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import {
  BARBER_CHANGES_MAX,
  staffBarberCreateSchema,
  staffBarberListSchema,
  staffBarberPatchSchema,
  staffBarberRemovedSchema,
  staffBarberSchema,
  staffDutyAnswerSchema,
  staffDutyOnSchema,
  staffOrderBarberSchema,
  staffRotaDaySchema,
  staffRotaQuerySchema,
  staffRotaSchema,
  calendarDate,
  staffActionAnswerSchema,
  type StaffBarber,
} from '@jono/contract';
import type { MarketContext } from '../../context';
import { barberDays, barbers, orders, staff } from '../../db/schema';
import { HttpError, notFound } from '../../lib/http-error';
import { barberChange } from '../../services/barber-choice';
import { removeBarber, signOff, signOn } from '../../services/barber-duty';
import { changeQueue } from '../../services/queue-change';
import { planOf, type BarberRow } from '../../services/rota';
import { staffCaller } from '../../services/staff-auth';
import { undoOf } from '../../services/staff-queue';
import { errorAnswers, idSchema, marketCtx, marketParams, MANAGER_TAG } from '../params';

export function staffBarberView(row: BarberRow): StaffBarber {
  return {
    id: row.id,
    first_name: row.firstName,
    photo: row.photo,
    languages: row.languages,
    specialities: row.specialities,
    translations: row.translations,
    staff_id: row.staffId,
    week: row.week,
    on_duty: row.chair !== null,
    chair: row.chair,
    on_duty_since: row.onDutySince?.toISOString() ?? null,
  };
}

/** A photo is an https URL or a path of the server's own images (/media/...). */
function checkPhoto(photo: string | null | undefined): void {
  if (photo === null || photo === undefined) return;
  if (/^https:\/\/\S+$/.test(photo) || /^\/media\/[\w./-]+$/.test(photo)) return;
  throw new HttpError(400, 'validation', 'Give the photo as an https URL or a /media/ path', {
    photo: 'Use an https URL or a /media/ path',
  });
}

/** A staff account linked to a barber must be of the same shop. */
async function checkStaff(ctx: MarketContext, pobId: number, staffId: number | null | undefined) {
  if (staffId === null || staffId === undefined) return;
  const [row] = await ctx.db
    .select({ pobId: staff.pobId })
    .from(staff)
    .where(eq(staff.id, staffId));
  if (!row || row.pobId !== pobId) {
    throw new HttpError(400, 'validation', 'No staff account of this shop has this id', {
      staff_id: 'Not a staff account of this shop',
    });
  }
}

const routes: FastifyPluginAsyncZod = async (app) => {
  const managerTags = [MANAGER_TAG];
  const tags = ['staff'];
  const barberParams = marketParams.extend({ barberId: idSchema });
  const caller = (
    request: Parameters<typeof staffCaller>[0],
    market: z.infer<typeof marketParams>['market'],
    manager = false,
  ) => {
    const ctx = marketCtx(app, market);
    return staffCaller(request, ctx, market, { manager }).then((c) => ({ ctx, ...c }));
  };
  const ownBarber = async (ctx: MarketContext, pobId: number, id: number) => {
    const [row] = await ctx.db.select().from(barbers).where(eq(barbers.id, id));
    if (!row || row.pobId !== pobId || row.removedAt !== null) throw notFound('Barber not found');
    return row;
  };

  app.get(
    '/staff/barbers/',
    {
      schema: {
        tags,
        summary: "The shop's barbers (removed ones left out), with their weekly template and duty",
        params: marketParams,
        response: { 200: staffBarberListSchema },
      },
    },
    async (request) => {
      const { ctx, pobId } = await caller(request, request.params.market);
      const rows = await ctx.db
        .select()
        .from(barbers)
        .where(and(eq(barbers.pobId, pobId), isNull(barbers.removedAt)))
        .orderBy(asc(barbers.firstName), asc(barbers.id));
      return { items: rows.map(staffBarberView) };
    },
  );

  app.post(
    '/staff/barbers/',
    {
      schema: {
        tags: managerTags,
        summary: 'Add a barber (first name, photo, languages, specialities, weekly template)',
        description:
          "`photo`: an https URL or a /media/ path. `staff_id` links the barber to a staff account of the shop. `week`: the usual shifts by ISO weekday (1 Monday ... 7 Sunday), HH:MM local time; a day's own rota replaces it (PUT /staff/rota/{date}/barbers/{barberId}/). A new barber is off duty.",
        params: marketParams,
        body: staffBarberCreateSchema,
        response: { 201: staffBarberSchema, ...errorAnswers },
      },
    },
    async (request, reply) => {
      const { ctx, pobId } = await caller(request, request.params.market, true);
      const b = request.body;
      checkPhoto(b.photo);
      await checkStaff(ctx, pobId, b.staff_id);
      const [row] = await ctx.db
        .insert(barbers)
        .values({
          pobId,
          firstName: b.first_name,
          photo: b.photo ?? null,
          languages: b.languages,
          specialities: b.specialities,
          translations: b.translations,
          staffId: b.staff_id ?? null,
          week: b.week,
          createdAt: new Date(app.now()),
        })
        .returning();
      if (!row) throw new Error('barber insert failed');
      await app.queue.changed(ctx, pobId);
      return reply.code(201).send(staffBarberView(row));
    },
  );

  app.patch(
    '/staff/barbers/:barberId/',
    {
      schema: {
        tags: managerTags,
        summary: 'Edit a barber; `translations` and `week` replace the ones stored',
        params: barberParams,
        body: staffBarberPatchSchema,
        response: { 200: staffBarberSchema, ...errorAnswers },
      },
    },
    async (request) => {
      const { ctx, pobId } = await caller(request, request.params.market, true);
      await ownBarber(ctx, pobId, request.params.barberId);
      const b = request.body;
      checkPhoto(b.photo);
      await checkStaff(ctx, pobId, b.staff_id);
      const set: Partial<typeof barbers.$inferInsert> = {};
      if (b.first_name !== undefined) set.firstName = b.first_name;
      if (b.photo !== undefined) set.photo = b.photo;
      if (b.languages !== undefined) set.languages = b.languages;
      if (b.specialities !== undefined) set.specialities = b.specialities;
      if (b.translations !== undefined) set.translations = b.translations;
      if (b.staff_id !== undefined) set.staffId = b.staff_id;
      if (b.week !== undefined) set.week = b.week;
      const [row] =
        Object.keys(set).length === 0
          ? [await ownBarber(ctx, pobId, request.params.barberId)]
          : await ctx.db
              .update(barbers)
              .set(set)
              .where(eq(barbers.id, request.params.barberId))
              .returning();
      if (!row) throw notFound('Barber not found');
      await app.queue.changed(ctx, pobId);
      return staffBarberView(row);
    },
  );

  app.delete(
    '/staff/barbers/:barberId/',
    {
      schema: {
        tags: managerTags,
        summary: 'Remove a barber',
        description:
          'Off duty at once and gone from the shop page and the rota. Customers waiting for them become first available (keeping their place) and are told by push or SMS; served orders keep who served them.',
        params: barberParams,
        response: { 200: staffBarberRemovedSchema, ...errorAnswers },
      },
    },
    async (request) => {
      const { ctx, pobId } = await caller(request, request.params.market, true);
      const out = await removeBarber(
        { ctx, queue: app.queue, pobId, now: app.now() },
        request.params.barberId,
      );
      return { id: out.barber.id, released_orders: out.releasedOrders };
    },
  );

  const dutyAnswer = (out: Awaited<ReturnType<typeof signOff>>) => ({
    barber: staffBarberView(out.barber),
    chairs: out.chairs,
    told_orders: out.toldOrders,
    released_orders: out.releasedOrders,
  });

  app.post(
    '/staff/barbers/:barberId/duty/',
    {
      schema: {
        tags,
        summary: 'A barber signs on duty at a chair',
        description:
          "Any staff member of the shop. Body `{chair?}`: that chair (409 `chair_has_barber` when another barber holds it, `chair_busy` when a customer still sits in it), else the lowest chair nobody holds or sits in. The shop's chairs on duty become its barbers on duty. 409 `barber_on_duty` when already on duty.",
        params: barberParams,
        body: staffDutyOnSchema.nullish(),
        response: { 200: staffDutyAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => {
      const { ctx, pobId } = await caller(request, request.params.market);
      const out = await signOn(
        { ctx, queue: app.queue, pobId, now: app.now() },
        request.params.barberId,
        request.body?.chair,
      );
      return dutyAnswer(out);
    },
  );

  app.delete(
    '/staff/barbers/:barberId/duty/',
    {
      schema: {
        tags,
        summary: 'A barber signs off duty',
        description:
          'Any staff member of the shop. A customer in their chair is finished as usual (the chair drains). Customers waiting for this barber are told at once: with a later shift today they may keep waiting for it or take the first available at their place (PATCH barber_id null, which then costs no change); with none left today they become first available and are told. 409 `barber_off_duty` when already off duty.',
        params: barberParams,
        response: { 200: staffDutyAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => {
      const { ctx, pobId } = await caller(request, request.params.market);
      const out = await signOff(
        { ctx, queue: app.queue, pobId, now: app.now() },
        request.params.barberId,
      );
      return dutyAnswer(out);
    },
  );

  app.get(
    '/staff/rota/',
    {
      schema: {
        tags,
        summary: "Who works on a day, and when (the day's own shifts, else the weekly template)",
        params: marketParams,
        querystring: staffRotaQuerySchema,
        response: { 200: staffRotaSchema, ...errorAnswers },
      },
    },
    async (request) => {
      const { ctx, pobId } = await caller(request, request.params.market);
      return rotaOfDay(ctx, pobId, request.query.date);
    },
  );

  const rotaParams = barberParams.extend({ date: calendarDate() });

  app.put(
    '/staff/rota/:date/barbers/:barberId/',
    {
      schema: {
        tags: managerTags,
        summary: "A barber's own shifts on one day (replacing the weekly template that day)",
        description:
          "HH:MM local time, in order and not overlapping; a break is the gap between two shifts; `[]` is a day off. Answers the day's rota.",
        params: rotaParams,
        body: staffRotaDaySchema,
        response: { 200: staffRotaSchema, ...errorAnswers },
      },
    },
    async (request) => {
      const { ctx, pobId } = await caller(request, request.params.market, true);
      const { barberId, date } = request.params;
      await ownBarber(ctx, pobId, barberId);
      const now = new Date(app.now());
      await ctx.db
        .insert(barberDays)
        .values({ barberId, day: date, shifts: request.body.shifts, updatedAt: now })
        .onConflictDoUpdate({
          target: [barberDays.barberId, barberDays.day],
          set: { shifts: request.body.shifts, updatedAt: now },
        });
      await app.queue.changed(ctx, pobId);
      return rotaOfDay(ctx, pobId, date);
    },
  );

  app.delete(
    '/staff/rota/:date/barbers/:barberId/',
    {
      schema: {
        tags: managerTags,
        summary: "Back to the weekly template for a barber's day",
        params: rotaParams,
        response: { 200: staffRotaSchema, ...errorAnswers },
      },
    },
    async (request) => {
      const { ctx, pobId } = await caller(request, request.params.market, true);
      const { barberId, date } = request.params;
      await ownBarber(ctx, pobId, barberId);
      await ctx.db
        .delete(barberDays)
        .where(and(eq(barberDays.barberId, barberId), eq(barberDays.day, date)));
      await app.queue.changed(ctx, pobId);
      return rotaOfDay(ctx, pobId, date);
    },
  );

  async function rotaOfDay(ctx: MarketContext, pobId: number, day: string) {
    const rows = await ctx.db
      .select()
      .from(barbers)
      .where(and(eq(barbers.pobId, pobId), isNull(barbers.removedAt)))
      .orderBy(asc(barbers.firstName), asc(barbers.id));
    const own =
      rows.length === 0
        ? []
        : await ctx.db
            .select()
            .from(barberDays)
            .where(
              and(
                inArray(
                  barberDays.barberId,
                  rows.map((r) => r.id),
                ),
                eq(barberDays.day, day),
              ),
            );
    return {
      date: day,
      barbers: rows.map((r) => ({
        barber_id: r.id,
        first_name: r.firstName,
        ...planOf(
          r,
          own.find((d) => d.barberId === r.id),
          day,
        ),
      })),
    };
  }

  app.post(
    '/staff/orders/:orderId/barber/',
    {
      schema: {
        tags,
        summary: "Change a waiting customer's barber at their request (with their consent)",
        description: `Body \`{barber_id, customer_consent: true}\` (barber_id null: first available). Staff never move a customer to another barber without their consent; the change is recorded on the order and does not count against the customer's own ${BARBER_CHANGES_MAX} changes. Refusals as the customer's change: 409 \`barber_unknown\`, \`barber_removed\`, \`barber_off_today\`, \`not_waiting\`.`,
        params: marketParams.extend({ orderId: idSchema }),
        body: staffOrderBarberSchema,
        response: { 200: staffActionAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => {
      const { ctx, pobId, member } = await caller(request, request.params.market);
      const now = app.now();
      const [order] = await ctx.db
        .select({ pobId: orders.pobId })
        .from(orders)
        .where(eq(orders.id, request.params.orderId));
      if (!order || order.pobId !== pobId) throw notFound('Order not found');
      const { result } = await changeQueue(
        ctx,
        app.queue,
        pobId,
        now,
        barberChange(request.params.orderId, undefined, request.body.barber_id, now, {
          by: 'staff',
          staffId: member.id,
        }),
      );
      return {
        id: result.id,
        status: result.status as 'active' | 'cancelled' | 'serviced' | 'noShow',
        undo: undoOf(result, now),
      };
    },
  );
};

export default routes;
