// App-wide pieces outside the routes: the ?lang= parameter, the service worker and offline
// screen, error reporting and the analytics of session errors.
import { useEffect } from 'react';
import { env } from '../../config/env';
import { track } from '../../lib/analytics';
import { useNotificationStore } from '../../lib/notification-store';
import { applyLanguage, applyMarket, languageFromQuery, marketFromQuery } from './language';
import { currentMarket } from '../../lib/locale-store';
import { OfflineScreen } from '../pwa/offline-screen';
import PwaRegister from '../pwa/pwa-register';

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
    // A shop's QR code (its display) names the shop's market: a phone of another market follows.
    const market = marketFromQuery(window.location.search);
    if (market && currentMarket() !== market) void applyMarket(market);
    const stopTracking = trackSessionErrors();
    // The reporter's code loads only where a report URL is configured.
    let stopReporting: (() => void) | null = null;
    let stopped = false;
    if (env.errorReportUrl) {
      void import('../pwa/error-reporter').then(({ installErrorReporter }) => {
        if (!stopped) stopReporting = installErrorReporter(env.errorReportUrl);
      });
    }
    return () => {
      stopped = true;
      stopTracking();
      stopReporting?.();
    };
  }, []);

  return (
    <>
      <OfflineScreen />
      <PwaRegister />
    </>
  );
}
