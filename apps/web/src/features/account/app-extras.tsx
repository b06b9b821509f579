// App-wide pieces outside the routes: the ?lang= parameter, the service worker and offline
// screen, error reporting and session-end analytics.
import { lazy, Suspense, useEffect } from 'react';
import { onSessionEnded } from '../../lib/api-client';
import { track } from '../../lib/analytics';
import { applyLanguage, languageFromQuery } from './language';
import { installErrorReporter } from '../pwa/error-reporter';
import { OfflineScreen } from '../pwa/offline-screen';

const PwaRegister = lazy(() => import('../pwa/pwa-register'));

export function AppExtras() {
  useEffect(() => {
    const fromQuery = languageFromQuery(window.location.search);
    if (fromQuery) void applyLanguage(fromQuery);
    const stopTracking = onSessionEnded(() => track('error', { type: 'accessToken' }));
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
