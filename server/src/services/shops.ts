// Shops as the API shows them: catalogue rows plus the live queue snapshot (estimates, state).
import { asc, eq } from 'drizzle-orm';
import {
  localised,
  localisedTexts,
  type ContentTranslations,
  type Language,
  type Pob,
  type PobSummary,
  type PublicBarber,
  type QueueState,
  type ServiceTimeEstimate,
} from '@jono/contract';
import type { MarketContext } from '../context';
import { pobs, serviceGroups, services } from '../db/schema';

type PobRow = typeof pobs.$inferSelect;

export interface QueueSnapshot {
  open: boolean;
  closing_soon: boolean;
  queue_state: QueueState;
  service_time_estimates: ServiceTimeEstimate[];
  /** The named barbers who work today (on duty first), with their own waits; absent: none. */
  barbers?: SnapshotBarber[];
}

/** A barber in a snapshot: the public shape plus the specialities' translations. */
export type SnapshotBarber = PublicBarber & {
  translations: ContentTranslations<'specialities'>;
};

/** The snapshot's barbers as customers see them, specialities in `language` where given. */
export function publicBarbers(
  snap: QueueSnapshot,
  language: Language | null = null,
): PublicBarber[] {
  return (snap.barbers ?? []).map(({ translations, ...b }) => ({
    ...b,
    specialities: localised(b.specialities, translations, language, 'specialities'),
  }));
}

/** Computes a shop's live snapshot; the queue service provides the real one. */
export type SnapshotFn = (ctx: MarketContext, pob: PobRow) => Promise<QueueSnapshot>;

/**
 * `language`: the content language asked for (Accept-Language); texts the operator gave in it
 * replace the market's own, the rest stay in the market's language.
 */
export function summaryView(
  row: PobRow,
  snap: QueueSnapshot,
  language: Language | null = null,
): PobSummary {
  return {
    id: row.id,
    name: row.name,
    city: row.city,
    address: row.address,
    open: snap.open,
    open_times: row.openTimes,
    closing_soon: snap.closing_soon,
    location: { latitude: row.latitude, longitude: row.longitude },
    service_time_estimates: snap.service_time_estimates,
    queue_state: snap.queue_state,
    queue_info: { queue_employees: row.chairs },
    image: row.image ?? false,
    notice:
      row.notice === null ? null : localised(row.notice, row.translations, language, 'notice'),
  };
}

export async function listShops(
  ctx: MarketContext,
  snapshot: SnapshotFn,
  language: Language | null = null,
): Promise<PobSummary[]> {
  const rows = await ctx.db.select().from(pobs).orderBy(asc(pobs.city), asc(pobs.name));
  return Promise.all(rows.map(async (row) => summaryView(row, await snapshot(ctx, row), language)));
}

export async function findShopRow(ctx: MarketContext, id: number): Promise<PobRow | undefined> {
  const [row] = await ctx.db.select().from(pobs).where(eq(pobs.id, id));
  return row;
}

export async function shopDetail(
  ctx: MarketContext,
  row: PobRow,
  snapshot: SnapshotFn,
  language: Language | null = null,
): Promise<Omit<Pob, 'accuracy'>> {
  const [groups, all] = await Promise.all([
    ctx.db
      .select()
      .from(serviceGroups)
      .where(eq(serviceGroups.pobId, row.id))
      .orderBy(asc(serviceGroups.displayOrder)),
    ctx.db
      .select()
      .from(services)
      .where(eq(services.pobId, row.id))
      .orderBy(asc(services.displayOrder), asc(services.id)),
  ]);
  const active = all.filter((s) => s.active);
  const main = active.filter((s) => s.parentServiceId === null && s.groupId !== null);
  const extrasByService = new Map<number, typeof active>();
  for (const s of active) {
    if (s.parentServiceId === null) continue;
    const list = extrasByService.get(s.parentServiceId) ?? [];
    list.push(s);
    extrasByService.set(s.parentServiceId, list);
  }
  // Each card in one language: the customer's where every text is written in it, else the market's.
  const serviceView = (s: (typeof active)[number]) => ({
    id: s.id,
    ...localisedTexts(
      { title: s.title, details: s.details, long_description: s.longDescription },
      s.translations,
      language,
    ),
    display_order: s.displayOrder,
    price: s.price,
    duration: s.duration,
  });
  const snap = await snapshot(ctx, row);
  return {
    ...summaryView(row, snap, language),
    barbers: publicBarbers(snap, language),
    service_groups: groups.map((g) => ({
      id: g.id,
      ...localisedTexts({ title: g.title, details: g.details }, g.translations, language),
      display_order: g.displayOrder,
      parent: g.parent,
    })),
    services: main.map((s) => ({ ...serviceView(s), group_id: s.groupId ?? 0 })),
    extra_services: [...extrasByService.entries()]
      .filter(([serviceId]) => main.some((m) => m.id === serviceId))
      .map(([serviceId, extras]) => ({
        service_id: serviceId,
        services: extras.map((e) => ({ ...serviceView(e), group_id: e.groupId })),
      })),
  };
}
