// Cookie settings: necessary storage is always on; analytics can be turned off. Kept on the device.
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Dialog } from '../../../components/ui/dialog';
import { STORAGE_KEYS, writeStorage } from '../../../lib/storage';

export const COOKIE_SETTINGS_KEY = STORAGE_KEYS.cookies;

export function readCookieSettings(): { analytics: boolean } {
  try {
    const raw = window.localStorage.getItem(COOKIE_SETTINGS_KEY);
    const parsed = raw ? (JSON.parse(raw) as { analytics?: unknown }) : null;
    return { analytics: parsed?.analytics !== false };
  } catch {
    return { analytics: true };
  }
}

export function CookieSettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('account');
  const id = useId();
  const [analytics, setAnalytics] = useState(() => readCookieSettings().analytics);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('cookies.title')}
      description={t('cookies.intro')}
    >
      <div className="form">
        <label className="checkbox">
          <input type="checkbox" checked disabled aria-describedby={`${id}-necessary`} />
          <span>{t('cookies.necessary')}</span>
        </label>
        <p id={`${id}-necessary`} className="form__hint">
          {t('cookies.necessaryText')}
        </p>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={analytics}
            onChange={(e) => setAnalytics(e.target.checked)}
            aria-describedby={`${id}-analytics`}
          />
          <span>{t('cookies.analytics')}</span>
        </label>
        <p id={`${id}-analytics`} className="form__hint">
          {t('cookies.analyticsText')}
        </p>
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            writeStorage(COOKIE_SETTINGS_KEY, { analytics });
            onClose();
          }}
        >
          {t('cookies.save')}
        </button>
      </div>
    </Dialog>
  );
}
