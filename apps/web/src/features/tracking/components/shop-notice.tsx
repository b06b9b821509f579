// The shop's word to everyone waiting ("running 15 minutes late today"), in the app's language
// where the shop gave one; it arrives live with the order. The tracking screen places it.
import type { Order } from '@jono/contract';
import { formatTimeOfDay } from '../../../lib/format';
import { useLocale, useLocaleStore } from '../../../lib/locale-store';
import { useTranslation } from '../../../lib/use-translation';

export function ShopNotice({ order }: { order: Order }) {
  const { t } = useTranslation('alerts');
  const locale = useLocale();
  const language = useLocaleStore((s) => s.language);
  const notice = order.notice;
  if (!notice || order.status !== 'active') return null;
  return (
    <section className="notice tracking__shop-notice" role="status" aria-live="polite">
      <h2 className="tracking__travel-title">
        {t('notice.title', { time: formatTimeOfDay(notice.at, locale) })}
      </h2>
      <p>{notice.translations[language] ?? notice.text}</p>
    </section>
  );
}
