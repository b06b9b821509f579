// The staffing forecast on a synthetic shop whose arrival rates and service times are known:
// learnt from eight weeks of its orders, each hour's need matches Erlang C on the true rates
// (tolerance: the same number of barbers in at least 85 % of the hours, never more than one
// apart; the mean service time within 10 %), and the CSV carries the same hours.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forecastSchema, operatorChartsSchema } from '@jono/contract';
import { barbersNeeded, localDateHour, localTimeToEpoch } from '@jono/queue';
import { DEMO, buildTestApp } from './helpers';
import { fi, mutableClock, setShop } from './queue-factories';
import { barberDays, barbers, orders } from '../src/db/schema';
import type { App } from '../src/app';

const clock = mutableClock();
let app: App;
let auth: Record<string, string>;
const MINUTE = 60_000;
const DAY = 86_400_000;
/** Per hour: one-time, silver, gold, platinum. */
const RATES = [3.2, 0.4, 0.8, 0.3];
const MEAN_SERVICE = 30;

function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
  const hours = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
    weekday,
    open: '09:00',
    close: '19:00',
  }));
  await setShop(app, 3, { openTimes: hours, chairs: 4 });
  const rand = prng(42);
  const rows: (typeof orders.$inferInsert)[] = [];
  const total = RATES.reduce((a, b) => a + b, 0);
  // Eight weeks of 09:00-19:00 Helsinki time (across the end of summer time), Poisson arrivals.
  for (let d = 55; d >= 1; d--) {
    const date = localDateHour(clock.at - d * DAY, 'Europe/Helsinki');
    const dayStart = localTimeToEpoch('Europe/Helsinki', date, 9 * 60);
    let t = dayStart;
    for (;;) {
      t += (-Math.log(1 - rand()) / total) * 60 * MINUTE;
      if (t >= dayStart + 10 * 3_600_000) break;
      let u = rand() * total;
      let priority = 0;
      while (priority < 3 && u > (RATES[priority] ?? 0)) u -= RATES[priority++] ?? 0;
      const start = t + 5 * MINUTE;
      const minutes = -Math.log(1 - rand()) * MEAN_SERVICE;
      rows.push({
        pobId: 3,
        source: 'walk_in',
        status: 'serviced',
        priority,
        rank: t,
        customerAtPob: true,
        joinedAt: new Date(t),
        checkedInAt: new Date(t),
        startedAt: new Date(start),
        finishedAt: new Date(start + minutes * MINUTE),
        chair: 1 + Math.floor(rand() * 3),
        plannedMinutes: 30,
        items: [],
      });
    }
  }
  for (let i = 0; i < rows.length; i += 1000) {
    await fi(app)
      .db.insert(orders)
      .values(rows.slice(i, i + 1000));
  }
  const res = await app.inject({
    method: 'POST',
    url: '/api/fi/staff/login/',
    payload: { username: 'operator-fi', password: DEMO.password },
  });
  auth = { authorization: `Bearer ${res.json<{ access_token: string }>().access_token}` };
});
afterAll(() => app.close());

