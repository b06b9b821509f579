// Manager-only calls: opening hours, shop details, the service catalogue and staff accounts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  okAnswerSchema,
  pobSummarySchema,
  staffAccountCreateSchema,
  staffAccountListSchema,
  staffAccountPatchSchema,
  staffHoursSchema,
  staffMemberSchema,
  staffServiceCreateSchema,
  staffServiceGroupPatchSchema,
  staffServiceGroupSchema,
  staffServiceListSchema,
  staffServicePatchSchema,
  staffServiceSchema,
  staffShopDetailsSchema,
} from '@jono/contract';
import { pobs, serviceGroups, services, staff } from '../../db/schema';
import { HttpError, notFound } from '../../lib/http-error';
import { hashPassword } from '../../lib/passwords';
import { isUniqueViolation } from '../../services/orders';
import { staffCaller, staffView } from '../../services/staff-auth';
import { summaryView } from '../../services/shops';
import { publishRevocation } from '../../services/revocation';
import { errorAnswers, idSchema, marketCtx, marketParams, MANAGER_TAG } from '../params';

type ServiceRow = typeof services.$inferSelect;
type GroupRow = typeof serviceGroups.$inferSelect;
const groupView = (g: GroupRow) => ({
  id: g.id,
  title: g.title,
  details: g.details,
  translations: g.translations,
});
const serviceView = (s: ServiceRow) => ({
  id: s.id,
  group_id: s.groupId,
  parent_service_id: s.parentServiceId,
  title: s.title,
  details: s.details,
  long_description: s.longDescription,
  price: s.price,
  duration: s.duration,
  display_order: s.displayOrder,
  active: s.active,
  translations: s.translations,
});

