// The map of all shops (Leaflet, loaded on demand): a marker per shop showing its wait; a tap, or
// Enter on a focused marker, opens the shop. Shops that would cover one another at the zoom show
// as one marker with their count, which zooms in on them. The view fits every shop and the
// customer. Without map tiles the markers carry their names and waits on a plain background, and
// the first view zooms in until the shop nearest the customer stands apart with its name.
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { MAP_ZOOM_LIST, type PobSummary } from '@jono/contract';
import { shopCoords, type LatLng } from '../../../lib/distance';
import { clusterByDistance, firstZoomApart } from '../../../lib/map-clusters';
import { paths } from '../../../lib/paths';
import { cardState, shownWait } from '../../../lib/queue';
import { useLeafletMap } from '../../../lib/use-leaflet-map';
import { useShopStateLabel } from '../../../lib/use-shop-state-label';
import { useTranslation } from '../../../lib/use-translation';

interface ShopsMapProps {
  shops: readonly PobSummary[];
  centre: LatLng;
  /** The customer's position, when known: part of the first view. */
  user: LatLng | null;
  priority: number | null;
  onOpenShop?: () => void;
}

/** A marker's size; markers nearer than this on the screen are gathered into one. */
const MARKER_PX = 40;
/** Without tiles each marker has its name beneath it (up to about 190 px wide, 22 px high). */
const NAMED_MARKER_REACH = { x: 160, y: MARKER_PX + 26 };

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
  const stateLabel = useShopStateLabel();
  const points = shops.flatMap((s) => shopCoords(s.location) ?? []);
  const { element, map, tilesFailed } = useLeafletMap({
    fit: user ? [...points, user] : points,
    centre: user ?? centre,
    zoom: MAP_ZOOM_LIST,
  });

  // Without tiles, once: zoom to where the nearest shops can be read by name.
  const zoomedApart = useRef(false);
  useEffect(() => {
    if (!map || !tilesFailed || zoomedApart.current || points.length < 2) return;
    zoomedApart.current = true;
    const focus = user ?? centre;
    const zoom = firstZoomApart(
      points,
      focus,
      map.getZoom(),
      map.getMaxZoom(),
      (p, z) => map.project([p.lat, p.lng], z),
      NAMED_MARKER_REACH,
    );
    if (zoom > map.getZoom()) map.setView([focus.lat, focus.lng], zoom);
  }, [map, tilesFailed, points, user, centre]);

  useEffect(() => {
    if (!map) return;
    const placed = shops.flatMap((shop) => {
      const at = shopCoords(shop.location);
      return at ? [{ shop, at }] : [];
    });
    let markers: L.Marker[] = [];
    const asButton = (marker: L.Marker, label: string, activate: () => void) => {
      marker.on('click', activate);
      marker.addTo(map);
      const node = marker.getElement();
      // A focused marker acts with Enter or Space, like any button.
      node?.addEventListener('keydown', (event) => {
        if (event.key !== 'Enter' && event.key !== ' ') return;
        event.preventDefault();
        activate();
      });
      node?.setAttribute('role', 'button');
      node?.setAttribute('aria-label', label);
      return node;
    };
    const shopMarker = (shop: PobSummary, at: LatLng) => {
      const state = cardState(shop);
      const wait = shownWait(shop.service_time_estimates, priority);
      const taking = state === 'takingOrders' && wait !== null;
      const status = taking ? t('map.wait', { count: wait }) : stateLabel(shop);
      const label = taking
        ? t('map.markerLabel', { name: shop.name, count: wait })
        : `${shop.name}: ${status}`;
      const icon = L.divIcon({
        className: `map-marker map-marker--${state}`,
        html: markerElement(taking ? String(wait) : '–', `${shop.name} · ${status}`),
        iconSize: [MARKER_PX, MARKER_PX],
      });
      const marker = L.marker([at.lat, at.lng], { icon, title: label, alt: label, keyboard: true });
      const node = asButton(marker, label, () => {
        onOpenShop?.();
        void navigate(paths.shop.href(shop.id));
      });
      node?.setAttribute('data-shop-id', String(shop.id));
      return marker;
    };
    // Shops whose markers would cover one another show as one marker that zooms in on them.
    const clusterMarker = (group: readonly { shop: PobSummary; at: LatLng }[]) => {
      const bounds = L.latLngBounds(group.map((g) => [g.at.lat, g.at.lng]));
      const names = group.map((g) => g.shop.name);
      const label = t('map.clusterLabel', { count: group.length, names: names.join(', ') });
      const icon = L.divIcon({
        className: 'map-marker map-marker--cluster',
        // Without tiles the pile says whose it is: the first names, then how many more.
        html: markerElement(
          String(group.length),
          tilesFailed
            ? `${names.slice(0, 2).join(', ')}${group.length > 2 ? ` +${group.length - 2}` : ''}`
            : t('map.clusterName', { count: group.length }),
        ),
        iconSize: [MARKER_PX, MARKER_PX],
      });
      const marker = L.marker(bounds.getCenter(), { icon, title: label, alt: label });
      // At least one level deeper, even when the shops already fit: names beside the markers
      // can need more room than the view has, and a tap must always bring them apart.
      const node = asButton(marker, label, () => {
        const fits = map.getBoundsZoom(bounds, false, L.point(MARKER_PX * 2, MARKER_PX * 2));
        const zoom = Math.min(map.getMaxZoom(), Math.max(map.getZoom() + 1, fits));
        map.setView(bounds.getCenter(), zoom);
      });
      node?.setAttribute('data-shop-ids', group.map((g) => g.shop.id).join(' '));
      return marker;
    };
    const draw = () => {
      for (const marker of markers) marker.remove();
      // At the deepest zoom nothing comes apart any more: every shop gets its own marker.
      const groups =
        map.getZoom() >= map.getMaxZoom()
          ? placed.map((p) => [p])
          : clusterByDistance(
              placed.map((p) => ({ item: p, at: map.latLngToLayerPoint([p.at.lat, p.at.lng]) })),
              tilesFailed ? NAMED_MARKER_REACH : { x: MARKER_PX + 4, y: MARKER_PX + 4 },
            );
      markers = groups.map((group) =>
        group.length === 1 && group[0]
          ? shopMarker(group[0].shop, group[0].at)
          : clusterMarker(group),
      );
    };
    draw();
    map.on('zoomend', draw);
    return () => {
      map.off('zoomend', draw);
      for (const marker of markers) marker.remove();
    };
  }, [map, shops, priority, navigate, onOpenShop, t, stateLabel, tilesFailed]);

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
