// The bonus screen: the counter, the benefits slider (2.1 per view, spacing 20, no loop),
// skeletons for benefits being prepared, an overlay per benefit with its redeem code.
import { useState } from 'react';
import useEmblaCarousel from 'embla-carousel-react';
import { useTranslation } from '../../../lib/use-translation';
import {
  BENEFIT_SLIDE_SPACING,
  BENEFIT_SLIDES_PER_VIEW,
  INTL_LOCALE,
  type Benefit,
  type Bonus,
} from '@jono/contract';
import { Dialog } from '@jono/ui';
import { Skeleton } from '../../../components/ui/loader';
import { formatDate } from '../../../lib/format';
import { useLocale } from '../../../lib/locale-store';
import { useRedeemBenefit } from '../api/redeem';
import { isPlaceholderBenefit, sortBenefits } from '../utils/benefits';

function BenefitOverlay({ benefit, onClose }: { benefit: Benefit; onClose: () => void }) {
  const { t } = useTranslation('bonus');
  const locale = useLocale();
  const redeem = useRedeemBenefit();
  const code = redeem.data?.redeemCode ?? benefit.redeemCode;
  return (
    <Dialog open onClose={onClose} title={benefit.title ?? t('benefit.untitled')}>
      {benefit.value ? <p className="benefit-overlay__value">{benefit.value}</p> : null}
      {code ? (
        <section className="redeem-code" aria-labelledby="redeem-code-title">
          <h3 id="redeem-code-title">{t('redeem.title')}</h3>
          <p className="redeem-code__code">{code}</p>
          <p>{t('redeem.text')}</p>
        </section>
      ) : benefit.isRedeemable ? (
        <>
          <p>{t('redeem.confirm')}</p>
          <button
            type="button"
            className="button button--primary"
            onClick={() => redeem.mutate(benefit.id)}
            disabled={redeem.isPending}
            aria-busy={redeem.isPending}
          >
            {t('redeem.button')}
          </button>
          {redeem.isError ? (
            <p className="form__error" role="alert">
              {t('redeem.failed')}
            </p>
          ) : null}
        </>
      ) : null}
      {benefit.dateRedeemed ? (
        <p>{t('benefit.redeemedOn', { date: formatDate(benefit.dateRedeemed, locale) })}</p>
      ) : null}
    </Dialog>
  );
}

export function BonusScreen({ bonus }: { bonus: Bonus | null | undefined }) {
  const { t } = useTranslation('bonus');
  const locale = useLocale();
  const [ref] = useEmblaCarousel({ loop: false, align: 'start', containScroll: 'trimSnaps' });
  const [open, setOpen] = useState<Benefit | null>(null);
  const benefits = sortBenefits(bonus?.benefits ?? []);
  const slideStyle = {
    flex: `0 0 calc((100% - ${BENEFIT_SLIDE_SPACING * Math.floor(BENEFIT_SLIDES_PER_VIEW)}px) / ${BENEFIT_SLIDES_PER_VIEW})`,
    marginRight: BENEFIT_SLIDE_SPACING,
  };
  return (
    <>
      <section className="bonus-counter" aria-labelledby="bonus-counter-title">
        <h2 id="bonus-counter-title">{t('counter.title')}</h2>
        <p className="bonus-counter__amount">
          {new Intl.NumberFormat(INTL_LOCALE[locale]).format(bonus?.amount ?? 0)}
        </p>
        {bonus?.expirationDate ? (
          <p>{t('counter.expires', { date: formatDate(bonus.expirationDate, locale) })}</p>
        ) : null}
      </section>
      <section aria-labelledby="benefits-title">
        <h2 id="benefits-title">{t('benefits.title')}</h2>
        {benefits.length === 0 ? (
          <p className="notice">{t('benefits.empty')}</p>
        ) : (
          <div className="benefit-slider" ref={ref}>
            <ul className="benefit-slider__track">
              {benefits.map((benefit) => (
                <li key={benefit.id} style={slideStyle}>
                  {isPlaceholderBenefit(benefit) ? (
                    <Skeleton className="benefit-card benefit-card--skeleton" />
                  ) : (
                    <button
                      type="button"
                      className={`benefit-card${benefit.isRedeemable ? ' benefit-card--redeemable' : ''}`}
                      onClick={() => setOpen(benefit)}
                    >
                      <span className="benefit-card__title">{benefit.title}</span>
                      <span className="benefit-card__value">{benefit.value}</span>
                      <span className="benefit-card__footer">
                        {benefit.isRedeemable && !benefit.dateRedeemed
                          ? t('benefit.cta')
                          : benefit.dateRedeemed
                            ? t('benefit.redeemedOn', {
                                date: formatDate(benefit.dateRedeemed, locale),
                              })
                            : t('benefit.notRedeemable')}
                      </span>
                    </button>
                  )}
                </li>
              ))}
            </ul>
          </div>
        )}
      </section>
      {open ? <BenefitOverlay benefit={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
