// One chair: who sits in it and for how long against the plan, or free with the next customer.
import { useTranslation } from 'react-i18next';
import type { StaffQueueOrder } from '@jono/contract';
import { minutesSince } from '../../../lib/format';
import { serviceLine } from '../utils/board';
import { PriorityBadge } from './priority-badge';

interface Props {
  chair: number;
  /** free or busy on duty; draining: taken off duty while busy, off after this customer. */
  state: 'free' | 'busy' | 'draining';
  order: StaffQueueOrder | undefined;
  since: string | null;
  /** The barber signed in at this chair (a shop with named barbers); null otherwise. */
  barberName?: string | null;
  next: StaffQueueOrder | undefined;
  now: number;
  busy: boolean;
  onFinish: (order: StaffQueueOrder) => void;
  onStartNext: (order: StaffQueueOrder, chair: number) => void;
}

export function ChairCard({
  chair,
  state,
  order,
  since,
  barberName = null,
  next,
  now,
  busy,
  onFinish,
  onStartNext,
}: Props) {
  const { t } = useTranslation();
  const label = barberName
    ? t('board.chairOf', { chair, name: barberName })
    : t('board.chair', { chair });

  if (!order) {
    return (
      <li className="card chair chair--free" aria-label={label}>
        <div className="chair__head">
          <strong>{label}</strong>
          <span className="tag tag--free">{t('board.free')}</span>
        </div>
        {next ? (
          // Who sits next (the server's one rule): the first customer here, not deferred.
          <button
            type="button"
            className="button button--primary button--block"
            disabled={busy}
            onClick={() => onStartNext(next, chair)}
          >
            {t('board.startNext', { name: next.customer_name ?? t('board.unnamed') })}
          </button>
        ) : (
          <p className="muted">
            {barberName ? t('board.nobodyHereFor', { name: barberName }) : t('board.nobodyHere')}
          </p>
        )}
      </li>
    );
  }

  const started = order.started_at ?? since;
  const minutes = started ? minutesSince(started, now) : 0;
  const over = minutes > order.planned_minutes;
  const name = order.customer_name ?? t('board.unnamed');
  const progress = Math.min(100, (minutes / Math.max(1, order.planned_minutes)) * 100);

  return (
    <li className={over ? 'card chair chair--over' : 'card chair'} aria-label={label}>
      <div className="chair__head">
        <strong>{label}</strong>
        {state === 'draining' ? <span className="tag tag--held">{t('board.draining')}</span> : null}
        <PriorityBadge membership={order.membership} />
      </div>
      {order.probably_finished ? (
        // Far past the usual length while customers wait: Finish was probably not pressed.
        <p className="tag tag--state-closed" role="status">
          {t('board.probablyFinished')}
        </p>
      ) : null}
      <p className="chair__name" title={name} dir="auto">
        {name}
      </p>
      <p className="chair__services">{serviceLine(order)}</p>
      <p className="chair__time">
        {t('board.inChair', { minutes, planned: order.planned_minutes })}
      </p>
      <div className="meter" aria-hidden="true">
        <div className="meter__fill" style={{ width: `${progress}%` }} />
      </div>
      <button
        type="button"
        className="button button--success button--block"
        disabled={busy}
        onClick={() => onFinish(order)}
      >
        {t('board.action.finish')}
        <span className="visually-hidden"> {name}</span>
      </button>
    </li>
  );
}
