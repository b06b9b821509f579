// Where a waiting customer is: here, not here yet, on the way (about N min), held until HH:MM
// (protected spot), deferred by the customer; whether they rejoined after a no-show; and
// whether their alert could not be delivered (call them).
import { useTranslation } from 'react-i18next';
import type { StaffQueueOrder } from '@jono/contract';
import { formatClock } from '../../../lib/format';

/** `timeZone`: the shop's (the staff queue's `pob.time_zone`); times are shown in it. */
export function PresenceTag({ order, timeZone }: { order: StaffQueueOrder; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const p = order.presence;
  const clock = (iso: string | null) => (iso ? formatClock(iso, i18n.language, timeZone) : '');
  const state = p?.state ?? (order.checked_in ? 'here' : 'not_here');
  const text =
    state === 'on_the_way'
      ? p?.eta_minutes === null || p?.eta_minutes === undefined
        ? t('board.presence.onTheWayNoEta')
        : t('board.presence.onTheWay', { count: p.eta_minutes })
      : state === 'held'
        ? t('board.presence.held', { time: clock(p?.held_until ?? null) })
        : state === 'deferred'
          ? t('board.presence.deferred', { time: clock(p?.deferred_until ?? null) })
          : state === 'here'
            ? t('board.checkedIn')
            : t('board.notCheckedIn');
  const tone = state === 'here' ? 'here' : state === 'held' ? 'held' : 'away';
  return (
    <>
      <span className={`tag tag--${tone}`}>{text}</span>
      {p?.rejoined ? <span className="tag">{t('board.presence.rejoined')}</span> : null}
      {order.alert_failed ? (
        <span className="tag tag--state-closed">{t('board.alertFailed')}</span>
      ) : null}
    </>
  );
}
