// A customer's profile as the API answers it (section 3), with membership and bonus.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { MEMBERSHIP_PRIORITY, type Profile } from '@jono/contract';
import type { Db } from '../db/client';
import { benefits, customers, orders } from '../db/schema';

export type CustomerRow = typeof customers.$inferSelect;
type BenefitRow = typeof benefits.$inferSelect;

export function membershipOf(row: CustomerRow): Profile['membership'] {
  const type = row.membershipType;
  if (type !== 'silver' && type !== 'gold' && type !== 'platinum') return null;
  return {
    type,
    priority: MEMBERSHIP_PRIORITY[type],
    begin_date: row.membershipBegin ?? '',
    end_date: row.membershipEnd ?? '',
    credits: row.credits,
    wp_prem_credits: row.wpPremCredits,
    wp_prod_credits: row.wpProdCredits,
  };
}

/** Queue priority of a customer today: their membership level while it is valid, else 0. */
export function priorityOf(row: CustomerRow, today: string): number {
  return membershipPriority(row.membershipType, row.membershipEnd, today);
}

/** priorityOf from the two columns it reads (a join reads no more of the customer). */
export function membershipPriority(type: string | null, end: string | null, today: string): number {
  if (type !== 'silver' && type !== 'gold' && type !== 'platinum') return 0;
  if (end && end < today) return 0;
  return MEMBERSHIP_PRIORITY[type];
}

export function benefitView(b: BenefitRow) {
  return {
    id: b.id,
    title: b.title,
    value: b.value,
    isRedeemable: b.isRedeemable && !b.dateRedeemed,
    redeemCode: b.dateRedeemed ? b.redeemCode : null,
    dateIssued: b.dateIssued.toISOString(),
    dateRedeemed: b.dateRedeemed ? b.dateRedeemed.toISOString() : null,
  };
}

export async function loadProfile(db: Db, customerId: number): Promise<Profile | null> {
  const [row] = await db.select().from(customers).where(eq(customers.id, customerId));
  if (!row) return null;
  const [active] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.customerId, customerId), inArray(orders.status, ['active'])))
    .limit(1);
  const benefitRows =
    row.bonusAmount === null
      ? []
      : await db
          .select()
          .from(benefits)
          .where(eq(benefits.customerId, customerId))
          .orderBy(asc(benefits.dateIssued));
  return {
    id: row.id,
    phone: row.phone,
    email: row.email,
    firstname: row.firstname,
    lastname: row.lastname,
    allow_email: row.allowEmail,
    allow_sms: row.allowSms,
    app_language: row.appLanguage as Profile['app_language'],
    city: row.city,
    date_of_birth: row.dateOfBirth,
    post_code: row.postCode,
    sex: row.sex,
    street_address: row.streetAddress,
    tutorial_seen: row.tutorialSeen,
    active_order_id: active?.id ?? null,
    fcm_token: row.fcmToken,
    membership: membershipOf(row),
    bonus:
      row.bonusAmount === null
        ? null
        : {
            amount: row.bonusAmount,
            expirationDate: row.bonusExpires ? row.bonusExpires.toISOString() : null,
            benefits: benefitRows.map(benefitView),
          },
  };
}
