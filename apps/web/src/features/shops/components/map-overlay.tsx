// The map as a full-screen overlay; Leaflet loads only when it opens.
import { lazy, Suspense } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { PobSummary } from '@jono/contract';
import { Dialog } from '@jono/ui';
import { Loader } from '../../../components/ui/loader';
import type { LatLng } from '../../../lib/distance';

const ShopsMap = lazy(() => import('./shops-map'));

interface MapOverlayProps {
  open: boolean;
  onClose: () => void;
  shops: readonly PobSummary[];
  centre: LatLng;
  user: LatLng | null;
  priority: number | null;
}

export function MapOverlay({ open, onClose, ...map }: MapOverlayProps) {
  const { t } = useTranslation('shops');
  return (
    <Dialog open={open} onClose={onClose} title={t('map.title')} className="dialog--fullscreen">
      <Suspense fallback={<Loader />}>
        <ShopsMap {...map} onOpenShop={onClose} />
      </Suspense>
    </Dialog>
  );
}
