// Leaving the queue: cancel the order, forget it, confirm it in the customer's language (in
// Finnish with the invitation to the market's survey where the operator has one, SURVEY_URLS, for
// 10 s); then to the shop list.
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation';
import { SURVEY_NOTICE_MS } from '@jono/contract';
import { useActiveOrderStore } from '../../../lib/active-order-store';
import { appConfigQueryOptions } from '../../../lib/app-config';
import { currentMarket, useLocaleStore } from '../../../lib/locale-store';
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
    const surveyUrl =
      useLocaleStore.getState().language === 'fi'
        ? await queryClient
            .fetchQuery(appConfigQueryOptions(currentMarket()))
            .then((config) => config.survey_url)
            .catch(() => null)
        : null;
    if (surveyUrl) {
      notify(
        {
          title: t('survey.title'),
          text: t('survey.text'),
          linkUrl: surveyUrl,
          linkText: t('survey.linkText'),
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
