// Demo history: eight weeks of finished days in every shop, so the operators' charts, the
// staffing forecast and the published accuracy have something to say, and the queue engine
// learns arrival rates and durations from the start. Only the demo seed writes it (first start
// and `npm run seed`); test databases stay small (buildApp's `seedHistory`).
//
// Each day is simulated: arrivals by a Poisson process whose rate follows the hour and weekday,
// served first come first served on the shop's chairs, durations around the service's planned
// minutes; some customers leave when the wait is long and a few never come (no-shows). What the
// customer was shown at joining (and at check-in, for app customers) is the wait that followed
// with the error of a reasonable estimate, stored in wait_estimates like a live estimate.
import { localDateHour, localTimeToEpoch } from '@jono/queue';
import type { Tx } from './client';
import {
  barbers as barberRows,
  orders,
  pobs,
  services,
  staff,
  waitEstimates,
  type OrderItemSnapshot,
} from './schema';
import { asc } from 'drizzle-orm';

export const HISTORY_WEEKS = 8;
const DAY = 86_400_000;
const MINUTE = 60_000;
/** Rows per INSERT (orders have about 25 columns: within the 65,535 parameters of a statement). */
const CHUNK = 2000;

/** A small seeded PRNG (mulberry32): the same history for the same seed. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Customers per hour and chair: quiet mornings, a lunch peak and a busier evening. */
export function hourlyRatePerChair(hour: number, weekday: number): number {
  const shape: Record<number, number> = {
    8: 0.5,
    9: 0.7,
    10: 0.9,
    11: 1.2,
    12: 1.6,
    13: 1.3,
    14: 1.0,
    15: 1.1,
    16: 1.5,
    17: 1.8,
    18: 1.5,
    19: 1.0,
    20: 0.7,
    21: 0.4,
  };
  const day = [0, 0.9, 0.9, 1.0, 1.05, 1.25, 1.35, 0.8][weekday] ?? 1;
  return (shape[hour] ?? 0) * day;
}

const gauss = (rand: () => number) => {
  const u = Math.max(rand(), 1e-9);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rand());
};

/** A reasonable estimate of `wait`: a multiplicative and a few minutes' error. */
const shownFor = (wait: number, rand: () => number) =>
  Math.max(0, Math.round(wait * Math.exp(0.3 * gauss(rand)) + 3 * gauss(rand)));

/** The 80 % range shown around an estimate, about as wide as the live engine's. */
const rangeOf = (shown: number) => ({
  low: Math.max(0, Math.round(shown * 0.7 - 2)),
  high: Math.round(shown * 1.35 + 2),
});

