// The map of all shops (Leaflet, loaded on demand): a marker per shop showing its wait; a tap, or
// Enter on a focused marker, opens the shop. The view fits every shop and the customer. Without
// map tiles the markers carry their names on a plain background.
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { MAP_ZOOM_LIST, type PobSummary } from '@jono/contract';
import { shopCoords, type LatLng } from '../../../lib/distance';
import { paths } from '../../../lib/paths';
import { cardState, shownWait } from '../../../lib/queue';
import { useLeafletMap } from '../../../lib/use-leaflet-map';
import { useTranslation } from '../../../lib/use-translation';

interface ShopsMapProps {
  shops: readonly PobSummary[];
  centre: LatLng;
  /** The customer's position, when known: part of the first view. */
  user: LatLng | null;
  priority: number | null;
  onOpenShop?: () => void;
}

function markerElement(wait: string, label: string): HTMLElement {
  const root = document.createElement('span');
  root.className = 'map-marker__content';
  const value = document.createElement('span');
  value.className = 'map-marker__wait';
  value.textContent = wait;
  const name = document.createElement('span');
  name.className = 'map-marker__name';
  name.textContent = label;
  root.append(value, name);
  return root;
}

export default function ShopsMap({ shops, centre, user, priority, onOpenShop }: ShopsMapProps) {
  const navigate = useNavigate();
  const { t } = useTranslation('shops');
  const points = shops.flatMap((s) => shopCoords(s.location) ?? []);
  const { element, map, tilesFailed } = useLeafletMap({
    fit: user ? [...points, user] : points,
    centre: user ?? centre,
    zoom: MAP_ZOOM_LIST,
  });

  useEffect(() => {
    if (!map) return;
    const markers = shops.flatMap((shop) => {
      const at = shopCoords(shop.location);
      if (!at) return [];
      const state = cardState(shop);
      const wait = shownWait(shop.service_time_estimates, priority);
      const taking = state === 'takingOrders' && wait !== null;
      const status = taking ? t('map.wait', { count: wait }) : t(`card.${state}`);
      const label = taking
        ? t('map.markerLabel', { name: shop.name, count: wait })
        : `${shop.name}: ${status}`;
      const icon = L.divIcon({
        className: `map-marker map-marker--${state}`,
        html: markerElement(taking ? String(wait) : '–', `${shop.name} · ${status}`),
        iconSize: [40, 40],
      });
      const marker = L.marker([at.lat, at.lng], { icon, title: label, alt: label, keyboard: true });
      const open = () => {
        onOpenShop?.();
        void navigate(paths.shop.href(shop.id));
      };
      marker.on('click', open);
      marker.addTo(map);
      const markerNode = marker.getElement();
      // A focused marker opens with Enter or Space, like any button.
      markerNode?.addEventListener('keydown', (event) => {
        if (event.key !== 'Enter' && event.key !== ' ') return;
        event.preventDefault();
        open();
      });
      markerNode?.setAttribute('role', 'button');
      markerNode?.setAttribute('aria-label', label);
      markerNode?.setAttribute('data-shop-id', String(shop.id));
      return [marker];
    });
    return () => {
      for (const marker of markers) marker.remove();
    };
  }, [map, shops, priority, navigate, onOpenShop, t]);

  return (
    <div className={`map-frame${tilesFailed ? ' map-frame--plain' : ''}`}>
      <div ref={element} className="map" />
      {tilesFailed ? (
        <p className="map-frame__note" role="status">
          {t('map.tilesFailed')}
        </p>
      ) : null}
    </div>
  );
}
