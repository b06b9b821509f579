// / : the shop's live board. Queue on the left, chairs and switches on the right (stacked on a
// phone); the stream keeps it live and polling takes over while the stream is down.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffQueueOrder } from '@jono/contract';
import { EmptyState, ErrorState, Loading } from '../../../components/ui/status';
import { useNow } from '../../../lib/use-now';
import { useQueue } from '../api/get-queue';
import { useQueueEvents } from '../api/use-queue-events';
import { ChairCard } from '../components/chair-card';
import { EstimatesStrip } from '../components/estimates-strip';
import { NoticeEditor } from '../components/notice-editor';
import { WaitingNoticeForm } from '../components/waiting-notice-form';
import { QueueOrderCard } from '../components/queue-order-card';
import { RecentActions } from '../components/recent-actions';
import { ShopControls } from '../components/shop-controls';
import { WalkInDialog } from '../components/walk-in-dialog';
import { useBoardActions } from '../hooks/use-board-actions';
import { freeChairs, orderInChair, waitingOrders } from '../utils/board';

export function BoardRoute() {
  const { t } = useTranslation();
  const live = useQueueEvents();
  const queue = useQueue(live === 'live');
  const now = useNow(10_000);
  const actions = useBoardActions();
  const [walkInOpen, setWalkInOpen] = useState(false);

  if (queue.isPending) return <Loading />;
  if (queue.isError) return <ErrorState error={queue.error} onRetry={() => void queue.refetch()} />;

  const data = queue.data;
  const waiting = waitingOrders(data);
  const free = freeChairs(data);
  const onAction = (order: StaffQueueOrder, action: Parameters<typeof actions.run>[1]) =>
    actions.run(order, action, action === 'start' ? free[0] : undefined);

  return (
    <div className="board">
      <div className="board__bar">
        <h1 className="board__title">{t('board.title', { shop: data.pob.name })}</h1>
        <span className={`live live--${live}`} role="status">
          {t(`board.live.${live}`)}
        </span>
        <button
          type="button"
          className="button button--primary button--large"
          onClick={() => setWalkInOpen(true)}
        >
          {t('board.addWalkIn')}
        </button>
      </div>
      <ShopControls pob={data.pob} />
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
                  canStart={free.length > 0}
                  busy={actions.busy}
                  onAction={onAction}
                />
              ))}
            </ol>
          )}
        </section>
        <aside className="board__side">
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
                    since={chair.since}
                    order={orderInChair(data, chair.chair)}
                    next={waiting[free.indexOf(chair.chair)]}
                    now={now}
                    busy={actions.busy}
                    onFinish={(order) => actions.run(order, 'finish')}
                    onStartNext={(order, number) => actions.run(order, 'start', number)}
                  />
                ))}
              </ul>
            )}
          </section>
          <RecentActions recent={data.recent} now={now} busy={actions.busy} onUndo={actions.undo} />
          <NoticeEditor key={data.pob.notice ?? ''} notice={data.pob.notice} />
          <WaitingNoticeForm />
        </aside>
      </div>
      <WalkInDialog open={walkInOpen} onClose={() => setWalkInOpen(false)} />
    </div>
  );
}
