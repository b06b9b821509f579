// What a new customer of each level would wait now, as customers see it, and the shop's state.
import { useTranslation } from 'react-i18next';
import type { StaffQueue } from '@jono/contract';

const LEVELS = ['none', 'silver', 'gold', 'platinum'] as const;

export function EstimatesStrip({ pob }: { pob: StaffQueue['pob'] }) {
  const { t } = useTranslation();
  const estimates = [...pob.service_time_estimates].sort((a, b) => a.priority - b.priority);
  return (
    <section className="estimates" aria-label={t('board.estimatesTitle')}>
      <span className="estimates__title">{t('board.estimatesTitle')}</span>
      {estimates.length === 0 ? (
        <span className="muted">{t('board.noEstimate')}</span>
      ) : (
        <dl className="estimates__list">
          {estimates.map((estimate) => (
            <div key={estimate.priority} className="estimates__item">
              <dt>{t(`board.levelShort.${LEVELS[estimate.priority] ?? 'none'}`)}</dt>
              <dd>{t('common.minutes', { count: estimate.wait_time })}</dd>
            </div>
          ))}
        </dl>
      )}
      <span className={`tag tag--state-${pob.queue_state}`}>
        {t(`board.customersSee.${pob.queue_state}`)}
        {pob.closing_soon ? ` · ${t('board.closingSoon')}` : ''}
      </span>
    </section>
  );
}
