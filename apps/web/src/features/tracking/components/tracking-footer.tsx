// The tracking footer: shop name and address (opens the map with directions), or after check-in
// the shop promotion.
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { PobSummary } from '@jono/contract';
import { ShopMapOverlay } from '../../../components/ui/shop-map-overlay';

export function TrackingFooter({
  shop,
  checkedIn,
}: {
  shop: PobSummary | undefined;
  checkedIn: boolean;
}) {
  const { t } = useTranslation('tracking');
  const [mapOpen, setMapOpen] = useState(false);
  if (!shop)
    return <footer className="tracking-footer tracking-footer--loading" aria-hidden="true" />;
  return (
    <footer className="tracking-footer">
      {checkedIn ? (
        <div className="promotion">
          <p className="promotion__title">{t('promotion.title')}</p>
          <p className="promotion__text">{t('promotion.description')}</p>
          <a className="promotion__link" href={t('promotion.url')} target="_blank" rel="noreferrer">
            {t('promotion.linkText')}
          </a>
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
