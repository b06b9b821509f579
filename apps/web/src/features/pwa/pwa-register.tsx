// Registers the service worker (vite-plugin-pwa) and offers to reload when a new version waits.
import { useTranslation } from 'react-i18next';
import { useRegisterSW } from 'virtual:pwa-register/react';

export default function PwaRegister() {
  const { t } = useTranslation('pwa');
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW();
  if (!needRefresh) return null;
  return (
    <div className="pwa-update" role="status">
      <p>{t('update.ready')}</p>
      <button
        type="button"
        className="button button--primary"
        onClick={() => void updateServiceWorker(true)}
      >
        {t('update.reload')}
      </button>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => setNeedRefresh(false)}
      >
        {t('update.dismiss')}
      </button>
    </div>
  );
}
