// /operator/accuracy: how honest the shown waits were, per day for the last 14 days, for one
// shop or every shop of a market, as published to customers (nothing below the threshold).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ACCURACY_MIN_ESTIMATES, operatorAccuracySchema, type Market } from '@jono/contract';
import type { OperatorSession } from '../../../lib/operator-session';
import { operatorRequest } from '../api/client';
import { Figure, LineChart } from '../components/charts';
import { ScopePicker } from '../components/scope-picker';

const pct = (v: number | null) => (v === null ? null : Math.round(v * 100));

export function AccuracyRoute() {
  const { t } = useTranslation();
  const session = useOutletContext<OperatorSession>();
  const [market, setMarket] = useState<Market>(session.market);
  const [pobId, setPobId] = useState<number | null>(null);
  const query = useQuery({
    queryKey: ['operator-accuracy', market, pobId],
    queryFn: () =>
      operatorRequest(market, `/operator/accuracy/${pobId ? `?pob_id=${pobId}` : ''}`, {
        schema: operatorAccuracySchema,
      }),
  });
  const data = query.data;
  const labels = data?.per_day.map((d) => d.date.slice(5)) ?? [];
  const s = data?.summary;
  return (
    <div className="page page--wide">
      <h1>{t('operator.accuracy.title')}</h1>
      <p className="muted">{t('operator.accuracy.intro', { count: ACCURACY_MIN_ESTIMATES })}</p>
      <ScopePicker
        session={session}
        market={market}
        pobId={pobId}
        onChange={(m, p) => {
          setMarket(m);
          setPobId(p);
        }}
      />
      {query.isPending && <p role="status">{t('common.loading')}</p>}
      {query.error && (
        <p className="state state--error" role="alert">
          {t('errors.generic')}
        </p>
      )}
      {data && (
        <>
          {s ? (
            <dl className="figures">
              <div>
                <dt>{t('operator.accuracy.insideRange')}</dt>
                <dd>{pct(s.inside_range)} %</dd>
              </div>
              <div>
                <dt>{t('operator.accuracy.medianError')}</dt>
                <dd>{t('common.minutes', { count: s.median_error })}</dd>
              </div>
              <div>
                <dt>{t('operator.accuracy.longerBy10')}</dt>
                <dd>{pct(s.longer_by_10)} %</dd>
              </div>
              <div>
                <dt>{t('operator.accuracy.estimates')}</dt>
                <dd>{s.estimates}</dd>
              </div>
            </dl>
          ) : (
            <p>{t('operator.accuracy.none', { count: ACCURACY_MIN_ESTIMATES })}</p>
          )}
          <Figure
            title={t('operator.accuracy.chartShares')}
            summary={t('operator.accuracy.chartSharesSummary', {
              inside: pct(s?.inside_range ?? null) ?? '–',
              longer: pct(s?.longer_by_10 ?? null) ?? '–',
            })}
          >
            <LineChart
              labels={labels}
              unit=" %"
              max={100}
              summary={t('operator.accuracy.chartSharesSummary', {
                inside: pct(s?.inside_range ?? null) ?? '–',
                longer: pct(s?.longer_by_10 ?? null) ?? '–',
              })}
              tableCaption={t('operator.charts.table')}
              series={[
                {
                  label: t('operator.accuracy.insideRange'),
                  values: data.per_day.map((d) => pct(d.inside_range)),
                },
                {
                  label: t('operator.accuracy.longerBy10'),
                  values: data.per_day.map((d) => pct(d.longer_by_10)),
                  dashed: true,
                },
              ]}
            />
          </Figure>
          <Figure
            title={t('operator.accuracy.medianError')}
            summary={t('operator.accuracy.chartErrorSummary', { minutes: s?.median_error ?? '–' })}
          >
            <LineChart
              labels={labels}
              unit=" min"
              summary={t('operator.accuracy.chartErrorSummary', {
                minutes: s?.median_error ?? '–',
              })}
              tableCaption={t('operator.charts.table')}
              series={[
                {
                  label: t('operator.accuracy.medianError'),
                  values: data.per_day.map((d) => d.median_error),
                },
              ]}
            />
          </Figure>
        </>
      )}
    </div>
  );
}
