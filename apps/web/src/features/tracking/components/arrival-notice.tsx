// What the customer sees of the app's arrival detection (issue 31): that the app will tell the
// barbers when their position shows them at the shop; once it has, a polite notice ("You're at
// the shop: we've told the barbers") with "Not yet", which undoes it; after "Not yet", that they
// can press "I'm here" when they arrive. One live region, present while the order waits, so that
// screen readers announce each change.
import { useTranslation } from '../../../lib/use-translation';
import type { Arrival } from '../hooks/use-arrival';

export function ArrivalNotice({ arrival }: { arrival: Arrival }) {
  const { t } = useTranslation('tracking');
  const text = arrival.byPosition
    ? t('arrival.notice')
    : arrival.notYetDone
      ? t('arrival.undone')
      : null;
  return (
    <div className="tracking__arrival">
      <div role="status" aria-live="polite" aria-atomic="true">
        {text ? <p className="notice notice--success">{text}</p> : null}
        {arrival.notYetFailed ? <p className="notice notice--error">{t('arrival.error')}</p> : null}
      </div>
      {arrival.byPosition ? (
        <button
          type="button"
          className="button button--secondary"
          disabled={arrival.notYetPending}
          aria-busy={arrival.notYetPending}
          onClick={arrival.notYet}
        >
          {t('arrival.notYet')}
        </button>
      ) : null}
      {arrival.watching && !arrival.byPosition ? (
        <p className="tracking__hint">{t('arrival.watching')}</p>
      ) : null}
    </div>
  );
}
