// Demo data: seeded into an empty market on first start; `npm run seed` resets and seeds again.
import { and, eq, sql } from 'drizzle-orm';
import { MARKET_INFO, MEMBERSHIP_PRIORITY, type Market } from '@jono/contract';
import type { MarketContext } from '../context';
import { hashPassword } from '../lib/passwords';
import {
  barbers,
  benefits,
  customers,
  messages,
  messageReads,
  orders,
  pobs,
  receipts,
  serviceGroups,
  services,
  staff,
  type OrderItemSnapshot,
} from './schema';
import {
  CATALOGUE,
  DEMO_MESSAGES,
  DEMO_PASSWORD,
  DEMO_PHONE_STEM,
  DEMO_SHOPS,
  HOURS,
  PRICE_FACTOR,
  TIME_ZONES,
  demoBarbers,
  type SeedLanguage,
  type SeedText,
} from './seed-data';
import { receiptRows } from '../services/receipts';
import { seedOperators } from './seed-operators';
import { seedHistory } from './seed-history';

const TABLES = [
  'barber_days',
  'barbers',
  'operators',
  'message_reads',
  'messages',
  'benefits',
  'receipts',
  'orders',
  'staff',
  'services',
  'service_groups',
  'pobs',
  'recovery_codes',
  'refresh_tokens',
  'customers',
];

export async function resetMarket(ctx: MarketContext): Promise<void> {
  await ctx.db.execute(sql.raw(`truncate ${TABLES.join(', ')} restart identity cascade`));
}

export interface SeedOptions {
  /** Eight weeks of finished days in every shop (seed-history.ts): the demo, not the tests. */
  history?: boolean;
  /**
   * Named barbers in every shop (issue 30): one more than its chairs, those on duty at them, a
   * weekly template of its opening hours (the extra one works afternoons): the demo, not the tests.
   */
  barbers?: boolean;
}

export async function seedIfEmpty(
  ctx: MarketContext,
  now: number,
  opts: SeedOptions = {},
): Promise<boolean> {
  const [row] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(pobs);
  if ((row?.n ?? 0) > 0) return false;
  return seedMarket(ctx, now, opts);
}

/** The middle of an opening (HH:MM), where the afternoon shift starts. */
function midday(open: string, close: string): string {
  const m = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  const mid = Math.round((m(open) + m(close)) / 2 / 30) * 30;
  return `${String(Math.floor(mid / 60)).padStart(2, '0')}:${String(mid % 60).padStart(2, '0')}`;
}

const price = (market: Market, euros: number) =>
  market === 'fi' || market === 'ee'
    ? euros * 100
    : Math.round((euros * PRICE_FACTOR[market]) / 10) * 1000 - 100;

/**
 * Writes the market's demo data in one transaction; answers false (and writes nothing) when
 * another node seeded it first: nodes starting together on an empty database take turns on an
 * advisory lock and look again under it.
 */