const routes: FastifyPluginAsyncZod = async (app) => {
  const tags = [MANAGER_TAG];
  const manager = async (
    request: Parameters<typeof staffCaller>[0],
    market: z.infer<typeof marketParams>['market'],
  ) => {
    const ctx = marketCtx(app, market);
    return { ctx, ...(await staffCaller(request, ctx, market, { manager: true })) };
  };

  app.put(
    '/staff/shop/hours/',
    {
      schema: {
        tags,
        summary: "Replace the shop's opening hours (local times in the shop's time zone)",
        description:
          'A weekday without a row is closed; a close at or before the open runs past midnight; "24:00" closes at midnight.',
        params: marketParams,
        body: staffHoursSchema,
        response: { 200: staffHoursSchema },
      },
    },
    async (request) => {
      const { ctx, pobId } = await manager(request, request.params.market);
      const openTimes = request.body.open_times;
      await ctx.db
        .update(pobs)
        .set({ openTimes, updatedAt: new Date(app.now()) })
        .where(eq(pobs.id, pobId));
      await app.queue.changed(ctx, pobId);
      app.queue.learnt(ctx, pobId);
      return { open_times: openTimes };
    },
  );

  app.patch(
    '/staff/shop/details/',
    {
      schema: {
        tags,
        summary: "Change the shop's name, address, location or image",
        params: marketParams,
        body: staffShopDetailsSchema,
        response: { 200: pobSummarySchema },
      },
    },
    async (request) => {
      const { ctx, pobId } = await manager(request, request.params.market);
      const b = request.body;
      const set: Partial<typeof pobs.$inferInsert> = { updatedAt: new Date(app.now()) };
      if (b.name !== undefined) set.name = b.name;
      if (b.city !== undefined) set.city = b.city;
      if (b.address !== undefined) set.address = b.address;
      if (b.latitude !== undefined) set.latitude = b.latitude;
      if (b.longitude !== undefined) set.longitude = b.longitude;
      if (b.image !== undefined) set.image = b.image;
      await ctx.db.update(pobs).set(set).where(eq(pobs.id, pobId));
      const view = await app.queue.changed(ctx, pobId);
      return summaryView(view.pob, view.snapshot);
    },
  );

  app.get(
    '/staff/services/',
    {
      schema: {
        tags,
        summary: "The shop's service groups, services and extras, inactive ones included",
        params: marketParams,
        response: { 200: staffServiceListSchema },
      },
    },
    async (request) => {
      const { ctx, pobId } = await manager(request, request.params.market);
      const [groups, rows] = await Promise.all([
        ctx.db
          .select()
          .from(serviceGroups)
          .where(eq(serviceGroups.pobId, pobId))
          .orderBy(asc(serviceGroups.displayOrder)),
        ctx.db
          .select()
          .from(services)
          .where(eq(services.pobId, pobId))
          .orderBy(asc(services.displayOrder), asc(services.id)),
      ]);
      return {
        groups: groups.map(groupView),
        items: rows.map(serviceView),
      };
    },
  );

  app.post(
    '/staff/services/',
    {
      schema: {
        tags,
        summary: 'Add a service (with group_id) or an extra (with parent_service_id)',
        description:
          'Prices in cents including VAT, durations in planned minutes. Orders keep the price and duration they were made with.',
        params: marketParams,
        body: staffServiceCreateSchema,
        response: { 201: staffServiceSchema, ...errorAnswers },
      },
    },
    async (request, reply) => {
      const { ctx, pobId } = await manager(request, request.params.market);
      const b = request.body;
      if (b.group_id !== undefined) {
        const [g] = await ctx.db
          .select()
          .from(serviceGroups)
          .where(and(eq(serviceGroups.id, b.group_id), eq(serviceGroups.pobId, pobId)));
        if (!g)
          throw new HttpError(400, 'validation', 'No such service group in this shop', {
            group_id: 'No such service group in this shop',
          });
      }
      if (b.parent_service_id !== undefined) {
        const [p] = await ctx.db
          .select()
          .from(services)
          .where(and(eq(services.id, b.parent_service_id), eq(services.pobId, pobId)));
        if (!p || p.parentServiceId !== null) {
          throw new HttpError(400, 'validation', 'No such service in this shop', {
            parent_service_id: 'No such service in this shop',
          });
        }
      }
      if (b.duration < 1 && b.parent_service_id === undefined) {
        const message = 'A service takes at least 1 minute';
        throw new HttpError(400, 'validation', message, { duration: message });
      }
      const [row] = await ctx.db
        .insert(services)
        .values({
          pobId,
          groupId: b.group_id ?? null,
          parentServiceId: b.parent_service_id ?? null,
          title: b.title,
          details: b.details,
          longDescription: b.long_description,
          price: b.price,
          duration: b.duration,
          displayOrder: b.display_order,
          translations: b.translations,
        })
        .returning();
      if (!row) throw new Error('service insert failed');
      await app.queue.changed(ctx, pobId);
      return reply.code(201).send(serviceView(row));
    },
  );

  const serviceParams = marketParams.extend({ serviceId: idSchema });
  const ownService = async (ctx: ReturnType<typeof marketCtx>, pobId: number, id: number) => {
    const [row] = await ctx.db
      .select()
      .from(services)
      .where(and(eq(services.id, id), eq(services.pobId, pobId)));
    if (!row) throw notFound('Service not found');
    return row;
  };

  app.patch(
    '/staff/services/:serviceId/',
    {
      schema: {
        tags,
        summary: 'Change a service or extra (title, texts, price, duration, order, active)',
        description:
          "`translations` (title, details and long description in other languages than the market's), when sent, replaces the stored ones (send every language); a changed text without them keeps the other languages as they are. A service (not an extra) takes at least 1 minute (400 otherwise).",
        params: serviceParams,
        body: staffServicePatchSchema,
        response: { 200: staffServiceSchema },
      },
    },
    async (request) => {
      const { ctx, pobId } = await manager(request, request.params.market);
      const b = request.body;
      const current = await ownService(ctx, pobId, request.params.serviceId);
      const set: Partial<typeof services.$inferInsert> = {};
      if (b.title !== undefined) set.title = b.title;
      if (b.details !== undefined) set.details = b.details;
      if (b.long_description !== undefined) set.longDescription = b.long_description;
      if (b.price !== undefined) set.price = b.price;
      if (b.duration !== undefined) {
        // A service takes time in the chair; an extra (a product, a wash done meanwhile) may not.
        if (b.duration < 1 && current.parentServiceId === null) {
          const message = 'A service takes at least 1 minute';
          throw new HttpError(400, 'validation', message, { duration: message });
        }
        set.duration = b.duration;
      }
      if (b.display_order !== undefined) set.displayOrder = b.display_order;
      if (b.active !== undefined) set.active = b.active;
      // An edit in one language never touches another: the translations change only when sent.
      if (b.translations !== undefined) set.translations = b.translations;
      const [row] = Object.keys(set).length
        ? await ctx.db
            .update(services)
            .set(set)
            .where(eq(services.id, request.params.serviceId))
            .returning()
        : [current];
      if (!row) throw notFound('Service not found');
      await app.queue.changed(ctx, pobId);
      return serviceView(row);
    },
  );

  app.delete(
    '/staff/services/:serviceId/',
    {
      schema: {
        tags,
        summary:
          'Withdraw a service or extra (kept inactive: past orders and receipts refer to it)',
        params: serviceParams,
        response: { 200: staffServiceSchema },
      },
    },
    async (request) => {
      const { ctx, pobId } = await manager(request, request.params.market);
      await ownService(ctx, pobId, request.params.serviceId);
      const [row] = await ctx.db
        .update(services)
        .set({ active: false })
        .where(eq(services.id, request.params.serviceId))
        .returning();
      if (!row) throw notFound('Service not found');
      await app.queue.changed(ctx, pobId);
      return serviceView(row);
    },
  );

  const groupParams = marketParams.extend({ groupId: idSchema });
  app.patch(
    '/staff/service-groups/:groupId/',
    {
      schema: {
        tags,
        summary:
          "Change a service group's title and description, in the market's language or others",
        description:
          "`translations` (title and description in other languages than the market's), when sent, replaces the stored ones (send every language); a changed text without them keeps the other languages as they are. Customers see a group wholly in their language when every text of it is written in it, else wholly in the market's.",
        params: groupParams,
        body: staffServiceGroupPatchSchema,
        response: { 200: staffServiceGroupSchema },
      },
    },
    async (request) => {
      const { ctx, pobId } = await manager(request, request.params.market);
      const b = request.body;
      const set: Partial<typeof serviceGroups.$inferInsert> = {};
      if (b.title !== undefined) set.title = b.title;
      if (b.details !== undefined) set.details = b.details;
      if (b.translations !== undefined) set.translations = b.translations;
      const where = and(
        eq(serviceGroups.id, request.params.groupId),
        eq(serviceGroups.pobId, pobId),
      );
      const [row] = Object.keys(set).length
        ? await ctx.db.update(serviceGroups).set(set).where(where).returning()
        : await ctx.db.select().from(serviceGroups).where(where);
      if (!row) throw notFound('Service group not found');
      await app.queue.changed(ctx, pobId);
      return groupView(row);
    },
  );

  app.get(
    '/staff/accounts/',
    {
      schema: {
        tags,
        summary: "The shop's staff accounts",
        params: marketParams,
        response: { 200: staffAccountListSchema },
      },
    },
    async (request) => {
      const { ctx, pobId } = await manager(request, request.params.market);
      const rows = await ctx.db
        .select()
        .from(staff)
        .where(eq(staff.pobId, pobId))
        .orderBy(asc(staff.id));
      return { items: rows.map(staffView) };
    },
  );

  app.post(
    '/staff/accounts/',
    {
      schema: {
        tags,
        summary: 'Add a barber or manager to the shop',
        description: 'Usernames are unique in the market (409 `conflict`).',
        params: marketParams,
        body: staffAccountCreateSchema,
        response: { 201: staffMemberSchema, ...errorAnswers },
      },
    },
    async (request, reply) => {
      const { ctx, pobId } = await manager(request, request.params.market);
      const b = request.body;
      try {
        const [row] = await ctx.db
          .insert(staff)
          .values({
            pobId,
            username: b.username,
            name: b.name,
            role: b.role,
            passwordHash: await hashPassword(b.password),
          })
          .returning();
        if (!row) throw new Error('staff insert failed');
        return reply.code(201).send(staffView(row));
      } catch (err) {
        if (isUniqueViolation(err)) throw new HttpError(409, 'conflict', 'This username is taken');
        throw err;
      }
    },
  );

  const accountParams = marketParams.extend({ staffId: idSchema });
  const ownAccount = async (ctx: ReturnType<typeof marketCtx>, pobId: number, id: number) => {
    const [row] = await ctx.db
      .select()
      .from(staff)
      .where(and(eq(staff.id, id), eq(staff.pobId, pobId)));
    if (!row) throw notFound('Staff member not found');
    return row;
  };

  app.patch(
    '/staff/accounts/:staffId/',
    {
      schema: {
        tags,
        summary: "Change a staff member's name, role or password",
        description:
          "A new password or role ends the member's open sessions, live streams included, on every server.",
        params: accountParams,
        body: staffAccountPatchSchema,
        response: { 200: staffMemberSchema, ...errorAnswers },
      },
    },
    async (request) => {
      const { ctx, pobId, member } = await manager(request, request.params.market);
      const target = await ownAccount(ctx, pobId, request.params.staffId);
      const b = request.body;
      if (target.id === member.id && b.role === 'barber') {
        throw new HttpError(409, 'conflict', 'A manager cannot demote themselves');
      }
      const set: Partial<typeof staff.$inferInsert> = {};
      if (b.name !== undefined) set.name = b.name;
      if (b.role !== undefined && b.role !== target.role) set.role = b.role;
      if (b.password !== undefined) set.passwordHash = await hashPassword(b.password);
      const endsSessions = set.role !== undefined || set.passwordHash !== undefined;
      if (endsSessions) set.tokenVersion = target.tokenVersion + 1;
      const [row] = Object.keys(set).length
        ? await ctx.db.update(staff).set(set).where(eq(staff.id, target.id)).returning()
        : [target];
      if (!row) throw notFound('Staff member not found');
      if (endsSessions) await publishRevocation(app, ctx, { kind: 'staff', staffId: row.id });
      return staffView(row);
    },
  );

  app.delete(
    '/staff/accounts/:staffId/',
    {
      schema: {
        tags,
        summary: 'Remove a staff account (its sessions and live streams end at once)',
        params: accountParams,
        response: { 200: okAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => {
      const { ctx, pobId, member } = await manager(request, request.params.market);
      const target = await ownAccount(ctx, pobId, request.params.staffId);
      if (target.id === member.id)
        throw new HttpError(409, 'conflict', 'A manager cannot remove themselves');
      await ctx.db.delete(staff).where(eq(staff.id, target.id));
      await publishRevocation(app, ctx, { kind: 'staff', staffId: target.id });
      return { ok: true as const };
    },
  );
};

export default routes;
