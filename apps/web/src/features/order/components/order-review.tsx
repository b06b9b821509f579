// The order review: what was chosen, the total and the wait; join the queue or edit. The shop
// image opens the shop's map.
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { Pob, PublicBarber, WaitRange } from '@jono/contract';
import { BarberAvatar } from '../../../components/ui/barber-avatar';
import { QueueTimer } from '../../../components/ui/queue-timer';
import { ShopMapOverlay } from '../../../components/ui/shop-map-overlay';
import { formatPrice } from '../../../lib/format';
import { useLocale } from '../../../lib/locale-store';
import { orderTotals, type OrderDraft } from '../utils/order-draft';
import { ShopImage } from './shop-image';

interface OrderReviewProps {
  shop: Pob;
  draft: OrderDraft;
  /** The barber chosen; null: the first available. */
  barber: PublicBarber | null;
  /** The wait of the choice (the barber's own, or the first available's). */
  wait: number | null;
  range: WaitRange | null;
  onSend: () => void;
  onEdit: () => void;
}

export function OrderReview({
  shop,
  draft,
  barber,
  wait,
  range,
  onSend,
  onEdit,
}: OrderReviewProps) {
  const { t } = useTranslation('order');
  const { t: tb } = useTranslation('barbers');
  const locale = useLocale();
  const [mapOpen, setMapOpen] = useState(false);
  const totals = orderTotals(shop, draft);
  const sending = draft.sending === 'pending';
  const sent = draft.sending === 'fulfilled';

  return (
    <section className="order-review" aria-labelledby="order-review-title">
      <button
        type="button"
        className="order-review__image"
        onClick={() => setMapOpen(true)}
        aria-label={t('review.openMap', { name: shop.name })}
      >
        <ShopImage id={shop.id} image={shop.image} name={shop.name} />
      </button>
      <h1 id="order-review-title">{t('review.title')}</h1>
      <p className="order-review__shop">{`${shop.name}, ${shop.address}`}</p>
      {shop.barbers.length > 0 ? (
        <div className="order-review__row order-review__barber">
          <span>{tb('review.barber')}</span>
          <span className="order-review__barber-name">
            {barber ? <BarberAvatar name={barber.first_name} photo={barber.photo} /> : null}
            {barber ? barber.first_name : tb('picker.firstAvailable')}
          </span>
        </div>
      ) : null}
      <div className="order-review__wait">
        <span>{t('review.wait')}</span>
        <QueueTimer minutes={wait} range={range} />
      </div>
      <ul className="order-review__items">
        {draft.serviceIds.map((serviceId) => {
          const service = shop.services.find((s) => s.id === serviceId);
          if (!service) return null;
          const extras =
            shop.extra_services.find((e) => e.service_id === serviceId)?.services ?? [];
          return (
            <li key={serviceId}>
              <div className="order-review__row">
                <span>{service.title}</span>
                <span>{formatPrice(service.price, locale)}</span>
              </div>
              {(draft.extraServiceIds[serviceId] ?? []).map((extraId) => {
                const extra = extras.find((x) => x.id === extraId);
                return extra ? (
                  <div key={extraId} className="order-review__row order-review__row--extra">
                    <span>{`+ ${extra.title}`}</span>
                    <span>{formatPrice(extra.price, locale)}</span>
                  </div>
                ) : null;
              })}
            </li>
          );
        })}
      </ul>
      <div className="order-review__row order-review__total">
        <span>{t('review.total', { minutes: totals.duration })}</span>
        <span>{formatPrice(totals.price, locale)}</span>
      </div>
      {locale === 'FI' ? <p className="order-review__cash">{t('review.cashNotice')}</p> : null}
      <p className="order-review__estimate-note">
        {wait === null
          ? t('review.estimateUnknown')
          : range && range.low < range.high
            ? t('review.estimateRange', { low: range.low, high: range.high })
            : t('review.estimateNoRange')}
      </p>
      {sent ? (
        <p className="notice notice--success" role="status">
          {t('review.sent')}
        </p>
      ) : (
        <div className="order-review__actions">
          <button
            type="button"
            className="button button--secondary"
            onClick={onEdit}
            disabled={sending}
          >
            {t('review.edit')}
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={onSend}
            disabled={sending}
            aria-busy={sending}
          >
            {sending ? t('review.sending') : t('review.join')}
          </button>
        </div>
      )}
      <ShopMapOverlay open={mapOpen} onClose={() => setMapOpen(false)} shop={shop} />
    </section>
  );
}
