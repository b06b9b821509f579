// After a no-show or leaving by mistake: take the place back within 10 minutes, once a day.
import type { Order } from '@jono/contract';
import { formatTimeOfDay } from '../../../lib/format';
import { useLocale } from '../../../lib/locale-store';
import { useTranslation } from '../../../lib/use-translation';
import { useRejoin } from '../api/rejoin';

export function RejoinButton({
  order,
  now,
  onRejoined,
}: {
  order: Order;
  now: number;
  /** After the place was taken back (the tracking screen follows the new order by itself). */
  onRejoined?: () => void;
}) {
  const { t } = useTranslation('tracking');
  const locale = useLocale();
  const rejoin = useRejoin(order.id, order.pob_id, order.ticket ?? null);
  const until = order.presence?.rejoin_until;
  if (!until || Date.parse(until) <= now) return null;
  return (
    <div className="tracking__rejoin">
      <button
        type="button"
        className="button button--primary button--block"
        disabled={rejoin.isPending}
        aria-busy={rejoin.isPending}
        onClick={() => rejoin.mutate(undefined, { onSuccess: onRejoined })}
      >
        {t('rejoin.button')}
      </button>
      <p className="tracking__hint">
        {t('rejoin.until', { time: formatTimeOfDay(until, locale) })}
      </p>
      {rejoin.isError ? (
        <p role="alert" className="notice notice--error">
          {t('rejoin.error')}
        </p>
      ) : null}
    </div>
  );
}
