// /tracking: the wait (tap refreshes), the queue message, receipt, check-in and leaving; live
// over SSE with 30 s polling as the fallback. Without an order it returns to the start.
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation';
import {
  CHECK_IN_ANIMATION_FALLBACK_MS,
  SHORT_SCREEN_HEIGHT,
  TRACKING_REDIRECT_MS,
  ticketLabel,
} from '@jono/contract';
import { ConfirmDialog } from '@jono/ui';
import { Loader } from '../../../components/ui/loader';
import { QueueTimer } from '../../../components/ui/queue-timer';
import { useActiveOrderStore } from '../../../lib/active-order-store';
import { notify } from '../../../lib/notification-store';
import { paths } from '../../../lib/paths';
import { useProfile } from '../../auth/api/get-profile';
import { useShop } from '../../shops/api/get-shop';
import { useOrder } from '../api/get-order';
import { useUpdateOrder } from '../api/update-order';
import { useOrderEvents } from '../api/use-order-events';
import { PlaceActions } from '../components/place-actions';
import { PlaceLine } from '../components/place-line';
import { WaitTimeline } from '../components/wait-timeline';
import { RejoinButton } from '../components/rejoin-button';
import { ShorterQueue } from '../components/shorter-queue';
import { TravelCard } from '../components/travel-card';
import { ArrivalNotice } from '../components/arrival-notice';
import { useArrival } from '../hooks/use-arrival';
import { AlertControls } from '../components/alert-controls';
import { BarberCard } from '../components/barber-card';
import { ShopNotice } from '../components/shop-notice';
import { WaitChangeNote } from '../components/wait-change-note';
import { ReceiptOverlay } from '../components/receipt-overlay';
import { TrackingFooter } from '../components/tracking-footer';
import { useActiveOrderId } from '../hooks/use-active-order-id';
import { useLeaveQueue } from '../hooks/use-leave-queue';
import { useTrackingMessage } from '../hooks/use-tracking-message';
import { messageKey } from '../utils/tracking-message';
import { STAGES, trackingStage } from '../utils/tracking-stage';

