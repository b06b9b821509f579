// The app's notification (title, text, error code, optional link), announced to screen readers.
import { useTranslation } from '../lib/use-translation';
import { useNotificationStore } from '../lib/notification-store';
import { IconClose } from '@jono/ui';

export function NotificationBanner() {
  const { t } = useTranslation();
  const current = useNotificationStore((s) => s.current);
  const hide = useNotificationStore((s) => s.hide);
  return (
    <div className="notification-region" role="status" aria-live="polite">
      {current ? (
        <div key={current.key} className={`notification notification--${current.tone ?? 'info'}`}>
          <div className="notification__content">
            <p className="notification__title">{current.title}</p>
            {current.text ? <p className="notification__text">{current.text}</p> : null}
            {current.code ? (
              <p className="notification__code">{t('errors.code', { code: current.code })}</p>
            ) : null}
            {current.linkUrl && current.linkText ? (
              <a
                href={current.linkUrl}
                target="_blank"
                rel="noreferrer"
                className="notification__link"
              >
                {current.linkText}
              </a>
            ) : null}
          </div>
          <button type="button" className="icon-button" onClick={hide} aria-label={t('close')}>
            <IconClose />
          </button>
        </div>
      ) : null}
    </div>
  );
}
