// /operator/charts: the last eight weeks of one shop or a whole market in pictures: waits through
// the day, joins by weekday and hour, drop-off by place in line and by shown wait, and service
// durations per service and per barber.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { operatorChartsSchema, type Market } from '@jono/contract';
import type { OperatorSession } from '../../../lib/operator-session';
import { operatorRequest } from '../api/client';
import { BarChart, Figure, Heatmap, LineChart } from '../components/charts';
import { ScopePicker } from '../components/scope-picker';

const share = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 100) : null;
const HOURS = Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0'));

export function ChartsRoute() {
  const { t } = useTranslation();
  const session = useOutletContext<OperatorSession>();
  const [market, setMarket] = useState<Market>(session.market);
  const [pobId, setPobId] = useState<number | null>(null);
  const query = useQuery({
    queryKey: ['operator-charts', market, pobId],
    queryFn: () =>
      operatorRequest(market, `/operator/charts/${pobId ? `?pob_id=${pobId}` : ''}`, {
        schema: operatorChartsSchema,
      }),
  });
  const c = query.data;
  const busiest = c
    ? c.waits_by_hour.reduce((a, b) => ((b.median ?? -1) > (a.median ?? -1) ? b : a))
    : null;
  const dropLabel = (d: { left: number; no_show: number; joined: number }) =>
    share(d.left + d.no_show, d.joined);
  return (
    <div className="page page--wide">
      <h1>{t('operator.charts.title', { weeks: c?.weeks ?? 8 })}</h1>
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
      {c && (
        <>
          <Figure
            title={t('operator.charts.waits')}
            summary={t('operator.charts.waitsSummary', {
              hour: busiest?.hour ?? 0,
              minutes: busiest?.median ?? 0,
            })}
          >
            <LineChart
              labels={HOURS}
              every={2}
              unit=" min"
              summary={t('operator.charts.waitsSummary', {
                hour: busiest?.hour ?? 0,
                minutes: busiest?.median ?? 0,
              })}
              tableCaption={t('operator.charts.table')}
              series={[
                {
                  label: t('operator.charts.median'),
                  values: c.waits_by_hour.map((w) => w.median),
                },
                {
                  label: t('operator.charts.p90'),
                  values: c.waits_by_hour.map((w) => w.p90),
                  dashed: true,
                },
              ]}
            />
          </Figure>
          <Figure
            title={t('operator.charts.heatmap')}
            summary={t('operator.charts.heatmapSummary')}
          >
            <Heatmap
              caption={t('operator.charts.heatmap')}
              rows={[1, 2, 3, 4, 5, 6, 7].map((d) => t(`operator.weekdayShort.${d}`))}
              columns={HOURS}
              values={c.joins_heatmap}
            />
          </Figure>
          <Figure
            title={t('operator.charts.byPlace')}
            summary={t('operator.charts.dropoffSummary')}
          >
            <BarChart
              labels={c.dropoff_by_place.map((d, i, all) =>
                i === all.length - 1 ? `${d.place}+` : String(d.place),
              )}
              unit=" %"
              summary={t('operator.charts.dropoffSummary')}
              tableCaption={t('operator.charts.table')}
              series={[
                { label: t('operator.charts.dropoff'), values: c.dropoff_by_place.map(dropLabel) },
              ]}
            />
          </Figure>
          <Figure
            title={t('operator.charts.byShown')}
            summary={t('operator.charts.dropoffSummary')}
          >
            <BarChart
              labels={c.dropoff_by_shown.map((d) => `${d.from}+ min`)}
              unit=" %"
              summary={t('operator.charts.dropoffSummary')}
              tableCaption={t('operator.charts.table')}
              series={[
                { label: t('operator.charts.dropoff'), values: c.dropoff_by_shown.map(dropLabel) },
              ]}
            />
          </Figure>
          <Figure
            title={t('operator.charts.byService')}
            summary={t('operator.charts.durationsSummary')}
          >
            <BarChart
              labels={c.durations_by_service.map((s) => s.title)}
              unit=" min"
              summary={t('operator.charts.durationsSummary')}
              tableCaption={t('operator.charts.table')}
              series={[
                {
                  label: t('operator.charts.median'),
                  values: c.durations_by_service.map((s) => s.median),
                },
                {
                  label: t('operator.charts.planned'),
                  values: c.durations_by_service.map((s) => s.planned),
                  dashed: true,
                },
              ]}
            />
          </Figure>
          <Figure
            title={t('operator.charts.byBarber')}
            summary={t('operator.charts.durationsSummary')}
          >
            <BarChart
              labels={c.durations_by_barber.map((b) => b.barber)}
              every={Math.max(1, Math.round(c.durations_by_barber.length / 8))}
              unit=" min"
              summary={t('operator.charts.durationsSummary')}
              tableCaption={t('operator.charts.table')}
              series={[
                {
                  label: t('operator.charts.median'),
                  values: c.durations_by_barber.map((b) => b.median),
                },
              ]}
            />
          </Figure>
        </>
      )}
    </div>
  );
}