export async function seedMarket(
  ctx: MarketContext,
  now: number,
  opts: SeedOptions = {},
): Promise<boolean> {
  const { market } = ctx;
  // Each market's catalogue and messages in its own language, with English beside them.
  const lang = MARKET_INFO[market].language as SeedLanguage;
  const english = <Field extends string>(texts: Record<Field, SeedText>) => ({
    en: Object.fromEntries(Object.entries<SeedText>(texts).map(([f, t]) => [f, t.en])) as Record<
      Field,
      string
    >,
  });
  const hash = await hashPassword(DEMO_PASSWORD);
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('jono:seed'), 0)`);
    const [seeded] = await tx.select({ n: sql<number>`count(*)::int` }).from(pobs);
    if ((seeded?.n ?? 0) > 0) return false;
    let imageNo = 0;
    for (const [shopIndex, shop] of DEMO_SHOPS[market].entries()) {
      const [pob] = await tx
        .insert(pobs)
        .values({
          name: shop.name,
          city: shop.city,
          address: shop.address,
          latitude: shop.lat.toFixed(6),
          longitude: shop.lng.toFixed(6),
          timeZone: TIME_ZONES[market],
          image: shop.image ? `/media/shops/shop-${(imageNo++ % 4) + 1}.svg` : null,
          notice: shop.notice?.own ?? null,
          translations: shop.notice ? { en: { notice: shop.notice.en } } : {},
          queueState: shop.queueState ?? 'open',
          chairs: shop.chairs,
          openTimes: HOURS[shop.hours],
        })
        .returning({ id: pobs.id });
      if (!pob) throw new Error('shop insert failed');
      let order = 0;
      for (const [gi, group] of CATALOGUE.entries()) {
        const [g] = await tx
          .insert(serviceGroups)
          .values({
            pobId: pob.id,
            title: group.title[lang],
            details: group.details[lang],
            translations: english({ title: group.title, details: group.details }),
            displayOrder: gi,
          })
          .returning({ id: serviceGroups.id });
        if (!g) throw new Error('group insert failed');
        for (const s of group.services) {
          const [main] = await tx
            .insert(services)
            .values({
              pobId: pob.id,
              groupId: g.id,
              title: s.title[lang],
              details: s.details[lang],
              longDescription: s.long[lang],
              translations: english({
                title: s.title,
                details: s.details,
                long_description: s.long,
              }),
              price: price(market, s.euros),
              duration: s.minutes,
              displayOrder: order++,
            })
            .returning({ id: services.id });
          if (!main) throw new Error('service insert failed');
          for (const [ei, e] of (s.extras ?? []).entries()) {
            await tx.insert(services).values({
              pobId: pob.id,
              groupId: null,
              parentServiceId: main.id,
              title: e.title[lang],
              translations: english({ title: e.title }),
              price: price(market, e.euros),
              duration: e.minutes,
              displayOrder: ei,
            });
          }
        }
      }
      const accounts = await tx
        .insert(staff)
        .values([
          {
            pobId: pob.id,
            username: `manager${pob.id}`,
            name: `Manager ${shop.name}`,
            role: 'manager',
            passwordHash: hash,
          },
          {
            pobId: pob.id,
            username: `barber${pob.id}`,
            name: `Barber ${shop.name}`,
            role: 'barber',
            passwordHash: hash,
          },
        ])
        .returning({ id: staff.id, role: staff.role });
      if (opts.barbers) {
        const hours = HOURS[shop.hours];
        const team = demoBarbers(market, shopIndex, shop.chairs + 1);
        await tx.insert(barbers).values(
          team.map((b, i) => {
            const regular = i < shop.chairs;
            return {
              pobId: pob.id,
              firstName: b.firstName,
              photo: b.photo ? `/media/barbers/barber-${b.photo}.svg` : null,
              languages: b.languages,
              specialities: b.specialities[lang],
              translations: b.specialities.en ? { en: { specialities: b.specialities.en } } : {},
              staffId: i === 0 ? (accounts.find((a) => a.role === 'barber')?.id ?? null) : null,
              week: hours.map((t) => ({
                weekday: t.weekday,
                from: regular ? t.open : midday(t.open, t.close),
                to: t.close,
              })),
              chair: regular ? i + 1 : null,
              onDutySince: regular ? new Date(now) : null,
              createdAt: new Date(now),
            };
          }),
        );
      }
    }

    await seedOperators(tx, market, hash);
    if (opts.history) await seedHistory(tx, now);

    const day = (offsetDays: number) => new Date(now + offsetDays * 86_400_000);
    const isoDate = (d: Date) => d.toISOString().slice(0, 10);
    const stem = DEMO_PHONE_STEM[market];
    const appLanguage = { fi: 'fi_FI', ee: 'et_EE', no: 'nb_NO', dk: 'da_DK', se: 'sv_SE' }[market];
    const [oneTime, gold, platinum] = await tx
      .insert(customers)
      .values([
        {
          phone: `${stem}1`,
          passwordHash: hash,
          firstname: 'Olli',
          lastname: 'Kertalainen',
          email: null,
          appLanguage,
        },
        {
          phone: `${stem}2`,
          passwordHash: hash,
          firstname: 'Kalle',
          lastname: 'Kultanen',
          email: 'kalle@example.com',
          allowEmail: true,
          appLanguage,
          membershipType: 'gold',
          membershipBegin: isoDate(day(-400)),
          membershipEnd: isoDate(day(330)),
          credits: 4,
          wpPremCredits: 2,
          wpProdCredits: 1,
          bonusAmount: 42.5,
          bonusExpires: day(300),
        },
        {
          phone: `${stem}3`,
          passwordHash: hash,
          firstname: 'Pekka',
          lastname: 'Platinanen',
          email: 'pekka@example.com',
          appLanguage,
          membershipType: 'platinum',
          membershipBegin: isoDate(day(-800)),
          membershipEnd: isoDate(day(200)),
          credits: 10,
          wpPremCredits: 5,
          wpProdCredits: 3,
        },
      ])
      .returning();
    if (!oneTime || !gold || !platinum) throw new Error('customer insert failed');

    // Gold's history: three serviced visits with receipts at the first shop.
    const allServices = await tx.select().from(services);
    const firstPobServices = allServices.filter((s) => s.pobId === 1);
    const haircut = firstPobServices.find((s) => s.parentServiceId === null && s.groupId !== null);
    const extra = firstPobServices.find((s) => s.parentServiceId === haircut?.id);
    const [firstChair] = await tx
      .select({ id: barbers.id })
      .from(barbers)
      .where(and(eq(barbers.pobId, 1), eq(barbers.chair, 1)));
    if (haircut && extra) {
      for (const [i, daysAgo] of [60, 30, 9].entries()) {
        const joined = day(-daysAgo);
        const items: OrderItemSnapshot[] = [
          {
            service_id: haircut.id,
            group_id: haircut.groupId ?? 0,
            title: haircut.title,
            price: haircut.price,
            duration: haircut.duration,
            extras:
              i === 1
                ? [
                    {
                      service_id: extra.id,
                      title: extra.title,
                      price: extra.price,
                      duration: extra.duration,
                    },
                  ]
                : [],
          },
        ];
        const [o] = await tx
          .insert(orders)
          .values({
            pobId: 1,
            customerId: gold.id,
            status: 'serviced',
            priority: MEMBERSHIP_PRIORITY.gold,
            rank: joined.getTime(),
            customerAtPob: true,
            joinedAt: joined,
            startedAt: new Date(joined.getTime() + 12 * 60_000),
            finishedAt: new Date(joined.getTime() + 40 * 60_000),
            chair: 1,
            // Served by the first chair's barber, whom Kalle chose the last time.
            servedBy: firstChair?.id ?? null,
            barberId: i === 2 ? (firstChair?.id ?? null) : null,
            plannedMinutes: haircut.duration + (i === 1 ? extra.duration : 0),
            shownWait: 10,
            items,
          })
          .returning({ id: orders.id });
        if (!o) throw new Error('order insert failed');
        await tx.insert(receipts).values({
          orderId: o.id,
          customerId: gold.id,
          pobId: 1,
          created: new Date(joined.getTime() + 40 * 60_000),
          rows: receiptRows(items, ctx.info.vatPercent),
        });
      }
    }

    const [welcome, offer] = await tx
      .insert(messages)
      .values([
        {
          customerId: null,
          title: DEMO_MESSAGES.welcome.title[lang],
          content: DEMO_MESSAGES.welcome.content[lang],
          translations: english(DEMO_MESSAGES.welcome),
          date: day(-20),
        },
        {
          customerId: gold.id,
          title: DEMO_MESSAGES.member.title[lang],
          content: DEMO_MESSAGES.member.content[lang],
          translations: english(DEMO_MESSAGES.member),
          date: day(-2),
        },
      ])
      .returning({ id: messages.id });
    if (welcome && offer)
      await tx.insert(messageReads).values({ messageId: welcome.id, customerId: gold.id });

    await tx.insert(benefits).values([
      {
        customerId: gold.id,
        title: market === 'fi' ? 'Alennus tuotteista' : 'Discount on products',
        value: '15 %',
        isRedeemable: true,
        dateIssued: day(-40),
      },
      {
        customerId: gold.id,
        title: market === 'fi' ? 'Ilmainen partakäsittely' : 'Free beard trim',
        value: null,
        isRedeemable: true,
        dateIssued: day(-10),
      },
      {
        customerId: gold.id,
        title: market === 'fi' ? 'Lahjakortti' : 'Gift card',
        value: '10 €',
        isRedeemable: false,
        redeemCode: 'JONO10',
        dateIssued: day(-90),
        dateRedeemed: day(-80),
      },
    ]);
    return true;
  });
}
