// When the device goes offline the app says so: queue times need a connection, and nothing
import './pwa.css';
// stale is shown in their place.
import { useSyncExternalStore } from 'react';
import { useTranslation } from '../../lib/use-translation';

const subscribe = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

export const useOnline = () =>
  useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );

export function OfflineScreen() {
  const { t } = useTranslation('pwa');
  const online = useOnline();
  if (online) return null;
  return (
    <div
      className="offline-screen"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="offline-title"
    >
      <div className="offline-screen__body">
        <svg viewBox="0 0 64 64" width="64" height="64" aria-hidden="true" focusable="false">
          <path
            d="M8 24a34 34 0 0 1 48 0M16 33a22 22 0 0 1 32 0M24 42a10 10 0 0 1 16 0"
            stroke="#5a5a5a"
            strokeWidth="5"
            fill="none"
            strokeLinecap="round"
          />
          <circle cx="32" cy="51" r="4" fill="#5a5a5a" />
          <path d="M10 8l44 48" stroke="#a82418" strokeWidth="5" strokeLinecap="round" />
        </svg>
        <h2 id="offline-title">{t('offline.title')}</h2>
        <p>{t('offline.text')}</p>
        <button
          type="button"
          className="button button--primary"
          onClick={() => window.location.reload()}
        >
          {t('offline.retry')}
        </button>
      </div>
    </div>
  );
}
