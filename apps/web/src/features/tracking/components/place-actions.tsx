// Keeping the place from the tracking screen: a held spot as a countdown, a defer with its time,
// and "I need more time" (15 or 30 minutes) with the new wait shown before the customer confirms.
import { useId, useState } from 'react';
import { SELF_DEFER_MINUTES, type Order } from '@jono/contract';
import { formatTimeOfDay } from '../../../lib/format';
import { useLocale } from '../../../lib/locale-store';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/use-translation';
import { useSelfDefer } from '../api/self-defer';
import { HeldCountdown } from './held-countdown';

export function PlaceActions({ order }: { order: Order }) {
  const { t } = useTranslation('tracking');
  const locale = useLocale();
  const groupId = useId();
  const defer = useSelfDefer(order.id);
  const [open, setOpen] = useState(false);
  const [minutes, setMinutes] = useState<15 | 30>(15);
  const p = order.presence;
  if (order.status !== 'active' || !p) return null;
  const preview = defer.data && !defer.data.applied ? defer.data : null;

  const errorText = (() => {
    const e = defer.error;
    if (!e) return null;
    if (e instanceof ApiError && e.isTimeSlot) return t('keep.timeSlot');
    if (e instanceof ApiError && e.code === 'limit_reached') return t('keep.limit');
    return t('keep.error');
  })();

  return (
    <section className="tracking__keep" aria-label={t('keep.label')}>
      {p.held_until ? <HeldCountdown until={p.held_until} /> : null}
      {p.deferred_until ? (
        <p className="notice" role="status">
          {t('keep.deferred', { time: formatTimeOfDay(p.deferred_until, locale) })}
        </p>
      ) : null}
      {p.defers_left > 0 && order.service_time_estimate.wait_time !== 0 ? (
        open ? (
          <div className="tracking__defer">
            <fieldset>
              <legend>{t('keep.howLong')}</legend>
              {SELF_DEFER_MINUTES.map((m) => (
                <label key={m}>
                  <input
                    type="radio"
                    name={groupId}
                    checked={minutes === m}
                    onChange={() => {
                      setMinutes(m);
                      defer.reset();
                    }}
                  />{' '}
                  {t('keep.minutes', { count: m })}
                </label>
              ))}
            </fieldset>
            {preview ? (
              <p role="status">
                {preview.wait_time === null
                  ? t('keep.previewUnknown')
                  : t('keep.preview', { count: preview.wait_time })}
              </p>
            ) : null}
            {errorText ? (
              <p role="alert" className="notice notice--error">
                {errorText}
              </p>
            ) : null}
            <div className="tracking__defer-actions">
              <button
                type="button"
                className="button button--secondary"
                onClick={() => {
                  setOpen(false);
                  defer.reset();
                }}
              >
                {t('keep.cancel')}
              </button>
              {preview ? (
                <button
                  type="button"
                  className="button button--primary"
                  disabled={defer.isPending}
                  onClick={() =>
                    defer.mutate({ minutes, preview: false }, { onSuccess: () => setOpen(false) })
                  }
                >
                  {t('keep.confirm')}
                </button>
              ) : (
                <button
                  type="button"
                  className="button button--primary"
                  disabled={defer.isPending}
                  onClick={() => defer.mutate({ minutes, preview: true })}
                >
                  {t('keep.showWait')}
                </button>
              )}
            </div>
            <p className="tracking__hint">{t('keep.rules', { count: p.defers_left })}</p>
          </div>
        ) : (
          <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
            {t('keep.moreTime')}
          </button>
        )
      ) : null}
    </section>
  );
}
