// What eight weeks of a shop's orders say: the staffing forecast for the next seven days (Erlang
// C with members served first, @jono/queue's staffing.ts) and the operators' charts (waits
// through the day, joins by weekday and hour, drop-off by place and by shown wait, durations per
// service and per barber). One read of the history per shop (or market) is kept
// INSIGHTS_TTL_MS: these move by the day, not by the minute.
import { and, eq, gte, inArray, isNull } from 'drizzle-orm';
import type { Forecast, OperatorCharts } from '@jono/contract';
import { barbersNeeded, localDateHour, localTimeToEpoch, oneTimeMeanWait } from '@jono/queue';
import type { MarketContext } from '../context';
import type { pobs } from '../db/schema';
import { barberDays, barbers, barbers as barberRows, orders, staff } from '../db/schema';
import { localDay, planOf, shiftsOn, type Interval } from './rota';

export const INSIGHT_WEEKS = 8;
export const INSIGHTS_TTL_MS = 10 * 60_000;
/** Days of the all-week hourly rate blended into a weekday's own rate for the hour. */
const POOLING = 4;
const DAY = 86_400_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;

interface HistoryRow {
  pobId: number;
  status: string;
  priority: number;
  joinedAt: number;
  startedAt: number | null;
  finishedAt: number | null;
  leftAt: number;
  shownWait: number | null;
  chair: number | null;
  startedBy: number | null;
  /** The named barber who served (issue 30); null before named barbers. */
  servedBy: number | null;
  title: string;
  planned: number;
}

const weekdayOf = (d: { year: number; month: number; day: number }) =>
  ((new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay() + 6) % 7) + 1;
