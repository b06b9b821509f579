// A shop in the list: picture, name, address, wait and state; a link only while it takes orders.
import { Link } from '../../../components/ui/link';
import { useTranslation } from '../../../lib/use-translation';
import type { PobSummary } from '@jono/contract';
import { QueueTimer } from '../../../components/ui/queue-timer';
import { formatDistance, type Distance } from '../../../lib/distance';
import { useLocale } from '../../../lib/locale-store';
import { paths } from '../../../lib/paths';
import { fallbackImageUrl } from '../../../lib/shop-image';
import { cardState, shownWait } from '../../../lib/queue';
import { useShopStateLabel } from '../../../lib/use-shop-state-label';

interface ShopCardProps {
  shop: PobSummary;
  distance: Distance | null;
  priority: number | null;
}

export function ShopCard({ shop, distance, priority }: ShopCardProps) {
  const { t } = useTranslation('shops');
  const locale = useLocale();
  const state = cardState(shop);
  const stateLabel = useShopStateLabel();
  const wait = shownWait(shop.service_time_estimates, priority);
  const content = (
    <>
      <img
        className="shop-card__thumb"
        src={shop.image || fallbackImageUrl(shop.id)}
        alt=""
        width={56}
        height={56}
        loading="lazy"
      />
      <div className="shop-card__text">
        <h3 className="shop-card__name">{shop.name}</h3>
        <p className="shop-card__address">{`${shop.address}, ${shop.city}`}</p>
        <p className="shop-card__meta">
          {state !== 'takingOrders' ? (
            <span className={`badge badge--${state}`}>{stateLabel(shop)}</span>
          ) : null}
          {distance ? (
            <span className="shop-card__distance">
              {t('card.distance', { distance: formatDistance(distance, locale) })}
            </span>
          ) : null}
        </p>
      </div>
      {state === 'takingOrders' ? <QueueTimer minutes={wait} /> : null}
    </>
  );
  if (state !== 'takingOrders') {
    return (
      <div className={`shop-card shop-card--${state} shop-card--disabled`} aria-disabled="true">
        {content}
      </div>
    );
  }
  return (
    <Link className="shop-card" to={paths.shop.href(shop.id)}>
      {content}
    </Link>
  );
}
