// /profile/notifications: SMS and push permissions. Push uses Web Push where the browser has it;
// a development area (local dev flag) shows the subscription and can show a test notification.
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Loader } from '../../../components/ui/loader';
import { env } from '../../../config/env';
import { paths } from '../../../lib/paths';
import { STORAGE_KEYS } from '../../../lib/storage';
import { ScreenHeader } from '../../account/components/screen-header';
import { useProfile } from '../../auth/api/get-profile';
import { PushDeniedError, pushSupported, subscribePush, unsubscribePush } from '../../pwa/push';
import { currentInstallPlatform, isStandalone } from '../../pwa/standalone';
import { useUpdateProfile } from '../api/update-profile';
import { Toggle } from './toggle';

function devFlag(): boolean {
  try {
    return env.devMode || window.localStorage.getItem(STORAGE_KEYS.dev) === 'true';
  } catch {
    return env.devMode;
  }
}

export function NotificationsScreen() {
  const { t } = useTranslation('profile');
  const profile = useProfile();
  const update = useUpdateProfile();
  const [pushBusy, setPushBusy] = useState(false);
  const [pushError, setPushError] = useState<string | null>(null);
  const supported = pushSupported();
  if (!profile.data) return <Loader />;
  const { allow_sms: allowSms, fcm_token: pushToken } = profile.data;

  const togglePush = async (on: boolean) => {
    setPushBusy(true);
    setPushError(null);
    try {
      if (on) {
        const subscription = await subscribePush();
        await update.mutateAsync({ fcm_token: subscription });
      } else {
        await unsubscribePush();
        await update.mutateAsync({ fcm_token: null });
      }
    } catch (error) {
      setPushError(error instanceof PushDeniedError ? 'notifications.pushDenied' : 'saveError');
    } finally {
      setPushBusy(false);
    }
  };

  return (
    <main className="screen account-screen">
      <ScreenHeader title={t('notifications.title')} fallback={paths.profile.href()} />
      <Toggle
        label={t('notifications.sms')}
        description={t('notifications.smsDescription')}
        checked={update.isPending ? (update.variables.allow_sms ?? allowSms) : allowSms}
        disabled={update.isPending}
        onChange={(checked) => update.mutate({ allow_sms: checked })}
      />
      <Toggle
        label={t('notifications.push')}
        description={
          supported
            ? t('notifications.pushDescription')
            : // iOS Safari has Web Push (16.4+) only in an app added to the Home Screen.
              t(
                currentInstallPlatform() === 'ios' && !isStandalone()
                  ? 'notifications.pushUnsupportedIos'
                  : 'notifications.pushUnsupported',
              )
        }
        checked={pushToken !== null}
        disabled={!supported || pushBusy}
        onChange={(checked) => void togglePush(checked)}
      />
      {pushError || update.isError ? (
        <p className="form__error" role="alert">
          {t(pushError ?? 'saveError')}
        </p>
      ) : null}
      {devFlag() ? (
        <section className="dev-area" aria-labelledby="dev-area-title">
          <h2 id="dev-area-title">{t('notifications.devTitle')}</h2>
          <p>
            {t('notifications.devPermission', {
              permission: supported ? Notification.permission : '-',
            })}
          </p>
          <pre className="dev-area__token">{pushToken ?? t('notifications.devNoToken')}</pre>
          <button
            type="button"
            className="button button--secondary"
            disabled={!supported}
            onClick={() => {
              void navigator.serviceWorker.ready.then((registration) =>
                registration.showNotification(t('common:appName'), {
                  body: t('notifications.devTestBody'),
                }),
              );
            }}
          >
            {t('notifications.devTest')}
          </button>
        </section>
      ) : null}
    </main>
  );
}
