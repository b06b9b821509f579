// One shop on a map (Leaflet, zoom 15), loaded on demand by ShopMapOverlay; sized and tiled like
// the shops map (useLeafletMap), with the shop's name on the marker when tiles cannot load.
import { useEffect } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { MAP_ZOOM_SHOP } from '@jono/contract';
import type { LatLng } from '../../lib/distance';
import { useLeafletMap } from '../../lib/use-leaflet-map';

// The icon set's scissors as markup: Leaflet's markers take HTML, not React elements.
const SCISSORS_MARKUP =
  '<svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" aria-hidden="true"><circle cx="6" cy="6" r="3"/><circle cx="6" cy="18" r="3"/><path d="M8.6 7.6 20 19M8.6 16.4 20 5"/></svg>';

export default function ShopMap({ at, name }: { at: LatLng; name: string }) {
  const { element, map, tilesFailed } = useLeafletMap({
    fit: [at],
    centre: at,
    zoom: MAP_ZOOM_SHOP,
  });
  useEffect(() => {
    if (!map) return;
    const content = document.createElement('span');
    content.className = 'map-marker__content';
    // A constant of the icon set, not data: safe as markup.
    content.innerHTML = SCISSORS_MARKUP;
    const label = document.createElement('span');
    label.className = 'map-marker__name';
    label.textContent = name;
    content.append(label);
    const icon = L.divIcon({
      className: 'map-marker map-marker--shop',
      html: content,
      iconSize: [40, 40],
    });
    const marker = L.marker([at.lat, at.lng], { icon, title: name, alt: name }).addTo(map);
    return () => {
      marker.remove();
    };
  }, [map, at, name]);
  return (
    <div className={`map-frame${tilesFailed ? ' map-frame--plain' : ''}`}>
      <div ref={element} className="map map--shop" />
    </div>
  );
}
