// The tracking footer: shop name and address (opens the map with directions), and while the
// checked-in customer waits the shop promotion.
import { useState } from 'react';
import { Link } from '../../../components/ui/link';
import { useTranslation } from '../../../lib/use-translation';
import type { PobSummary } from '@jono/contract';
import { ShopMapOverlay } from '../../../components/ui/shop-map-overlay';
import { paths } from '../../../lib/paths';

export function TrackingFooter({
  shop,
  promotion,
}: {
  shop: PobSummary | undefined;
  /** The "while you wait" card, shown after check-in until the service starts. */
  promotion: boolean;
}) {
  const { t } = useTranslation('tracking');
  const [mapOpen, setMapOpen] = useState(false);
  if (!shop)
    return <footer className="tracking-footer tracking-footer--loading" aria-hidden="true" />;
  return (
    <footer className="tracking-footer">
      {promotion ? (
        <div className="promotion">
          <p className="promotion__title">{t('promotion.title')}</p>
          <p className="promotion__text">{t('promotion.description')}</p>
          <Link className="promotion__link" to={paths.membership.href()}>
            {t('promotion.linkText')}
          </Link>
        </div>
      ) : null}
      <button type="button" className="tracking-footer__shop" onClick={() => setMapOpen(true)}>
        <span className="tracking-footer__name">{shop.name}</span>
        <span className="tracking-footer__address">{`${shop.address}, ${shop.city}`}</span>
        <span className="visually-hidden">{t('footer.openMap')}</span>
      </button>
      <ShopMapOverlay open={mapOpen} onClose={() => setMapOpen(false)} shop={shop} />
    </footer>
  );
}
