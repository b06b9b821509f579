// Why the wait changed, in plain words: shown for an hour after the engine recorded a move of the
// customer's turn by 10 minutes or more (members joined ahead, a service ran long, a barber went
// off duty or came on, the queue moved faster).
import type { Order } from '@jono/contract';
import { useTranslation } from '../../../lib/use-translation';

/** A recorded change is explained for this long. */
const SHOWN_FOR_MS = 60 * 60_000;

export function WaitChangeNote({ order, now }: { order: Order; now: number }) {
  const { t } = useTranslation('tracking');
  const change = order.presence?.wait_change;
  if (order.status !== 'active' || order.in_service || !change) return null;
  if (now - Date.parse(change.at) > SHOWN_FOR_MS) return null;
  const moved =
    change.minutes > 0
      ? t('why.later', { count: change.minutes })
      : t('why.earlier', { count: -change.minutes });
  return (
    <p className="notice tracking__why" role="status">
      {moved} {t(`why.reason.${change.reason}`)}
    </p>
  );
}
