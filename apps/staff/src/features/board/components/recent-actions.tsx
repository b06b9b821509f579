// The last actions staff can still take back, each with the time left to undo it.
import { useTranslation } from 'react-i18next';
import type { StaffQueue } from '@jono/contract';
import { undoLeftMs } from '../utils/board';

interface Props {
  recent: StaffQueue['recent'];
  now: number;
  busy: boolean;
  onUndo: (orderId: number) => void;
}

export function RecentActions({ recent, now, busy, onUndo }: Props) {
  const { t } = useTranslation();
  const open = recent.filter((item) => undoLeftMs(item.undo.until, now) > 0);
  if (open.length === 0) return null;
  return (
    <section className="panel" aria-labelledby="recent-title">
      <h2 id="recent-title" className="panel__title">
        {t('board.recent')}
      </h2>
      <ul className="list recent">
        {open.map((item) => {
          const name = item.customer_name ?? t('board.unnamed');
          const seconds = Math.ceil(undoLeftMs(item.undo.until, now) / 1000);
          return (
            <li key={`${item.order_id}-${item.undo.action}`} className="recent__item">
              <span>
                {t(`board.did.${item.undo.action}`, { name })}{' '}
                <span className="muted">{t('board.undoLeft', { count: seconds })}</span>
              </span>
              <button
                type="button"
                className="button button--small"
                disabled={busy}
                onClick={() => onUndo(item.order_id)}
              >
                {t('common.undo')}
                <span className="visually-hidden"> {name}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
