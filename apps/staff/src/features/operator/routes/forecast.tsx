// /operator/forecast: how many barbers each hour of the next seven days needs for a one-time
// customer's mean wait to stay under the target the operator sets (Erlang C, members first),
// drawn against the chairs at work a week earlier and, for a shop with named barbers, the barbers
// its rota plans at work; the same hours as CSV.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { TextField } from '@jono/ui';
import { forecastSchema, type Market } from '@jono/contract';
import type { OperatorSession } from '../../../lib/operator-session';
import { useChainShops } from '../api/chain-board';
import { operatorRequest, operatorUrl } from '../api/client';
import { BarChart, Figure } from '../components/charts';
import { ScopePicker } from '../components/scope-picker';

export function ForecastRoute() {
  const { t } = useTranslation();
  const session = useOutletContext<OperatorSession>();
  const { shops } = useChainShops(session);
  const [market, setMarket] = useState<Market>(session.market);
  const [chosen, setChosen] = useState<number | null>(null);
  const [target, setTarget] = useState('15');
  // The shop needing attention most by default.
  const pobId = chosen ?? shops.find((s) => s.market === market)?.id ?? null;
  const targetMinutes = Math.min(240, Math.max(1, Number(target) || 15));
  const query = useQuery({
    queryKey: ['operator-forecast', market, pobId, targetMinutes],
    enabled: pobId !== null,
    queryFn: () =>
      operatorRequest(market, `/operator/forecast/?pob_id=${pobId}&target=${targetMinutes}`, {
        schema: forecastSchema,
      }),
  });
  const download = async () => {
    const res = await fetch(
      operatorUrl(market, `/operator/forecast.csv?pob_id=${pobId}&target=${targetMinutes}`),
      { headers: { Authorization: `Bearer ${session.token}` } },
    );
    if (!res.ok) return;
    const url = URL.createObjectURL(await res.blob());
    const a = document.createElement('a');
    a.href = url;
    a.download = `jono-forecast-${market}-${pobId}.csv`;
    a.click();
    URL.revokeObjectURL(url);
  };
  const f = query.data;
  const peak = f ? Math.max(0, ...f.hours.map((h) => h.needed)) : 0;
  const short = f ? f.hours.filter((h) => h.needed > h.on_duty_last_week).length : 0;
  // A shop with named barbers (issue 30) has a rota to compare with as well.
  const hasRota = f ? f.hours.some((h) => h.rostered != null) : false;
  const shortOfRota = f ? f.hours.filter((h) => h.needed > (h.rostered ?? 0)).length : 0;
  const summary = f
    ? [
        t('operator.forecast.summary', {
          peak,
          short,
          hours: f.hours.length,
          target: targetMinutes,
        }),
        hasRota
          ? t('operator.forecast.summaryRota', { short: shortOfRota, hours: f.hours.length })
          : t('operator.forecast.noRota'),
      ].join(' ')
    : '';
  return (
    <div className="page page--wide">
      <h1>{t('operator.forecast.title')}</h1>
      <p className="muted">{t('operator.forecast.intro')}</p>
      <ScopePicker
        session={session}
        market={market}
        pobId={pobId}
        allowAll={false}
        onChange={(m, p) => {
          setMarket(m);
          setChosen(p);
        }}
      />
      <div className="field-row">
        <TextField
          label={t('operator.forecast.target')}
          type="number"
          inputMode="numeric"
          min={1}
          max={240}
          value={target}
          onChange={(e) => setTarget(e.target.value)}
        />
        <button type="button" className="button" disabled={!f} onClick={() => void download()}>
          {t('operator.forecast.csv')}
        </button>
      </div>
      {query.isPending && pobId !== null && <p role="status">{t('common.loading')}</p>}
      {query.error && (
        <p className="state state--error" role="alert">
          {t('errors.generic')}
        </p>
      )}
      {f && (
        <Figure title={t('operator.forecast.chart')} summary={summary}>
          <p className="muted">
            {t('operator.forecast.method', { weeks: f.weeks, minutes: f.mean_service_minutes })}
          </p>
          <BarChart
            labels={f.hours.map(
              (h) =>
                `${t(`operator.weekdayShort.${h.weekday}`)} ${String(h.hour).padStart(2, '0')}`,
            )}
            every={Math.max(1, Math.round(f.hours.length / 14))}
            summary={summary}
            tableCaption={t('operator.charts.table')}
            series={[
              { label: t('operator.forecast.needed'), values: f.hours.map((h) => h.needed) },
              {
                label: t('operator.forecast.onDuty'),
                values: f.hours.map((h) => h.on_duty_last_week),
                dashed: true,
              },
              ...(hasRota
                ? [
                    {
                      label: t('operator.forecast.rostered'),
                      values: f.hours.map((h) => h.rostered ?? 0),
                    },
                  ]
                : []),
            ]}
          />
        </Figure>
      )}
    </div>
  );
}