export function TrackingRoute() {
  const { t } = useTranslation('tracking');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const profile = useProfile();
  const activeOrderId = useActiveOrderId();
  // A finished order (served, no-show) is no longer the profile's active one: the screen keeps
  // showing it, with its own words, until the customer moves on.
  const [shownOrderId, setShownOrderId] = useState<number | null>(null);
  if (activeOrderId !== null && activeOrderId !== shownOrderId) setShownOrderId(activeOrderId);
  const orderId = activeOrderId ?? shownOrderId;
  const order = useOrder(orderId);
  const status = order.data?.status;
  const active = status === 'active';
  useOrderEvents(orderId, active);
  const shop = useShop(order.data?.pob_id ?? null);
  const checkIn = useUpdateOrder(orderId);
  const { leave, pending: leaving } = useLeaveQueue(orderId);
  const [receiptOpen, setReceiptOpen] = useState(false);
  const [leaveOpen, setLeaveOpen] = useState(false);
  const [fallbackElapsed, setFallbackElapsed] = useState(false);

  const checkedIn = order.data?.customer_at_pob ?? false;
  const shopLocation = shop.data?.location;
  const shopAt = useMemo(
    () =>
      shopLocation
        ? { lat: Number(shopLocation.latitude), lng: Number(shopLocation.longitude) }
        : null,
    [shopLocation],
  );
  const arrival = useArrival(order.data, shopAt);
  const wait = order.data?.service_time_estimate.wait_time ?? null;
  const range = order.data?.service_time_estimate.wait_range ?? null;
  const message = useTrackingMessage(wait, checkedIn, order.dataUpdatedAt);

  // No order once loading has finished: back to the start after 0.5 s, forgetting the order.
  const loading = profile.isFetching && !profile.data;
  useEffect(() => {
    if (orderId !== null || loading) return;
    const timer = setTimeout(() => {
      useActiveOrderStore.getState().clearOrder();
      void navigate(paths.root.href(), { replace: true, state: { transition: 'slide-left' } });
    }, TRACKING_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [orderId, loading, navigate]);

  // Keep the navigation group (queue or check-in) and the shop of the stored order in step.
  const pobId = order.data?.pob_id;
  useEffect(() => {
    if (pobId !== undefined) useActiveOrderStore.getState().update({ shopId: pobId, checkedIn });
  }, [pobId, checkedIn]);

  // A failed fetch, or coming back to the app with an order no longer active, refreshes.
  const failed = order.isError;
  useEffect(() => {
    if (failed) void queryClient.invalidateQueries({ queryKey: ['profile'] });
  }, [failed, queryClient]);
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible' && status !== 'active') {
        void order.refetch();
        void profile.refetch();
      }
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [status, order, profile]);

  // The check-in animation starts when check-in settles, or after 500 ms at the latest.
  const checkInSettled = checkIn.isIdle || checkIn.isSuccess;
  useEffect(() => {
    if (!checkedIn || checkInSettled) return;
    const timer = setTimeout(() => setFallbackElapsed(true), CHECK_IN_ANIMATION_FALLBACK_MS);
    return () => clearTimeout(timer);
  }, [checkedIn, checkInSettled]);
  // Presence the position recorded is not the customer's check-in: no check-in animation for it.
  const animate = checkedIn && !arrival.byPosition && (checkInSettled || fallbackElapsed);

  if (orderId === null || !order.data) {
    return (
      <main className="screen tracking">
        <Loader />
      </main>
    );
  }

  const data = order.data;
  const stage = trackingStage(data);
  const view = STAGES[stage];
  const openReceipt = () => {
    if (window.innerHeight < SHORT_SCREEN_HEIGHT) window.scrollTo({ top: 0 });
    setReceiptOpen(true);
  };

  return (
    <main className={`screen tracking tracking--${stage}${animate ? ' tracking--checked-in' : ''}`}>
      {animate ? <div className="tracking__background" aria-hidden="true" /> : null}
      <h1 className="tracking__title">
        {view.text === 'live' ? t('title') : t(`status.${stage}`)}
      </h1>
      {view.showsWait ? (
        <div className="tracking__wait">
          <QueueTimer
            minutes={wait}
            range={range}
            size="large"
            tone={view.tone}
            refreshing={order.isFetching}
            onRefresh={() => void order.refetch()}
          />
          <p className="tracking__wait-label">{t('waitLabel')}</p>
          <WaitTimeline order={data} now={order.dataUpdatedAt} />
          {data.ahead != null ? (
            <PlaceLine ahead={data.ahead} members={data.ahead_members ?? 0} />
          ) : null}
          {data.ticket != null ? (
            <p className="tracking__ticket">
              {t('place.ticket', { ticket: ticketLabel(data.ticket) })}
            </p>
          ) : null}
        </div>
      ) : null}
      <p className="tracking__message" role="status" aria-live="polite">
        {view.text === 'live' ? t(messageKey(message)) : t(`statusText.${stage}`)}
      </p>
      <WaitChangeNote order={data} now={order.dataUpdatedAt} />
      <BarberCard
        order={data}
        shop={shop.data}
        priority={profile.data?.membership?.priority ?? null}
      />

      {status ? (
        <button
          type="button"
          className="link-button tracking__receipt"
          onClick={openReceipt}
          aria-haspopup="dialog"
        >
          {t('receipt.show')}
        </button>
      ) : null}

      {view.checkIn || arrival.byPosition ? (
        <button
          type="button"
          className="button button--primary button--block"
          disabled={checkIn.isPending}
          aria-busy={checkIn.isPending}
          onClick={() =>
            checkIn.mutate(
              { customer_at_pob: true },
              { onError: () => notify({ title: t('errors.checkIn'), tone: 'error' }) },
            )
          }
        >
          {!arrival.byPosition && (wait === null || wait > 0)
            ? t('checkIn.early')
            : t('checkIn.now')}
        </button>
      ) : null}
      {stage === 'checkedIn' && !arrival.byPosition ? (
        <p className="notice notice--success">{t('checkIn.done')}</p>
      ) : null}
      {active ? <ArrivalNotice arrival={arrival} /> : null}
      <ShopNotice order={data} />
      <TravelCard order={data} />
      <AlertControls order={data} />
      <PlaceActions order={data} />
      <ShorterQueue order={data} />
      <RejoinButton order={data} now={order.dataUpdatedAt} />

      {view.leave ? (
        <button
          type="button"
          className="button button--secondary button--block tracking__leave"
          onClick={() => setLeaveOpen(true)}
        >
          {t('leave.button')}
        </button>
      ) : null}
      {view.backToShops ? (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void navigate(paths.home.href())}
        >
          {t('backToShops')}
        </button>
      ) : null}

      <TrackingFooter shop={shop.data} promotion={view.promotion} />

      <ReceiptOverlay order={data} open={receiptOpen} onClose={() => setReceiptOpen(false)} />
      <ConfirmDialog
        open={leaveOpen}
        title={t('leave.title')}
        description={t('leave.description')}
        cancelLabel={t('leave.cancel')}
        confirmLabel={t('leave.confirm')}
        busy={leaving}
        onCancel={() => setLeaveOpen(false)}
        onConfirm={() =>
          void leave().then(
            () => setLeaveOpen(false),
            () => notify({ title: t('errors.leave'), tone: 'error' }),
          )
        }
      />
    </main>
  );
}
