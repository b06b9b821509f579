// The market choice: a compact select (welcome screen) or a list of radios (settings). Always
// reversible: an account of the market left is kept (market-shelf.ts) and a notice says so.
import { useId } from 'react';
import { MARKET_INFO, MARKETS, type Market } from '@jono/contract';
import { localeOfMarket, useLocaleStore, useMarket } from '../../lib/locale-store';
import { changeMarket } from '../../lib/market-shelf';
import { useTranslation } from '../../lib/use-translation';

export function CountryPicker({ variant }: { variant: 'select' | 'list' }) {
  const { t } = useTranslation();
  const id = useId();
  const market = useMarket();
  const choose = (next: Market) =>
    changeMarket(() => useLocaleStore.getState().setLocale(localeOfMarket(next)));
  const name = (m: Market) => t(`countries.${MARKET_INFO[m].country}`);

  if (variant === 'select') {
    return (
      <div className="country-picker">
        <label htmlFor={id} className="country-picker__label">
          {t('market.label')}
        </label>
        <select
          id={id}
          className="country-picker__select"
          value={market}
          onChange={(e) => {
            const next = MARKETS.find((m) => m === e.target.value);
            if (next) choose(next);
          }}
        >
          {MARKETS.map((m) => (
            <option key={m} value={m}>
              {name(m)}
            </option>
          ))}
        </select>
      </div>
    );
  }
  return (
    <fieldset className="language-list">
      <legend>{t('market.label')}</legend>
      {MARKETS.map((m) => (
        <label key={m} className="language-list__option">
          <input
            type="radio"
            name={`${id}-market`}
            value={m}
            checked={market === m}
            onChange={() => choose(m)}
          />
          <span>{name(m)}</span>
        </label>
      ))}
    </fieldset>
  );
}
