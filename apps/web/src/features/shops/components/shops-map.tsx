// The map of all shops (Leaflet, loaded on demand): a marker per shop showing its wait; a tap
// opens the shop. Centred on the customer, else on the market's default centre.
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { MAP_ZOOM_LIST, type PobSummary } from '@jono/contract';
import { env } from '../../../config/env';
import { shopCoords, type LatLng } from '../../../lib/distance';
import { paths } from '../../../lib/paths';
import { cardState, shownWait } from '../../../lib/queue';

interface ShopsMapProps {
  shops: readonly PobSummary[];
  centre: LatLng;
  priority: number | null;
  onOpenShop?: () => void;
}

export default function ShopsMap({ shops, centre, priority, onOpenShop }: ShopsMapProps) {
  const element = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const { t } = useTranslation('shops');

  useEffect(() => {
    if (!element.current) return;
    const map = L.map(element.current, { zoomControl: true }).setView(
      [centre.lat, centre.lng],
      MAP_ZOOM_LIST,
    );
    L.tileLayer(env.mapTileUrl, { attribution: env.mapAttribution, maxZoom: 19 }).addTo(map);
    for (const shop of shops) {
      const at = shopCoords(shop.location);
      if (!at) continue;
      const state = cardState(shop);
      const wait = shownWait(shop.service_time_estimates, priority);
      const text = state === 'takingOrders' && wait !== null ? `${wait}` : '–';
      const label =
        state === 'takingOrders' && wait !== null
          ? t('map.markerLabel', { name: shop.name, count: wait })
          : `${shop.name}: ${t(`card.${state}`)}`;
      const icon = L.divIcon({
        className: `map-marker map-marker--${state}`,
        html: `<span aria-hidden="true">${text}</span>`,
        iconSize: [40, 40],
      });
      const marker = L.marker([at.lat, at.lng], {
        icon,
        title: label,
        alt: label,
        keyboard: true,
      }).addTo(map);
      marker.getElement()?.setAttribute('aria-label', label);
      marker.getElement()?.setAttribute('role', 'button');
      if (state === 'takingOrders') {
        marker.on('click', () => {
          onOpenShop?.();
          void navigate(paths.shop.href(shop.id));
        });
      }
    }
    return () => {
      map.remove();
    };
  }, [shops, centre, priority, navigate, onOpenShop, t]);

  return <div ref={element} className="map" />;
}
