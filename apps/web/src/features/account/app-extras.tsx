// App-wide pieces outside the routes: the ?lang= parameter, the service worker and offline
// screen, error reporting and the analytics of session errors.
import { lazy, Suspense, useEffect } from 'react';
import { track } from '../../lib/analytics';
import { useNotificationStore } from '../../lib/notification-store';
import { applyLanguage, languageFromQuery } from './language';
import { installErrorReporter } from '../pwa/error-reporter';
import { OfflineScreen } from '../pwa/offline-screen';

const PwaRegister = lazy(() => import('../pwa/pwa-register'));

/** Session errors of section 7 (accessToken, loginStatus) go to analytics when their notice shows. */
export function trackSessionErrors(): () => void {
  return useNotificationStore.subscribe((state, previous) => {
    const code = state.current?.code;
    if (state.current && state.current.key !== previous.current?.key) {
      if (code === 'accessToken' || code === 'loginStatus') track('error', { type: code });
    }
  });
}

export function AppExtras() {
  useEffect(() => {
    const fromQuery = languageFromQuery(window.location.search);
    if (fromQuery) void applyLanguage(fromQuery);
    const stopTracking = trackSessionErrors();
    const stopReporting = installErrorReporter();
    return () => {
      stopTracking();
      stopReporting();
    };
  }, []);

  return (
    <>
      <OfflineScreen />
      <Suspense fallback={null}>
        <PwaRegister />
      </Suspense>
    </>
  );
}
