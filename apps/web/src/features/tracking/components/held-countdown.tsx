// A held spot as a countdown: how long the customer's first place is kept while they are on
// their way ("4:32"), ticking each second, and until when in words (the timer's name too).
import { useEffect, useState } from 'react';
import { formatTimeOfDay } from '../../../lib/format';
import { useLocale } from '../../../lib/locale-store';
import { useTranslation } from '../../../lib/use-translation';

function left(until: number, now: number): string {
  const seconds = Math.max(0, Math.round((until - now) / 1000));
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}

export function HeldCountdown({ until }: { until: string }) {
  const { t } = useTranslation('tracking');
  const locale = useLocale();
  const end = Date.parse(until);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <section className="held" aria-labelledby="held-title">
      <h2 id="held-title" className="held__title">
        {t('keep.heldTitle')}
      </h2>
      <p
        className="held__left"
        role="timer"
        aria-live="off"
        aria-label={t('keep.held', { time: formatTimeOfDay(until, locale) })}
      >
        {left(end, now)}
      </p>
      <p className="tracking__hint">{t('keep.held', { time: formatTimeOfDay(until, locale) })}</p>
    </section>
  );
}
