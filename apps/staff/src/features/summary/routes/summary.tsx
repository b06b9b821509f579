// /summary: one day of the shop in numbers (served, waits, no-shows, estimate error) and the
// week up to that day in a chart.
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { TextField } from '@jono/ui';
import { MARKET_INFO, SUMMARY_BARBER_MIN_ESTIMATES, type StaffSummary } from '@jono/contract';
import { EmptyState, ErrorState, Loading } from '../../../components/ui/status';
import { localDate, previousDates } from '../../../lib/format';
import { intlLocale } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useSummaries } from '../api/get-summary';
import { WaitChart } from '../components/wait-chart';
import { chartDays } from '../utils/chart';

export function SummaryRoute() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const timeZone = MARKET_INFO[session?.market ?? 'fi'].timeZone;
  const today = localDate(new Date(), timeZone);
  const [date, setDate] = useState(today);
  const dates = previousDates(date, 7);
  const results = useSummaries(dates);
  const locale = intlLocale(i18n.language);

  const failed = results.find((result) => result.isError);
  const loaded = results.every((result) => result.isSuccess);
  const week = results.flatMap((result) => (result.data ? [result.data] : []));
  const day = results[results.length - 1]?.data;

  return (
    <div className="page stack">
      <div className="row">
        <h1 className="row__grow">{t('summary.title')}</h1>
        <TextField
          className="field--inline"
          label={t('summary.date')}
          type="date"
          max={today}
          value={date}
          onChange={(event) => event.target.value && setDate(event.target.value)}
        />
      </div>
      {failed ? (
        <ErrorState error={failed.error} onRetry={() => results.forEach((r) => void r.refetch())} />
      ) : !loaded || !day ? (
        <Loading />
      ) : (
        <>
          <DayFigures day={day} />
          {day.barbers.length > 0 && <BarberFigures day={day} />}
          <section className="panel" aria-labelledby="week-title">
            <h2 id="week-title">{t('summary.week')}</h2>
            {week.every((entry) => entry.served === 0) ? (
              <EmptyState>{t('summary.emptyWeek')}</EmptyState>
            ) : (
              <>
                <WaitChart days={chartDays(week)} locale={locale} />
                <WeekTable week={week} />
              </>
            )}
          </section>
        </>
      )}
    </div>
  );
}

function minutes(value: number | null, t: TFunction): string {
  return value === null ? '–' : t('common.minutes', { count: Math.round(value) });
}

/** A share 0..1 as a whole percentage, "–" when unknown. */
function percent(share: number | null): string {
  return share === null ? '–' : `${Math.round(share * 100)} %`;
}

function DayFigures({ day }: { day: StaffSummary }) {
  const { t } = useTranslation();
  const bias = day.estimate_bias_minutes;
  // Each figure says what it counts and over how many customers or estimates.
  const figures = [
    { key: 'served', value: String(day.served), count: day.served },
    { key: 'joined', value: String(day.joined), count: day.joined },
    { key: 'meanWait', value: minutes(day.mean_wait_minutes, t), count: day.waits_counted },
    { key: 'p90Wait', value: minutes(day.p90_wait_minutes, t), count: day.waits_counted },
    { key: 'noShows', value: String(day.no_shows), count: day.no_shows },
    { key: 'cancelled', value: String(day.cancelled), count: day.cancelled },
    {
      key: 'estimateError',
      value: minutes(day.estimate_mae_minutes, t),
      count: day.estimates_compared,
    },
    {
      key: 'estimateMedianError',
      value: minutes(day.estimate_median_error_minutes, t),
      count: day.estimates_judged,
    },
    {
      key: 'insideRange',
      value: percent(day.estimate_inside_range_share),
      count: day.ranges_judged,
    },
  ];
  return (
    <section aria-labelledby="day-title">
      <h2 id="day-title" className="visually-hidden">
        {t('summary.dayTitle', { date: day.date })}
      </h2>
      <dl className="figures">
        {figures.map((figure) => (
          <div key={figure.key} className="figure">
            <dt>{t(`summary.figures.${figure.key}`)}</dt>
            <dd>{figure.value}</dd>
            <dd className="figure__note">
              {t(`summary.notes.${figure.key}`, { count: figure.count })}
            </dd>
          </div>
        ))}
      </dl>
      {bias !== null && Math.round(bias) !== 0 && (
        <p className="muted">
          {bias > 0
            ? t('summary.biasLonger', { count: Math.round(bias) })
            : t('summary.biasShorter', { count: Math.round(-bias) })}
        </p>
      )}
    </section>
  );
}

/** The day per named barber: whom they served, how long a service took, and how accurate the
 * waits shown to the customers who chose them were (only with enough estimates to say). */
function BarberFigures({ day }: { day: StaffSummary }) {
  const { t } = useTranslation();
  const tooFew = t('summary.barbers.tooFew');
  return (
    <section className="panel" aria-labelledby="barbers-summary-title">
      <h2 id="barbers-summary-title">{t('summary.barbers.title')}</h2>
      <p className="muted">{t('summary.barbers.note', { count: SUMMARY_BARBER_MIN_ESTIMATES })}</p>
      <table className="table" aria-labelledby="barbers-summary-title">
        <thead>
          <tr>
            <th scope="col">{t('summary.barbers.barber')}</th>
            <th scope="col">{t('summary.figures.served')}</th>
            <th scope="col">{t('summary.barbers.medianService')}</th>
            <th scope="col">{t('summary.figures.estimateMedianError')}</th>
            <th scope="col">{t('summary.figures.insideRange')}</th>
          </tr>
        </thead>
        <tbody>
          {day.barbers.map((barber) => {
            const judged = barber.estimates_judged >= SUMMARY_BARBER_MIN_ESTIMATES;
            return (
              <tr key={barber.id}>
                <th scope="row" dir="auto">
                  {barber.first_name}
                </th>
                <td>{barber.served}</td>
                <td>{minutes(barber.median_service_minutes, t)}</td>
                <td>{judged ? minutes(barber.estimate_median_error_minutes, t) : tooFew}</td>
                <td>{judged ? percent(barber.estimate_inside_range_share) : tooFew}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

function WeekTable({ week }: { week: StaffSummary[] }) {
  const { t } = useTranslation();
  return (
    <details className="details">
      <summary>{t('summary.asTable')}</summary>
      <table className="table">
        <thead>
          <tr>
            <th scope="col">{t('summary.date')}</th>
            <th scope="col">{t('summary.figures.served')}</th>
            <th scope="col">{t('summary.figures.meanWait')}</th>
            <th scope="col">{t('summary.figures.p90Wait')}</th>
            <th scope="col">{t('summary.figures.noShows')}</th>
            <th scope="col">{t('summary.figures.estimateError')}</th>
          </tr>
        </thead>
        <tbody>
          {week.map((day) => (
            <tr key={day.date}>
              <th scope="row">{day.date}</th>
              <td>{day.served}</td>
              <td>{minutes(day.mean_wait_minutes, t)}</td>
              <td>{minutes(day.p90_wait_minutes, t)}</td>
              <td>{day.no_shows}</td>
              <td>{minutes(day.estimate_mae_minutes, t)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
