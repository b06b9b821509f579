// One shop on a map (Leaflet, zoom 15), loaded on demand by ShopMapOverlay.
import { useEffect, useRef } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { MAP_ZOOM_SHOP } from '@jono/contract';
import { env } from '../../config/env';
import type { LatLng } from '../../lib/distance';

// The icon set's scissors as markup: Leaflet's markers take HTML, not React elements.
const SCISSORS_MARKUP =
  '<svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" aria-hidden="true"><circle cx="6" cy="6" r="3"/><circle cx="6" cy="18" r="3"/><path d="M8.6 7.6 20 19M8.6 16.4 20 5"/></svg>';

export default function ShopMap({ at, name }: { at: LatLng; name: string }) {
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!element.current) return;
    const map = L.map(element.current).setView([at.lat, at.lng], MAP_ZOOM_SHOP);
    L.tileLayer(env.mapTileUrl, { attribution: env.mapAttribution, maxZoom: 19 }).addTo(map);
    const icon = L.divIcon({
      className: 'map-marker map-marker--shop',
      html: SCISSORS_MARKUP,
      iconSize: [40, 40],
    });
    L.marker([at.lat, at.lng], { icon, title: name, alt: name }).addTo(map);
    return () => {
      map.remove();
    };
  }, [at, name]);
  return <div ref={element} className="map map--shop" />;
}
