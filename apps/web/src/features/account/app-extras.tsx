// App-wide pieces outside the routes: the ?lang= parameter, i18next following the chosen
// language, the service worker and offline screen, error reporting and session-end analytics.
import { lazy, Suspense, useEffect } from 'react';
import { onSessionEnded } from '../../lib/api-client';
import { track } from '../../lib/analytics';
import { i18next } from '../../lib/i18n';
import { useLocaleStore } from '../../lib/locale-store';
import { applyLanguage, languageFromQuery } from './language';
import { installErrorReporter } from '../pwa/error-reporter';
import { OfflineScreen } from '../pwa/offline-screen';

const PwaRegister = lazy(() => import('../pwa/pwa-register'));

export function AppExtras() {
  useEffect(() => {
    const fromQuery = languageFromQuery(window.location.search);
    if (fromQuery) void applyLanguage(fromQuery);
    const unsubscribe = useLocaleStore.subscribe((s) => {
      if (i18next.language !== s.language) void i18next.changeLanguage(s.language);
    });
    const stopTracking = onSessionEnded(() => track('error', { type: 'accessToken' }));
    const stopReporting = installErrorReporter();
    return () => {
      unsubscribe();
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
