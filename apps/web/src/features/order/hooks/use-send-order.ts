// Sending the accepted order: on success the queue confirmation is recorded and tracking opens
// after 750 ms; a timeslot refusal or any other failure returns to editing with its notice.
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import { NOTICE_MS, POST_ORDER_DELAY_MS, type Pob } from '@jono/contract';
import { ApiError } from '../../../lib/api-client';
import { answerNotice, waitNoticeKey } from '../../../lib/barber-notices';
import { useActiveOrderStore } from '../../../lib/active-order-store';
import { track } from '../../../lib/analytics';
import { notify } from '../../../lib/notification-store';
import { paths } from '../../../lib/paths';
import { useSessionStore } from '../../../lib/session-store';
import { useCreateOrder } from '../api/create-order';
import { useOrderDraftStore } from '../stores/order-draft-store';
import { orderPayload, sendFailed, sendStarted, sendSucceeded } from '../utils/order-draft';

export function useSendOrder(shop: Pob | undefined) {
  const { t } = useTranslation('order');
  const navigate = useNavigate();
  const createOrder = useCreateOrder();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const send = useCallback(async () => {
    const customerId = useSessionStore.getState().session?.customerId;
    const { draft, apply, reset } = useOrderDraftStore.getState();
    if (!shop || customerId === undefined || draft.sending === 'pending') return;
    apply(sendStarted);
    try {
      const { id } = await createOrder.mutateAsync({
        customerId,
        payload: orderPayload(shop, draft),
      });
      apply(sendSucceeded);
      // A barber chosen while away until later today was chosen knowingly: tracking says they are
      // waited for, without alerting as if they had just left.
      const barber = shop.barbers.find((b) => b.id === orderPayload(shop, draft).barber_id);
      if (barber && !barber.on_duty && barber.next_shift_at) {
        answerNotice(waitNoticeKey(id, barber.id, barber.next_shift_at));
      }
      useActiveOrderStore.getState().setOrder({ orderId: id, shopId: shop.id, checkedIn: false });
      track('queueConfirmation', { shopId: shop.id, orderId: id });
      timer.current = setTimeout(() => {
        reset();
        void navigate(paths.tracking.href(), { state: { transition: 'slide-right' } });
      }, POST_ORDER_DELAY_MS);
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      if (apiError?.isTimeSlot) {
        apply((d) => sendFailed(d, 'timeSlot', apiError.message));
        track('error', { type: 'timeSlot' });
        notify(
          {
            title: t('errors.timeSlotTitle'),
            text: t('errors.timeSlotText'),
            code: 'timeSlot',
            tone: 'error',
          },
          NOTICE_MS,
        );
      } else if (
        apiError?.code === 'active_order_exists' ||
        apiError?.code === 'not_taking_orders'
      ) {
        // Refusals with a known cause get their own heading and words in the customer's language.
        const cause = apiError.code === 'active_order_exists' ? 'activeOrder' : 'notTaking';
        apply((d) => sendFailed(d, 'send', null));
        track('error', { type: 'sendOrder' });
        notify({
          title: t(`errors.${cause}Title`),
          text: t(`errors.${cause}Text`),
          code: apiError.code,
          tone: 'error',
        });
      } else {
        const message = apiError?.message ?? null;
        apply((d) => sendFailed(d, 'send', message));
        track('error', { type: 'sendOrder' });
        notify({
          title: t('errors.sendTitle'),
          text: message ?? undefined,
          code: apiError?.code ?? 'sendOrder',
          tone: 'error',
        });
      }
    }
  }, [shop, createOrder, navigate, t]);

  return { send };
}
