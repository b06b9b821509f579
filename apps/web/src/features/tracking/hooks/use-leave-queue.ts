// Leaving the queue: cancel the order, forget it, confirm it in the customer's language (in
// Finnish with the invitation to the survey, for 10 s); then to the shop list.
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation';
import { SURVEY_NOTICE_MS } from '@jono/contract';
import { useActiveOrderStore } from '../../../lib/active-order-store';
import { useLocaleStore } from '../../../lib/locale-store';
import { notify } from '../../../lib/notification-store';
import { paths } from '../../../lib/paths';
import { useUpdateOrder } from '../api/update-order';

export function useLeaveQueue(orderId: number | null) {
  const { t } = useTranslation('tracking');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const update = useUpdateOrder(orderId);
  const leave = useCallback(async () => {
    await update.mutateAsync({ cancel: true });
    useActiveOrderStore.getState().clearOrder();
    await queryClient.invalidateQueries({ queryKey: ['profile'] });
    if (useLocaleStore.getState().language === 'fi') {
      notify(
        {
          title: t('survey.title', { lng: 'fi' }),
          text: t('survey.text', { lng: 'fi' }),
          linkUrl: t('survey.url', { lng: 'fi' }),
          linkText: t('survey.linkText', { lng: 'fi' }),
        },
        SURVEY_NOTICE_MS,
      );
    } else {
      notify({ title: t('left.title'), text: `${t('left.text')} ${t('left.rejoin')}` });
    }
    void navigate(paths.home.href(), { state: { transition: 'slide-left' } });
  }, [update, queryClient, navigate, t]);
  return { leave, pending: update.isPending, error: update.error };
}
