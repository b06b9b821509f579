// One waiting customer on the board: who, what, how long, and the one-tap actions.
import { useTranslation } from 'react-i18next';
import type { StaffQueueOrder } from '@jono/contract';
import { minutesSince } from '../../../lib/format';
import type { OrderAction } from '../api/order-actions';
import { isDeferred, serviceLine } from '../utils/board';
import { PresenceTag } from './presence-tag';
import { PriorityBadge } from './priority-badge';

interface Props {
  order: StaffQueueOrder;
  /** 1 for the next customer to reach a chair. */
  place: number;
  now: number;
  canStart: boolean;
  /** The first name of the barber the customer waits for; null: the first available. */
  barberName?: string | null;
  busy: boolean;
  /** The shop's time zone: held and deferred times are the shop's clock. */
  timeZone: string;
  onAction: (order: StaffQueueOrder, action: Exclude<OrderAction, 'undo'>) => void;
  /** A shop with named barbers: the customer at the counter asks for another barber. */
  onChangeBarber?: (order: StaffQueueOrder) => void;
}

export function QueueOrderCard({
  order,
  place,
  now,
  canStart,
  barberName = null,
  busy,
  timeZone,
  onAction,
  onChangeBarber,
}: Props) {
  const { t } = useTranslation();
  const name = order.customer_name ?? t('board.unnamed');
  const waited = minutesSince(order.joined_at, now);
  const hidden = <span className="visually-hidden"> {name}</span>;

  return (
    <li className={`order-card order-card--${order.membership}`} aria-label={name}>
      <div className="order-card__place" aria-label={t('board.place', { place })}>
        {place}
      </div>
      <div className="order-card__main">
        <div className="order-card__title">
          <strong className="order-card__name" title={name} dir="auto">
            {name}
          </strong>
          <PriorityBadge membership={order.membership} />
          <span className={`tag tag--${order.source}`}>{t(`board.source.${order.source}`)}</span>
          <PresenceTag order={order} timeZone={timeZone} />
          {isDeferred(order) && <span className="tag">{t('board.deferred')}</span>}
          {barberName ? (
            <span className={order.barber_off_duty ? 'tag tag--held' : 'tag tag--barber'}>
              {order.barber_off_duty
                ? t('board.forBarberOff', { name: barberName })
                : t('board.forBarber', { name: barberName })}
            </span>
          ) : null}
        </div>
        <p className="order-card__services">{serviceLine(order)}</p>
        <p className="order-card__times">
          <span>{t('board.waited', { count: waited })}</span>
          <span aria-hidden="true"> · </span>
          <span>
            {order.estimate_minutes === null
              ? t('board.noEstimate')
              : t('board.estimate', { count: order.estimate_minutes })}
          </span>
          <span aria-hidden="true"> · </span>
          <span>{t('board.planned', { count: order.planned_minutes })}</span>
        </p>
      </div>
      <div className="order-card__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={!canStart || busy}
          title={
            canStart
              ? undefined
              : barberName
                ? order.barber_off_duty
                  ? t('board.forBarberOff', { name: barberName })
                  : t('board.barberChairBusy', { name: barberName })
                : t('board.noFreeChair')
          }
          onClick={() => onAction(order, 'start')}
        >
          {t('board.action.start')}
          {hidden}
        </button>
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => onAction(order, 'defer')}
        >
          {t('board.action.defer')}
          {hidden}
        </button>
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => onAction(order, 'no-show')}
        >
          {t('board.action.noShow')}
          {hidden}
        </button>
        {onChangeBarber ? (
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => onChangeBarber(order)}
          >
            {t('board.changeBarber.action')}
            {hidden}
          </button>
        ) : null}
        <button
          type="button"
          className="button button--danger-ghost"
          disabled={busy}
          onClick={() => onAction(order, 'cancel')}
        >
          {t('board.action.cancel')}
          {hidden}
        </button>
      </div>
    </li>
  );
}
