// A word to everyone waiting: staff write a short notice ("running 15 minutes late today"); it is
// stored on the shop (every waiting order's tracking screen shows it live, through the queue's
// NOTIFY) and texted, through the outbox, to each waiting customer who allows SMS and each kiosk
// walk-in who left a phone, in their language where the shop gave a translation. A few per shop
// and day (RateLimitSettings.shopNotices).
import { and, eq, inArray } from 'drizzle-orm';
import {
  APP_LANGUAGE_OF,
  LANGUAGES,
  type Language,
  type OrderNotice,
  type ShopNoticeAnswer,
  type ShopNoticeInput,
} from '@jono/contract';
import type { MarketContext } from '../context';
import { customers, orders, pobs, shopNotices } from '../db/schema';
import { HttpError } from '../lib/http-error';
import type { RateLimitSettings } from './rate-limit-rules';
import { DEADLINE_MS, enqueue, type OutboxMessage } from './outbox';
import type { PobRow } from './queue';
import type { OrderRow } from './queue-load';
import { takeAttempt } from './rate-counters';

/** A notice is shown on waiting orders' screens for this long after it was sent. */
export const NOTICE_SHOWN_MS = 4 * 60 * 60_000;

/** The interface language of an app language (sv_SE: sv, et_EE: ee). */
export function languageOfApp(appLanguage: string): Language | null {
  const found = (Object.entries(APP_LANGUAGE_OF) as [Language, string][]).find(
    ([, app]) => app === appLanguage,
  );
  return found ? found[0] : null;
}

/** The notice's text in an interface language, else the shop's own text. */
export function noticeText(
  notice: { text: string; translations: Partial<Record<string, string>> },
  language: Language | null,
): string {
  return (language && notice.translations[language]) || notice.text;
}

/** What a waiting order shows of its shop's notice (null: none, too old, or not waiting). */
export function orderNotice(
  pob: Pick<PobRow, 'waitingNotice' | 'waitingNoticeTranslations' | 'waitingNoticeAt'>,
  row: Pick<OrderRow, 'status'>,
  now: number,
): OrderNotice | null {
  if (row.status !== 'active' || !pob.waitingNotice || !pob.waitingNoticeAt) return null;
  if (now - pob.waitingNoticeAt.getTime() > NOTICE_SHOWN_MS) return null;
  return {
    text: pob.waitingNotice,
    translations: pob.waitingNoticeTranslations,
    at: pob.waitingNoticeAt.toISOString(),
  };
}

/**
 * Stores the notice on the shop and writes its SMS to the outbox in one transaction; the caller
 * tells the queue the shop changed (the apps hear it) and kicks the outbox worker.
 */
export async function sendShopNotice(
  ctx: MarketContext,
  limits: RateLimitSettings,
  pobId: number,
  staffId: number | null,
  input: ShopNoticeInput,
  now: number,
): Promise<ShopNoticeAnswer> {
  const taken = await takeAttempt(
    ctx.db,
    [{ key: `shop-notice:${pobId}`, limit: limits.shopNotices }],
    now,
  );
  if (!taken.ok) {
    throw new HttpError(
      429,
      'rate_limited',
      `A shop can send ${limits.shopNotices.max} notices a day. Try again in ${Math.ceil(taken.retryAfterS / 60)} min.`,
    );
  }
  const translations = Object.fromEntries(
    Object.entries(input.translations ?? {}).filter(
      ([k, v]) => (LANGUAGES as readonly string[]).includes(k) && typeof v === 'string',
    ),
  ) as Record<string, string>;
  const at = new Date(now);
  return ctx.db.transaction(async (tx) => {
    const [notice] = await tx
      .insert(shopNotices)
      .values({ pobId, staffId, text: input.text, translations, createdAt: at })
      .returning({ id: shopNotices.id });
    if (!notice) throw new Error('notice insert failed');
    await tx
      .update(pobs)
      .set({
        waitingNotice: input.text,
        waitingNoticeTranslations: translations,
        waitingNoticeAt: at,
      })
      .where(eq(pobs.id, pobId));
    const waiting = await tx
      .select({
        id: orders.id,
        customerId: orders.customerId,
        notifyPhone: orders.notifyPhone,
        alertChannel: orders.alertChannel,
      })
      .from(orders)
      .where(and(eq(orders.pobId, pobId), eq(orders.status, 'active')));
    const ids = waiting.flatMap((o) => (o.customerId === null ? [] : [o.customerId]));
    const people =
      ids.length === 0 ? [] : await tx.select().from(customers).where(inArray(customers.id, ids));
    const byId = new Map(people.map((c) => [c.id, c]));
    const marketLanguage = ctx.info.language as Language;
    const messages: OutboxMessage[] = [];
    for (const o of waiting) {
      const c = o.customerId === null ? null : byId.get(o.customerId);
      const phone = c ? (c.allowSms && o.alertChannel !== 'none' ? c.phone : null) : o.notifyPhone;
      if (!phone) continue;
      const language = c ? languageOfApp(c.appLanguage) : marketLanguage;
      messages.push({
        key: `notice:${notice.id}:${o.id}`,
        channel: 'sms',
        purpose: 'notice',
        recipient: phone,
        body: `Jono: ${noticeText({ text: input.text, translations }, language)}`,
        customerId: c?.id ?? null,
        orderId: o.id,
        pobId,
        deadline: now + DEADLINE_MS.notice,
      });
    }
    await enqueue(tx, messages, now);
    await tx
      .update(shopNotices)
      .set({ recipients: messages.length })
      .where(eq(shopNotices.id, notice.id));
    return {
      id: notice.id,
      sent_at: at.toISOString(),
      in_app: waiting.length,
      by_sms: messages.length,
    };
  });
}
