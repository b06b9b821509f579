// Locating the customer for closest-first: 10 s timeout; denial and failure give their notices.
import { useCallback } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { GEOLOCATION_TIMEOUT_MS, NOTICE_MS } from '@jono/contract';
import { useLocationStore } from '../../../lib/location-store';
import { notify } from '../../../lib/notification-store';

export function useGeolocation() {
  const { t } = useTranslation('shops');
  const status = useLocationStore((s) => s.status);
  const locate = useCallback(() => {
    const store = useLocationStore.getState();
    if (!('geolocation' in navigator)) {
      store.setStatus('failed');
      notify(
        { title: t('location.failedTitle'), text: t('location.failedText'), tone: 'error' },
        NOTICE_MS,
      );
      return;
    }
    store.setStatus('locating');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        store.setCoords({ lat: position.coords.latitude, lng: position.coords.longitude });
        store.setClosestFirst(true);
      },
      (error) => {
        const denied = error.code === error.PERMISSION_DENIED;
        store.setStatus(denied ? 'denied' : 'failed');
        store.setClosestFirst(false);
        notify(
          denied
            ? { title: t('location.deniedTitle'), text: t('location.deniedText'), tone: 'error' }
            : { title: t('location.failedTitle'), text: t('location.failedText'), tone: 'error' },
          NOTICE_MS,
        );
      },
      { timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: 60_000 },
    );
  }, [t]);
  return { status, locate };
}