const isoDate = (d: { year: number; month: number; day: number }) =>
  `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;

function quantile(sorted: readonly number[], q: number): number | null {
  if (sorted.length === 0) return null;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))));
  return Math.round((sorted[i] ?? 0) * 10) / 10;
}
const spread = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return {
    count: s.length,
    median: quantile(s, 0.5),
    p25: quantile(s, 0.25),
    p75: quantile(s, 0.75),
  };
};

export class Insights {
  private readonly kept = new Map<string, { at: number; rows: Promise<HistoryRow[]> }>();

  constructor(private readonly now: () => number) {}

  /** The last INSIGHT_WEEKS weeks of orders of one shop, or of the market (pobId undefined). */
  history(ctx: MarketContext, pobId?: number): Promise<HistoryRow[]> {
    const key = `${ctx.market}:${pobId ?? '*'}`;
    const now = this.now();
    const hit = this.kept.get(key);
    if (hit && now >= hit.at && now - hit.at < INSIGHTS_TTL_MS) return hit.rows;
    const rows = this.read(ctx, now, pobId);
    this.kept.set(key, { at: now, rows });
    rows.catch(() => this.kept.delete(key));
    return rows;
  }

  clear(): void {
    this.kept.clear();
  }

  private async read(ctx: MarketContext, now: number, pobId?: number): Promise<HistoryRow[]> {
    const since = new Date(now - INSIGHT_WEEKS * 7 * DAY);
    const rows = await ctx.db
      .select({
        pobId: orders.pobId,
        status: orders.status,
        priority: orders.priority,
        joinedAt: orders.joinedAt,
        startedAt: orders.startedAt,
        finishedAt: orders.finishedAt,
        updatedAt: orders.updatedAt,
        shownWait: orders.shownWait,
        chair: orders.chair,
        startedBy: orders.startedBy,
        servedBy: orders.servedBy,
        items: orders.items,
        planned: orders.plannedMinutes,
      })
      .from(orders)
      .where(
        and(gte(orders.joinedAt, since), pobId === undefined ? undefined : eq(orders.pobId, pobId)),
      );
    return rows
      .filter((r) => r.joinedAt.getTime() <= now)
      .map((r) => ({
        pobId: r.pobId,
        status: r.status,
        priority: Math.min(3, Math.max(0, r.priority)),
        joinedAt: r.joinedAt.getTime(),
        startedAt: r.startedAt?.getTime() ?? null,
        finishedAt: r.finishedAt?.getTime() ?? null,
        leftAt: (r.startedAt ?? r.updatedAt).getTime(),
        shownWait: r.shownWait,
        chair: r.chair,
        startedBy: r.startedBy,
        servedBy: r.servedBy,
        title: r.items[0]?.title ?? '',
        planned: r.planned,
      }));
  }
}

/**
 * The barbers each hour of the next seven days needs so that a one-time customer's mean wait
 * stays under `target` minutes, from the arrival rates learnt per weekday and hour (served
 * joins only), the mean service time, and Erlang C with members first; beside it, the chairs
 * that served someone in the same hour a week earlier (no duty history is kept: the chairs of
 * the orders served are what the database knows of who was at work), and for a shop with named
 * barbers (issue 30) the barbers its rota plans at work that hour.
 */
export async function staffingForecast(
  ctx: MarketContext,
  insights: Insights,
  pob: typeof pobs.$inferSelect,
  target: number,
  now: number,
): Promise<Forecast> {
  const tz = pob.timeZone;
  // Whole past days only: today is still coming in.
  const today = isoDate(localDateHour(now, tz));
  const rows = (await insights.history(ctx, pob.id)).filter(
    (r) => isoDate(localDateHour(r.joinedAt, tz)) < today,
  );
  const first = rows.reduce((m, r) => Math.min(m, r.joinedAt), now);
  const firstDate = isoDate(localDateHour(first, tz));
  // How many of each weekday the history covers (from the shop's first day in it).
  const perWeekday = [0, 0, 0, 0, 0, 0, 0];
  let days = 0;
  for (let d = 1; d <= INSIGHT_WEEKS * 7; d++) {
    const l = localDateHour(now - d * DAY, tz);
    if (isoDate(l) < firstDate) break;
    days++;
    perWeekday[weekdayOf(l) - 1] = (perWeekday[weekdayOf(l) - 1] ?? 0) + 1;
  }
  const counts = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => [0, 0, 0, 0]));
  const allDays = Array.from({ length: 24 }, () => [0, 0, 0, 0]);
  let served = 0;
  const durations: number[] = [];
  for (const r of rows) {
    const l = localDateHour(r.joinedAt, tz);
    const cell = counts[weekdayOf(l) - 1]?.[l.hour];
    if (cell) cell[r.priority] = (cell[r.priority] ?? 0) + 1;
    const pooled = allDays[l.hour];
    if (pooled) pooled[r.priority] = (pooled[r.priority] ?? 0) + 1;
    if (r.status === 'serviced') {
      served++;
      if (r.startedAt !== null && r.finishedAt !== null) {
        durations.push((r.finishedAt - r.startedAt) / MINUTE);
      }
    }
  }
  const servedShare = rows.length > 0 ? served / rows.length : 1;
  const meanService =
    durations.length > 0 ? durations.reduce((a, b) => a + b, 0) / durations.length : 30;
  // Chairs at work per hour a week before each forecast hour.
  const busy = (start: number) => {
    const chairs = new Set<number>();
    for (const r of rows) {
      if (r.startedAt === null || r.chair === null) continue;
      const end = r.finishedAt ?? r.startedAt + meanService * MINUTE;
      if (r.startedAt < start + HOUR && end > start) chairs.add(r.chair);
    }
    return chairs.size;
  };
  const rostered = await rosterOf(ctx, pob, now);
  const hours: Forecast['hours'] = [];
  const startHour = Math.floor(now / HOUR) * HOUR;
  for (let t = startHour; t < startHour + 7 * 24 * HOUR; t += HOUR) {
    const l = localDateHour(t, tz);
    const weekday = weekdayOf(l);
    const open = pob.openTimes.find((o) => o.weekday === weekday);
    if (!open) continue;
    const [oh = 0, om = 0] = open.open.split(':').map(Number);
    const [ch = 0, cm = 0] = open.close.split(':').map(Number);
    const opens = localTimeToEpoch(tz, l, oh * 60 + om);
    const closes = localTimeToEpoch(tz, l, ch * 60 + cm);
    if (t + HOUR <= opens || t >= closes) continue;
    // The weekday's own rate for the hour, shrunk towards the hour's rate over all days
    // (POOLING days' weight): eight samples of one weekday and hour are noisy.
    const n = perWeekday[weekday - 1] ?? 0;
    const cell = counts[weekday - 1]?.[l.hour] ?? [0, 0, 0, 0];
    const pooled = allDays[l.hour] ?? [0, 0, 0, 0];
    const rates = cell.map((c, p) => {
      const overall = days > 0 ? (pooled[p] ?? 0) / days : 0;
      return n + POOLING > 0 ? ((c + POOLING * overall) / (n + POOLING)) * servedShare : 0;
    });
    const needed = barbersNeeded(rates, meanService, target);
    const wait = oneTimeMeanWait(needed, rates, meanService);
    hours.push({
      start: new Date(t).toISOString(),
      date: isoDate(l),
      weekday,
      hour: l.hour,
      arrivals: Math.round(rates.reduce((a, b) => a + b, 0) * 100) / 100,
      needed,
      mean_wait: Number.isFinite(wait) ? Math.round(wait * 10) / 10 : 0,
      on_duty_last_week: busy(t - 7 * DAY),
      rostered: rostered ? rostered(t) : null,
    });
  }
  return {
    pob_id: pob.id,
    target,
    method: 'erlang_c',
    weeks: Math.round((days / 7) * 10) / 10,
    mean_service_minutes: Math.round(meanService * 10) / 10,
    hours,
  };
}

/** A barber counts as rostered for an hour when planned at work at least this much of it. */
export const ROSTERED_MIN_MS = 30 * MINUTE;

/**
 * The shop's rota for the next eight days (issue 30's named barbers: each day's own shifts where
 * the manager entered them, else the weekly template's): answers how many barbers are planned at
 * work for at least half of the hour starting at a time; null for a shop without named barbers.
 */
async function rosterOf(
  ctx: MarketContext,
  pob: Pick<typeof pobs.$inferSelect, 'id' | 'timeZone'>,
  now: number,
): Promise<((hourStart: number) => number) | null> {
  const rows = await ctx.db
    .select()
    .from(barbers)
    .where(and(eq(barbers.pobId, pob.id), isNull(barbers.removedAt)));
  if (rows.length === 0) return null;
  const days = [
    ...new Set(Array.from({ length: 9 }, (_, i) => localDay(pob.timeZone, now + i * DAY))),
  ];
  const own = await ctx.db
    .select()
    .from(barberDays)
    .where(
      and(
        inArray(
          barberDays.barberId,
          rows.map((r) => r.id),
        ),
        inArray(barberDays.day, days),
      ),
    );
  const planned: Interval[][] = rows.map((row) =>
    days.flatMap((day) =>
      shiftsOn(
        pob.timeZone,
        day,
        planOf(
          row,
          own.find((d) => d.barberId === row.id && d.day === day),
          day,
        ).shifts,
      ),
    ),
  );
  return (start) =>
    planned.filter((shifts) => {
      const overlap = shifts.reduce(
        (sum, s) => sum + Math.max(0, Math.min(s.to, start + HOUR) - Math.max(s.from, start)),
        0,
      );
      return overlap >= ROSTERED_MIN_MS;
    }).length;
}

/** The forecast as CSV (one row per hour), for a spreadsheet. */
export function forecastCsv(f: Forecast): string {
  const head =
    'start,date,weekday,hour,arrivals_per_hour,barbers_needed,one_time_mean_wait_min,on_duty_last_week,rostered';
  const lines = f.hours.map((h) =>
    [
      h.start,
      h.date,
      h.weekday,
      h.hour,
      h.arrivals,
      h.needed,
      h.mean_wait,
      h.on_duty_last_week,
      h.rostered ?? '',
    ].join(','),
  );
  return `${[head, ...lines].join('\n')}\n`;
}

const PLACE_MAX = 10;
const SHOWN_BUCKETS = [0, 10, 20, 30, 45, 60];

export async function operatorCharts(
  ctx: MarketContext,
  insights: Insights,
  pobId: number | undefined,
  now: number,
): Promise<OperatorCharts> {
  const rows = await insights.history(ctx, pobId);
  const tz = ctx.info.timeZone;
  // Waits through the day.
  const waits = Array.from({ length: 24 }, () => [] as number[]);
  for (const r of rows) {
    if (r.startedAt === null) continue;
    waits[localDateHour(r.joinedAt, tz).hour]?.push((r.startedAt - r.joinedAt) / MINUTE);
  }
  // Joins per weekday and hour, per day of that weekday in the window.
  const first = rows.reduce((m, r) => Math.min(m, r.joinedAt), now);
  const days = Math.max(1, Math.min(INSIGHT_WEEKS * 7, Math.ceil((now - first) / DAY)));
  const perWeekday = [0, 0, 0, 0, 0, 0, 0];
  for (let d = 1; d <= days; d++) {
    const w = weekdayOf(localDateHour(now - d * DAY, tz));
    perWeekday[w - 1] = (perWeekday[w - 1] ?? 0) + 1;
  }
  const heat = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
  for (const r of rows) {
    const l = localDateHour(r.joinedAt, tz);
    const row = heat[weekdayOf(l) - 1];
    if (row) row[l.hour] = (row[l.hour] ?? 0) + 1;
  }
  const shopCount = pobId === undefined ? Math.max(1, new Set(rows.map((r) => r.pobId)).size) : 1;
  const joinsHeatmap = heat.map((row, w) =>
    row.map((c) => Math.round((c / Math.max(1, perWeekday[w] ?? 1) / shopCount) * 100) / 100),
  );
  // Drop-off by place in line at joining (per shop, who joined earlier and had not left yet).
  const byPlace = Array.from({ length: PLACE_MAX + 1 }, (_, place) => ({
    place,
    joined: 0,
    left: 0,
    no_show: 0,
  }));
  const byShown = SHOWN_BUCKETS.map((from) => ({ from, joined: 0, left: 0, no_show: 0 }));
  const byShop = new Map<number, HistoryRow[]>();
  for (const r of rows) byShop.set(r.pobId, [...(byShop.get(r.pobId) ?? []), r]);
  for (const list of byShop.values()) {
    list.sort((a, b) => a.joinedAt - b.joinedAt);
    for (let i = 0; i < list.length; i++) {
      const r = list[i];
      if (!r) continue;
      let ahead = 0;
      for (let j = i - 1; j >= 0 && ahead <= PLACE_MAX; j--) {
        const e = list[j];
        if (!e) continue;
        if (r.joinedAt - e.joinedAt > 6 * HOUR) break;
        if (e.leftAt > r.joinedAt) ahead++;
      }
      const bucket = byPlace[Math.min(PLACE_MAX, ahead)];
      const shown =
        r.shownWait === null
          ? undefined
          : byShown[SHOWN_BUCKETS.filter((b) => b <= (r.shownWait ?? 0)).length - 1];
      for (const b of [bucket, shown]) {
        if (!b) continue;
        b.joined++;
        if (r.status === 'cancelled' && r.startedAt === null) b.left++;
        if (r.status === 'noShow') b.no_show++;
      }
    }
  }
  // Durations per service and per barber.
  const services = new Map<string, { planned: number; minutes: number[] }>();
  // Keyed by the named barber who served where the shop records it, else by the staff account
  // that pressed Start (negative keys, as the engine's history does: queue-load.ts).
  const barbers = new Map<number, number[]>();
  for (const r of rows) {
    if (r.status !== 'serviced' || r.startedAt === null || r.finishedAt === null) continue;
    const minutes = (r.finishedAt - r.startedAt) / MINUTE;
    const s = services.get(r.title) ?? { planned: r.planned, minutes: [] };
    s.minutes.push(minutes);
    services.set(r.title, s);
    const who = r.servedBy ?? (r.startedBy === null ? null : -r.startedBy);
    if (who !== null) barbers.set(who, [...(barbers.get(who) ?? []), minutes]);
  }
  const names = barbers.size
    ? [
        ...(await ctx.db.select({ id: staff.id, name: staff.name }).from(staff)).map((n) => ({
          id: -n.id,
          name: n.name,
        })),
        ...(
          await ctx.db.select({ id: barberRows.id, name: barberRows.firstName }).from(barberRows)
        ).map((n) => ({ id: n.id, name: n.name })),
      ]
    : [];
  return {
    pob_id: pobId ?? null,
    weeks: INSIGHT_WEEKS,
    waits_by_hour: waits.map((list, hour) => {
      const s = [...list].sort((a, b) => a - b);
      return { hour, count: s.length, median: quantile(s, 0.5), p90: quantile(s, 0.9) };
    }),
    joins_heatmap: joinsHeatmap,
    dropoff_by_place: byPlace,
    dropoff_by_shown: byShown,
    durations_by_service: [...services.entries()]
      .map(([title, s]) => ({ title, planned: s.planned, ...spread(s.minutes) }))
      .sort((a, b) => b.count - a.count),
    durations_by_barber: [...barbers.entries()]
      .map(([id, list]) => ({
        barber: names.find((n) => n.id === id)?.name ?? `#${Math.abs(id)}`,
        ...spread(list),
      }))
      .sort((a, b) => b.count - a.count)
      .slice(0, 40),
  };
}
