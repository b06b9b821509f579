// /operator/accuracy: how honest the shown waits were, per day for the last 14 days, for one
// shop, every shop of a market, or (the chain operator) the whole chain across its markets, as
// published to customers (nothing below the threshold).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  ACCURACY_MIN_ESTIMATES,
  chainAccuracySchema,
  operatorAccuracySchema,
  type ChainAccuracy,
  type Market,
  type OperatorAccuracy,
} from '@jono/contract';
import type { OperatorSession } from '../../../lib/operator-session';
import { operatorRequest } from '../api/client';
import { Figure, LineChart } from '../components/charts';
import { ScopePicker } from '../components/scope-picker';

const pct = (v: number | null) => (v === null ? null : Math.round(v * 100));

type Scope = 'chain' | 'market';

export function AccuracyRoute() {
  const { t } = useTranslation();
  const session = useOutletContext<OperatorSession>();
  const isChain = session.operator.markets.length > 1;
  const [scope, setScope] = useState<Scope>(isChain ? 'chain' : 'market');
  const [market, setMarket] = useState<Market>(session.market);
  const [pobId, setPobId] = useState<number | null>(null);
  const shopQuery = useQuery({
    queryKey: ['operator-accuracy', market, pobId],
    queryFn: () =>
      operatorRequest(market, `/operator/accuracy/${pobId ? `?pob_id=${pobId}` : ''}`, {
        schema: operatorAccuracySchema,
      }),
    enabled: scope === 'market',
  });
  const chainQuery = useQuery({
    queryKey: ['operator-accuracy-chain', session.market],
    queryFn: () =>
      operatorRequest(session.market, '/operator/accuracy/chain/', {
        schema: chainAccuracySchema,
      }),
    enabled: scope === 'chain',
  });
  const query = scope === 'chain' ? chainQuery : shopQuery;
  return (
    <div className="page page--wide">
      <h1>{t('operator.accuracy.title')}</h1>
      <p className="muted">{t('operator.accuracy.intro', { count: ACCURACY_MIN_ESTIMATES })}</p>
      {isChain && (
        <fieldset className="radio-row">
          <legend>{t('operator.accuracy.scope')}</legend>
          {(['chain', 'market'] as const).map((s) => (
            <label key={s}>
              <input
                type="radio"
                name="accuracy-scope"
                checked={scope === s}
                onChange={() => setScope(s)}
              />{' '}
              {t(`operator.accuracy.scopes.${s}`)}
            </label>
          ))}
        </fieldset>
      )}
      {scope === 'market' && (
        <ScopePicker
          session={session}
          market={market}
          pobId={pobId}
          onChange={(m, p) => {
            setMarket(m);
            setPobId(p);
          }}
        />
      )}
      {query.isPending && <p role="status">{t('common.loading')}</p>}
      {query.error && (
        <p className="state state--error" role="alert">
          {t('errors.generic')}
        </p>
      )}
      {scope === 'chain' && chainQuery.data && <ChainAccuracyView data={chainQuery.data} />}
      {scope === 'market' && shopQuery.data && <AccuracyView data={shopQuery.data} />}
    </div>
  );
}

/** The whole chain: the figures and charts, then each market's figures beside. */
function ChainAccuracyView({ data }: { data: ChainAccuracy }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="muted">{t('operator.accuracy.chainNote')}</p>
      <AccuracyView data={data} />
      <table className="table">
        <caption>{t('operator.accuracy.perMarket')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('login.market')}</th>
            <th scope="col">{t('operator.accuracy.insideRange')}</th>
            <th scope="col">{t('operator.accuracy.medianError')}</th>
            <th scope="col">{t('operator.accuracy.longerBy10')}</th>
            <th scope="col">{t('operator.accuracy.estimates')}</th>
          </tr>
        </thead>
        <tbody>
          {data.per_market.map(({ market, summary }) => (
            <tr key={market}>
              <th scope="row">{t(`markets.${market}`)}</th>
              {summary ? (
                <>
                  <td>{pct(summary.inside_range)} %</td>
                  <td>{t('common.minutes', { count: summary.median_error })}</td>
                  <td>{pct(summary.longer_by_10)} %</td>
                  <td>{summary.estimates}</td>
                </>
              ) : (
                <td colSpan={4}>{t('operator.accuracy.notEnough')}</td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

function AccuracyView({ data }: { data: Pick<OperatorAccuracy, 'summary' | 'per_day'> }) {
  const { t } = useTranslation();
  const labels = data.per_day.map((d) => d.date.slice(5));
  const s = data.summary;
  const sharesSummary = t('operator.accuracy.chartSharesSummary', {
    inside: pct(s?.inside_range ?? null) ?? '–',
    longer: pct(s?.longer_by_10 ?? null) ?? '–',
  });
  const errorSummary = t('operator.accuracy.chartErrorSummary', {
    minutes: s?.median_error ?? '–',
  });
  return (
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
      <Figure title={t('operator.accuracy.chartShares')} summary={sharesSummary}>
        <LineChart
          labels={labels}
          unit=" %"
          max={100}
          summary={sharesSummary}
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
      <Figure title={t('operator.accuracy.medianError')} summary={errorSummary}>
        <LineChart
          labels={labels}
          unit=" min"
          summary={errorSummary}
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
  );
}