describe('GET /operator/forecast/', () => {
  it('matches Erlang C on the true rates within the stated tolerance', async () => {
    const res = await app.inject({
      url: '/api/fi/operator/forecast/?pob_id=3&target=10',
      headers: auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    const f = forecastSchema.parse(res.json());
    expect(f.method).toBe('erlang_c');
    expect(Math.abs(f.mean_service_minutes - MEAN_SERVICE) / MEAN_SERVICE).toBeLessThan(0.1);
    // Every open hour of seven days, and only those.
    expect(f.hours).toHaveLength(7 * 10);
    expect(f.hours.every((h) => h.hour >= 9 && h.hour < 19)).toBe(true);
    const truth = barbersNeeded(RATES, MEAN_SERVICE, 10);
    const same = f.hours.filter((h) => h.needed === truth).length;
    expect(same / f.hours.length).toBeGreaterThanOrEqual(0.85);
    expect(f.hours.every((h) => Math.abs(h.needed - truth) <= 1)).toBe(true);
    expect(f.hours.every((h) => h.mean_wait <= 10)).toBe(true);
    // Last week's chairs at work are there to compare with.
    expect(f.hours.some((h) => h.on_duty_last_week > 0)).toBe(true);
  });

  it('needs more barbers for a lower target', async () => {
    const get = async (target: number) =>
      forecastSchema.parse(
        (
          await app.inject({
            url: `/api/fi/operator/forecast/?pob_id=3&target=${target}`,
            headers: auth,
          })
        ).json(),
      );
    const loose = await get(60);
    const tight = await get(2);
    const sum = (f: typeof loose) => f.hours.reduce((n, h) => n + h.needed, 0);
    expect(sum(tight)).toBeGreaterThan(sum(loose));
  });

  it('exports the same hours as CSV', async () => {
    const res = await app.inject({
      url: '/api/fi/operator/forecast.csv?pob_id=3&target=10',
      headers: auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe(
      'start,date,weekday,hour,arrivals_per_hour,barbers_needed,one_time_mean_wait_min,on_duty_last_week,rostered',
    );
    expect(lines).toHaveLength(1 + 70);
    // No named barbers: no rota to compare with.
    expect(lines[1]?.endsWith(',')).toBe(true);
  });

  it('compares with the rota of named barbers: the weekly template, and a day of its own', async () => {
    const before = forecastSchema.parse(
      (
        await app.inject({ url: '/api/fi/operator/forecast/?pob_id=3&target=10', headers: auth })
      ).json(),
    );
    expect(before.hours.every((h) => h.rostered === null)).toBe(true);
    const weekdays = [1, 2, 3, 4, 5, 6, 7];
    const [anna, ben] = await fi(app)
      .db.insert(barbers)
      .values([
        {
          pobId: 3,
          firstName: 'Anna',
          week: weekdays.map((weekday) => ({ weekday, from: '09:00', to: '19:00' })),
        },
        {
          pobId: 3,
          firstName: 'Ben',
          // Until 13:20: 20 minutes of 13-14, less than half of it, so not rostered for it.
          week: weekdays.map((weekday) => ({ weekday, from: '09:00', to: '13:20' })),
        },
      ])
      .returning();
    if (!anna || !ben) throw new Error('insert failed');
    // A removed barber's template no longer counts.
    await fi(app)
      .db.insert(barbers)
      .values({
        pobId: 3,
        firstName: 'Gone',
        week: weekdays.map((weekday) => ({ weekday, from: '09:00', to: '19:00' })),
        removedAt: new Date(clock.at),
      });
    // Tomorrow Ben has a day of his own: 15:00-19:00.
    const tomorrow = before.hours.find((h) => h.date !== before.hours[0]?.date)?.date ?? '';
    await fi(app)
      .db.insert(barberDays)
      .values({ barberId: ben.id, day: tomorrow, shifts: [{ from: '15:00', to: '19:00' }] });
    const f = forecastSchema.parse(
      (
        await app.inject({ url: '/api/fi/operator/forecast/?pob_id=3&target=10', headers: auth })
      ).json(),
    );
    const at = (date: string, hour: number) =>
      f.hours.find((h) => h.date === date && h.hour === hour)?.rostered;
    const later = f.hours.find((h) => h.date !== tomorrow && h.date > tomorrow)?.date ?? '';
    expect(at(later, 10)).toBe(2);
    expect(at(later, 12)).toBe(2);
    expect(at(later, 13)).toBe(1);
    expect(at(later, 16)).toBe(1);
    expect(at(tomorrow, 10)).toBe(1);
    expect(at(tomorrow, 16)).toBe(2);
    expect(f.hours.every((h) => h.rostered !== null)).toBe(true);
    const csv = await app.inject({
      url: '/api/fi/operator/forecast.csv?pob_id=3&target=10',
      headers: auth,
    });
    const row = csv.body
      .split('\n')
      .find((l) => l.includes(`,${tomorrow},`) && l.split(',')[3] === '16');
    expect(row?.split(',').at(-1)).toBe('2');
  });
});

describe('GET /operator/charts/', () => {
  it('draws the same history: joins per weekday and hour near the known rate, waits, durations', async () => {
    const res = await app.inject({ url: '/api/fi/operator/charts/?pob_id=3', headers: auth });
    expect(res.statusCode, res.body).toBe(200);
    const c = operatorChartsSchema.parse(res.json());
    const total = RATES.reduce((a, b) => a + b, 0);
    // 09:00 Helsinki on a Wednesday: about `total` joins per day in that hour.
    const wednesday9 = c.joins_heatmap[2]?.[9] ?? 0;
    expect(Math.abs(wednesday9 - total) / total).toBeLessThan(0.3);
    expect(c.joins_heatmap[2]?.[3]).toBe(0);
    expect(c.waits_by_hour[10]?.median).toBe(5);
    expect(c.durations_by_service.reduce((n, s) => n + s.count, 0)).toBeGreaterThan(1000);
  });
});
