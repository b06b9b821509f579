// / : the shop's live board. Queue on the left, chairs and switches on the right (stacked on a
// phone); the stream keeps it live and polling takes over while the stream is down.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffQueueOrder } from '@jono/contract';
import { Toaster } from '@jono/ui';
import { EmptyState, ErrorState, Loading } from '../../../components/ui/status';
import { formatClock } from '../../../lib/format';
import { useNow } from '../../../lib/use-now';
import { useQueue } from '../api/get-queue';
import { useQueueEvents } from '../api/use-queue-events';
import { useShopBarbers } from '../api/barbers';
import { BarbersPanel } from '../components/barbers-panel';
import { ChairCard } from '../components/chair-card';
import { ChangeBarberDialog } from '../components/change-barber-dialog';
import { EstimatesStrip } from '../components/estimates-strip';
import { NoticeEditor } from '../components/notice-editor';
import { WaitingNoticeForm } from '../components/waiting-notice-form';
import { QueueOrderCard } from '../components/queue-order-card';
import { RecentActions } from '../components/recent-actions';
import { ShopControls } from '../components/shop-controls';
import { WalkInDialog } from '../components/walk-in-dialog';
import { useBoardActions } from '../hooks/use-board-actions';
import { barberOf, boardBarbers, orderInChair, startChairFor, waitingOrders } from '../utils/board';

/**
 * The board's own notices (done, Undo): in the page's flow under its title bar, so they never
 * cover a card's buttons, and gone with the board when staff open another page.
 */
export function BoardRoute() {
  return (
    <div className="board">
      <Toaster>
        <Board />
      </Toaster>
    </div>
  );
}

function Board() {
  const { t, i18n } = useTranslation();
  const live = useQueueEvents();
  const queue = useQueue(live === 'live');
  const now = useNow(10_000);
  const actions = useBoardActions();
  const shopBarbers = useShopBarbers();
  const [walkInOpen, setWalkInOpen] = useState(false);
  const [changing, setChanging] = useState<StaffQueueOrder | null>(null);

  if (queue.isPending) return <Loading />;
  // Never loaded: nothing to keep. Loaded once: the last-known board stays (below).
  if (queue.isError && !queue.data) {
    return <ErrorState error={queue.error} onRetry={() => void queue.refetch()} />;
  }

  const data = queue.data;
  const timeZone = data.pob.time_zone;
  // The server does not answer (the last read failed; the stream's drop triggers one): the
  // last-known board stays, marked as such, and refuses actions (they would act on a queue that
  // may have changed) until the server answers again. A stream alone down is "Reconnecting…"
  // while polling keeps the board current.
  const stale = queue.isRefetchError;
  const busy = actions.busy || stale;
  const waiting = waitingOrders(data);
  const barbers = boardBarbers(data);
  const named = barbers.length > 0;
  const onAction = (order: StaffQueueOrder, action: Parameters<typeof actions.run>[1]) =>
    actions.run(order, action, action === 'start' ? startChairFor(data, order) : undefined);

  return (
    <>
      <div className="board__bar">
        <h1 className="board__title">{t('board.title', { shop: data.pob.name })}</h1>
        <span className={`live live--${stale ? 'offline' : live}`} role="status">
          {stale
            ? t('board.staleSince', { time: formatClock(data.at, i18n.language, timeZone) })
            : t(`board.live.${live}`)}
        </span>
        <button
          type="button"
          className="button button--primary button--large"
          disabled={stale}
          onClick={() => setWalkInOpen(true)}
        >
          {t('board.addWalkIn')}
        </button>
      </div>
      {stale ? (
        <p className="banner banner--warning" role="alert">
          {t('board.staleBanner', { time: formatClock(data.at, i18n.language, timeZone) })}
        </p>
      ) : null}
      <fieldset className="board__actions" disabled={stale}>
        <legend className="visually-hidden">{t('board.title', { shop: data.pob.name })}</legend>
        <ShopControls
          pob={data.pob}
          barbers={
            named ? Math.max(barbers.length, shopBarbers.data?.items.length ?? 0) : undefined
          }
        />
        <EstimatesStrip pob={data.pob} />
        <div className="board__grid">
          <section className="board__queue" aria-labelledby="queue-title">
            <h2 id="queue-title" className="section-title">
              {t('board.queue', { count: waiting.length })}
            </h2>
            {waiting.length === 0 ? (
              <EmptyState>{t('board.emptyQueue')}</EmptyState>
            ) : (
              <ol className="list queue-list" aria-labelledby="queue-title">
                {waiting.map((order, index) => (
                  <QueueOrderCard
                    key={order.id}
                    order={order}
                    place={index + 1}
                    now={now}
                    canStart={startChairFor(data, order) !== undefined}
                    barberName={barberOf(data, order)}
                    busy={busy}
                    timeZone={timeZone}
                    onAction={onAction}
                    onChangeBarber={named ? setChanging : undefined}
                  />
                ))}
              </ol>
            )}
          </section>
          <aside className="board__side">
            {named ? (
              <BarbersPanel queue={data} barbers={barbers} waiting={waiting} busy={busy} />
            ) : null}
            <section aria-labelledby="chairs-title">
              <h2 id="chairs-title" className="section-title">
                {t('board.chairs')}
              </h2>
              {data.chairs.length === 0 ? (
                <EmptyState>{t('board.noChairs')}</EmptyState>
              ) : (
                <ul className="list chairs" aria-labelledby="chairs-title">
                  {data.chairs.map((chair) => (
                    <ChairCard
                      key={chair.chair}
                      chair={chair.chair}
                      state={chair.state}
                      since={chair.since}
                      barberName={chair.barber_name ?? null}
                      order={orderInChair(data, chair.chair)}
                      next={waiting.find((o) => o.id === chair.next_order_id)}
                      now={now}
                      busy={busy}
                      onFinish={(order) => actions.run(order, 'finish')}
                      onStartNext={(order, number) => actions.run(order, 'start', number)}
                    />
                  ))}
                </ul>
              )}
            </section>
            <RecentActions recent={data.recent} now={now} busy={busy} onUndo={actions.undo} />
            <NoticeEditor
              key={`${data.pob.notice ?? ''}:${JSON.stringify(data.pob.notice_translations)}`}
              notice={data.pob.notice}
              translations={data.pob.notice_translations}
            />
            <WaitingNoticeForm />
          </aside>
        </div>
      </fieldset>
      <WalkInDialog
        open={walkInOpen && !stale}
        barbers={barbers}
        onClose={() => setWalkInOpen(false)}
      />
      <ChangeBarberDialog
        order={stale ? null : changing}
        barbers={barbers}
        onClose={() => setChanging(null)}
      />
    </>
  );
}
