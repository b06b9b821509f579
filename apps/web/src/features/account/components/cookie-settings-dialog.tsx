// Cookie settings: necessary storage is always on; analytics can be turned off. Kept on the device.
import { useState } from 'react';
import { Button, CheckboxField, Dialog } from '@jono/ui';
import { useTranslation } from '../../../lib/use-translation';
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
  const [analytics, setAnalytics] = useState(() => readCookieSettings().analytics);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('cookies.title')}
      description={t('cookies.intro')}
    >
      <div className="form">
        <CheckboxField
          label={t('cookies.necessary')}
          hint={t('cookies.necessaryText')}
          checked
          disabled
        />
        <CheckboxField
          label={t('cookies.analytics')}
          hint={t('cookies.analyticsText')}
          checked={analytics}
          onChange={(e) => setAnalytics(e.target.checked)}
        />
        <Button
          variant="primary"
          onClick={() => {
            writeStorage(COOKIE_SETTINGS_KEY, { analytics });
            onClose();
          }}
        >
          {t('cookies.save')}
        </Button>
      </div>
    </Dialog>
  );
}
