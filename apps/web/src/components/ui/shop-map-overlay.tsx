// A shop's location in an overlay with a directions link from the customer's position; tells
// the customer when the shop's location is missing or invalid.
import { lazy, Suspense } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { env } from '../../config/env';
import { shopCoords } from '../../lib/distance';
import { useLocationStore } from '../../lib/location-store';
import { Dialog } from '@jono/ui';
import { Loader } from './loader';

const ShopMap = lazy(() => import('./shop-map'));

interface ShopMapOverlayProps {
  open: boolean;
  onClose: () => void;
  shop: {
    name: string;
    address: string;
    city: string;
    location: { latitude: string; longitude: string };
  };
}

export function directionsUrl(
  shop: { lat: number; lng: number },
  user: { lat: number; lng: number } | null,
): string {
  const url = new URL(env.directionsUrl);
  url.searchParams.set('api', '1');
  if (user) url.searchParams.set('origin', `${user.lat},${user.lng}`);
  url.searchParams.set('destination', `${shop.lat},${shop.lng}`);
  return url.toString();
}

export function ShopMapOverlay({ open, onClose, shop }: ShopMapOverlayProps) {
  const { t } = useTranslation();
  const at = shopCoords(shop.location);
  const user = useLocationStore((s) => s.coords);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={shop.name}
      description={`${shop.address}, ${shop.city}`}
      className="dialog--fullscreen"
    >
      {at ? (
        <>
          <Suspense fallback={<Loader />}>
            <ShopMap at={at} name={shop.name} />
          </Suspense>
          <a
            className="button button--primary"
            href={directionsUrl(at, user)}
            target="_blank"
            rel="noreferrer"
          >
            {t('map.directions')}
          </a>
        </>
      ) : (
        <div className="notice notice--warning" role="alert">
          <p className="notice__title">{t('map.locationErrorTitle')}</p>
          <p>{t('map.locationErrorText')}</p>
        </div>
      )}
    </Dialog>
  );
}
