// Keeps the session and the stored order in step with the server: ends an expired session with
// the notice of section 8, logs out when the status cannot be confirmed, and clears the stored
// order when the profile shows none.
import { useEffect } from 'react';
import { useTranslation } from '../lib/use-translation';
import { NOTICE_MS } from '@jono/contract';
import { ApiError, onSessionEnded } from '../lib/api-client';
import { useActiveOrderStore } from '../lib/active-order-store';
import { notify } from '../lib/notification-store';
import { useProfile } from '../features/auth/api/get-profile';
import { useLogout } from '../features/auth/hooks/use-logout';

export function SessionSync() {
  const { t } = useTranslation();
  const logout = useLogout();
  const profile = useProfile();

  useEffect(
    () =>
      onSessionEnded(() => {
        logout();
        notify({ title: t('errors.sessionClosed'), code: 'accessToken', tone: 'error' }, NOTICE_MS);
      }),
    [logout, t],
  );

  const error = profile.error;
  useEffect(() => {
    if (error instanceof ApiError && error.code !== 'network' && error.status !== 401) {
      logout();
      notify(
        {
          title: t('errors.statusError'),
          text: t('errors.statusErrorText'),
          code: 'loginStatus',
          tone: 'error',
        },
        NOTICE_MS,
      );
    }
  }, [error, logout, t]);

  const activeOrderId = profile.data?.active_order_id;
  const loaded = profile.isSuccess;
  useEffect(() => {
    if (!loaded) return;
    const store = useActiveOrderStore.getState();
    if (activeOrderId == null) store.clearOrder();
    else if (store.order?.orderId !== activeOrderId) {
      store.setOrder({ orderId: activeOrderId, shopId: null, checkedIn: false });
    }
  }, [loaded, activeOrderId]);

  return null;
}
