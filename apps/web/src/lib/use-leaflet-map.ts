// A Leaflet map that is usable the moment it shows: it follows its element's size (a map
// created inside an opening dialog starts at 0x0; without this its centre sits in the top-left
// corner), fits the given points once it has a size, takes its tiles from the server's
// configuration, and reports when tiles cannot load so the caller can show a plain fallback.
import { useEffect, useRef, useState } from 'react';
import L from 'leaflet';
import type { LatLng } from './distance';
import { useAppConfig } from './app-config';

interface LeafletMapOptions {
  /** Points the first view fits (shops, the customer); the centre when empty. */
  fit: readonly LatLng[];
  centre: LatLng;
  zoom: number;
}

export function useLeafletMap({ fit, centre, zoom }: LeafletMapOptions) {
  const element = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<L.Map | null>(null);
  const [tilesFailed, setTilesFailed] = useState(false);
  const { config, settled } = useAppConfig();

  useEffect(() => {
    const container = element.current;
    if (!container) return;
    const created = L.map(container, { zoomControl: true });
    let fitted = false;
    const fitView = () => {
      if (fit.length > 1) {
        created.fitBounds(L.latLngBounds(fit.map((p) => [p.lat, p.lng])), {
          padding: [48, 48],
          maxZoom: 16,
        });
      } else {
        const only = fit[0] ?? centre;
        created.setView([only.lat, only.lng], zoom);
      }
    };
    const observer = new ResizeObserver(() => {
      if (container.clientWidth === 0 || container.clientHeight === 0) return;
      created.invalidateSize();
      if (!fitted) {
        fitted = true;
        fitView();
      }
    });
    observer.observe(container);
    // Leaflet needs a view before layers can be added; the real one follows the first size.
    created.setView([centre.lat, centre.lng], zoom);
    setMap(created);
    return () => {
      observer.disconnect();
      created.remove();
      setMap(null);
    };
    // The map is made once per element, its first view from the points it opened with (the map
    // opens once the shops have loaded); later refreshes move markers, not the customer's view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!map || !settled) return;
    let loaded = 0;
    let failed = 0;
    const layer = L.tileLayer(config.map_tile_url, {
      attribution: config.map_attribution,
      maxZoom: 19,
    });
    layer.on('tileload', () => {
      loaded += 1;
      setTilesFailed(false);
    });
    layer.on('tileerror', () => {
      failed += 1;
      if (loaded === 0 && failed > 0) setTilesFailed(true);
    });
    layer.addTo(map);
    return () => {
      layer.remove();
    };
  }, [map, settled, config]);

  return { element, map, tilesFailed };
}