export async function seedHistory(
  tx: Tx,
  now: number,
  weeks = HISTORY_WEEKS,
): Promise<{ orders: number }> {
  const shops = await tx.select().from(pobs);
  const offered = await tx.select().from(services);
  const barbers = await tx.select({ id: staff.id, pobId: staff.pobId }).from(staff);
  // Named barbers (issue 30): each chair's barber served there, at their own pace, and some
  // customers chose them.
  const named = await tx
    .select({ id: barberRows.id, pobId: barberRows.pobId, chair: barberRows.chair })
    .from(barberRows)
    .orderBy(asc(barberRows.id));
  let written = 0;
  for (const pob of shops) {
    const rand = prng(pob.id * 7919 + 17);
    const mains = offered.filter(
      (s) => s.pobId === pob.id && s.parentServiceId === null && s.groupId !== null && s.active,
    );
    if (mains.length === 0 || pob.chairs <= 0) continue;
    const staffIds = barbers.filter((b) => b.pobId === pob.id).map((b) => b.id);
    const team = named.filter((b) => b.pobId === pob.id);
    /** The barber at a chair (0-based), and their pace: some are quicker than others. */
    const barberAt = (chair: number) => team[chair % Math.max(team.length, 1)];
    const paceOf = (chair: number) => (team.length === 0 ? 1 : 0.85 + 0.1 * (chair % 4));
    const rows: (typeof orders.$inferInsert)[] = [];
    const shown: { wait: number; low: number; high: number; at: Date; priority: number }[][] = [];
    for (let d = weeks * 7; d >= 1; d--) {
      const date = localDateHour(now - d * DAY, pob.timeZone);
      const weekday =
        ((new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay() + 6) % 7) + 1;
      const hours = pob.openTimes.find((o) => o.weekday === weekday);
      if (!hours) continue;
      const [oh = 0, om = 0] = hours.open.split(':').map(Number);
      const [ch = 0, cm = 0] = hours.close.split(':').map(Number);
      // Around-the-clock shops: customers come in the daytime all the same.
      const openMin = Math.max(oh * 60 + om, 8 * 60);
      const closeMin = Math.min(ch * 60 + cm, 22 * 60);
      const opens = localTimeToEpoch(pob.timeZone, date, openMin);
      const closes = localTimeToEpoch(pob.timeZone, date, closeMin);
      const chairs: number[] = Array.from({ length: pob.chairs }, () => opens);
      let ticket = 0;
      let t = opens;
      for (;;) {
        const hour = Math.floor(localDateHour(t, pob.timeZone).hour);
        const rate = Math.max(hourlyRatePerChair(hour, weekday) * pob.chairs, 0.05);
        t += (-Math.log(Math.max(rand(), 1e-9)) / rate) * 60 * MINUTE;
        // No one joins in the last half hour.
        if (t >= closes - 30 * MINUTE) break;
        const service = mains[Math.floor(rand() * Math.min(mains.length, 4))] ?? mains[0];
        if (!service) break;
        const r = rand();
        const priority = r < 0.72 ? 0 : r < 0.84 ? 1 : r < 0.95 ? 2 : 3;
        const app = rand() < 0.6;
        const joinedAt = Math.round(t);
        const travel = app ? (5 + Math.floor(rand() * 20)) * MINUTE : 0;
        // The chair that frees first; the customer sits once both the chair and they are there.
        let chair = 0;
        for (let i = 1; i < chairs.length; i++)
          if ((chairs[i] ?? 0) < (chairs[chair] ?? 0)) chair = i;
        const start = Math.max(chairs[chair] ?? opens, joinedAt + travel);
        const wait = (start - joinedAt) / MINUTE;
        ticket += 1;
        const item: OrderItemSnapshot = {
          service_id: service.id,
          group_id: service.groupId ?? 0,
          title: service.title,
          price: service.price,
          duration: service.duration,
          extras: [],
        };
        // What the customer was shown: the wait that followed, with a reasonable estimate's error.
        const guess = shownFor(wait, rand);
        const { low, high } = rangeOf(guess);
        const left = wait > 35 && rand() < 0.25;
        const noShow = !left && rand() < 0.04;
        const base = {
          pobId: pob.id,
          customerId: null,
          source: app ? 'app' : 'walk_in',
          walkInName: app ? null : 'Asiakas',
          priority,
          rank: joinedAt,
          joinedAt: new Date(joinedAt),
          plannedMinutes: service.duration,
          shownWait: guess,
          items: [item],
          ticket,
        };
        const estimates = [{ wait: guess, low, high, at: new Date(joinedAt), priority }];
        if (left) {
          const at = new Date(joinedAt + Math.min(wait, 30 + rand() * 20) * MINUTE);
          rows.push({ ...base, status: 'cancelled', updatedAt: at, lastActionAt: at });
        } else if (noShow) {
          const at = new Date(start);
          rows.push({
            ...base,
            status: 'noShow',
            updatedAt: at,
            lastAction: 'no_show',
            lastActionAt: at,
          });
        } else {
          const minutes = Math.max(
            5,
            service.duration * paceOf(chair) * Math.exp(0.2 * gauss(rand)),
          );
          const servedBy = barberAt(chair)?.id ?? null;
          const finish = start + minutes * MINUTE;
          chairs[chair] = finish;
          const checkedIn = joinedAt + travel;
          if (app && start > checkedIn) {
            // Shown again when they arrive: what remained, with the same kind of error.
            const rest = (start - checkedIn) / MINUTE;
            const again = shownFor(rest, rand);
            estimates.push({
              wait: again,
              ...rangeOf(again),
              at: new Date(checkedIn),
              priority,
            });
          }
          rows.push({
            ...base,
            status: 'serviced',
            customerAtPob: true,
            checkedInAt: new Date(checkedIn),
            startedAt: new Date(start),
            finishedAt: new Date(finish),
            chair: chair + 1,
            startedBy: staffIds[chair % Math.max(staffIds.length, 1)] ?? null,
            servedBy,
            // About a quarter chose their barber (and got them).
            barberId: servedBy !== null && rand() < 0.25 ? servedBy : null,
            updatedAt: new Date(finish),
          });
        }
        shown.push(estimates);
      }
    }
    for (let i = 0; i < rows.length; i += CHUNK) {
      const ids = await tx
        .insert(orders)
        .values(rows.slice(i, i + CHUNK))
        .returning({ id: orders.id });
      const records = ids.flatMap(({ id }, k) =>
        (shown[i + k] ?? []).map((e) => ({
          orderId: id,
          pobId: pob.id,
          priority: e.priority,
          at: e.at,
          modelP10: e.low,
          modelP50: e.wait,
          modelP90: e.high,
          wait: e.wait,
          low: e.low,
          high: e.high,
        })),
      );
      for (let j = 0; j < records.length; j += CHUNK) {
        await tx.insert(waitEstimates).values(records.slice(j, j + CHUNK));
      }
    }
    written += rows.length;
  }
  return { orders: written };
}
